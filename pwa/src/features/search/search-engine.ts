// The owner of the search index: it keeps the index (search-index.ts) in step with the device's
// articles in IndexedDB, keeps a copy of it there so a reload does not rebuild it, and answers
// queries. It runs in the search worker (search.worker.ts), never on the page's thread; unit
// tests run it in-process. Work is done one task at a time, in arrival order.
//
// How it stays in step:
// - at start: the saved copy is loaded, then compared with the stored articles' stamps; only
//   articles added or changed since are read and indexed, removed ones dropped;
// - during a sync: the page writer announces each page's changed and removed ids (see
//   sync/article-changes.ts) and only those are read;
// - at each query: the page's list of ids and stamps is checked against the index (cheap when
//   nothing changed), so an answer is never staler than the list the page shows.
import { foldForSearch, htmlToText, type SearchPreview } from '@fw/contracts/text';
import { db } from '../../db/db.ts';
import { loadIndex, saveIndex } from './saved-index.ts';
import { SearchIndex, type Listed } from './search-index.ts';
import { stampOf } from './search-protocol.ts';

/** Articles read from IndexedDB at once while indexing: bounds the memory held at once. */
const READ_BATCH = 200;
/** The saved copy is rewritten once no change came for this long (a sync comes in bursts). */
export const SAVE_AFTER_QUIET_MS = 2_000;
/** Lists of ids the page sent that are kept for later queries (the page reuses a few). */
const KEPT_LISTS = 4;

/**
 * A list of articles the page shows, by key; its ids the first time (and for the whole list
 * stamps, titles and categories: the page may show cards not stored yet, see use-articles.ts).
 */
export interface ListRef {
  key: number;
  ids?: string[];
  stamps?: string[];
  titles?: string[];
  categories?: string[];
}

type KeptList = Omit<ListRef, 'key' | 'ids'> & { ids: string[]; labels?: Map<string, Listed> };

/**
 * A search's answer: every hit, as its position in the listed ids (in list order), and the
 * previews of the first `previews` of them (the rest are built when the page shows them).
 */
export interface EngineAnswer {
  hits: number[];
  previews: (SearchPreview | null)[];
}

export class SearchEngine {
  private index = new SearchIndex();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly lists = new Map<number, KeptList>();
  /** The whole-list key and index.changes when the index was last checked against that list. */
  private checked = { key: -1, changes: -1 };
  private savedChanges = 0;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private started: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly saveAfterMs = SAVE_AFTER_QUIET_MS) {}

  /**
   * Loads the saved copy, then catches up with the stored articles. Idempotent. A query that
   * arrives meanwhile runs right after the load: it checks the articles it is about itself.
   */
  start(): Promise<void> {
    if (!this.started) {
      this.started = this.run(() => this.load());
      void this.started.then(() => this.run(() => this.catchUpWithDb()));
    }
    return this.started;
  }

  /** A sync stored `changed` and deleted `removed`. */
  articlesChanged(changed: string[], removed: string[]): Promise<void> {
    return this.run(async () => {
      for (const id of removed) this.index.remove(id);
      await this.reindex(changed);
      this.scheduleSave();
    });
  }

  /** The hits among `listed` (in its order) for `needle` (normaliseQuery's output, not empty). */
  async search(
    needle: string,
    listed: ListRef,
    all: ListRef,
    previews = Number.POSITIVE_INFINITY,
  ): Promise<EngineAnswer> {
    const listedIds = this.remember(listed).ids;
    const whole = this.remember(all);
    void this.start();
    return this.run(async () => {
      await this.catchUpWithList(all.key, whole.ids, whole.stamps ?? []);
      const items = listedIds.map((id, at): Listed & { at: number } => ({
        ...(this.index.listing(id) ?? labelOf(whole, id)),
        at,
      }));
      const hits = this.index.matching(needle, items);
      return {
        hits: hits.map((hit) => hit.at),
        previews: hits.slice(0, previews).map((hit) => this.index.preview(needle, hit)),
      };
    });
  }

  /**
   * Previews of hits of `needle` the page is about to show (from an earlier search's answer);
   * `wanted` carries the title and category of articles the index does not hold.
   */
  previews(needle: string, wanted: Listed[]): Promise<(SearchPreview | null)[]> {
    void this.start();
    return this.run(async () =>
      wanted.map((article) => this.index.preview(needle, this.index.listing(article._id) ?? article)),
    );
  }

  /** Writes the saved copy now if the index changed since the last one (tests, benchmark). */
  flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    return this.run(() => this.save());
  }

  /** Stops saving (a test's engine outlives its database's contents). */
  close(): void {
    this.closed = true;
    clearTimeout(this.saveTimer);
  }

  stats(): Promise<{ articles: number; words: number }> {
    return this.run(async () => ({ articles: this.index.size, words: this.index.vocabularySize }));
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.catch(() => undefined).then(task);
    this.queue = next;
    return next;
  }

  private remember(ref: ListRef): KeptList {
    if (ref.ids) {
      const { ids, stamps, titles, categories } = ref;
      this.lists.set(ref.key, { ids, stamps, titles, categories });
      if (this.lists.size > KEPT_LISTS) this.lists.delete(this.lists.keys().next().value!);
    }
    const list = this.lists.get(ref.key);
    if (!list) throw new Error(`search: list ${ref.key} was never sent`);
    // Most recently used last, so the lists in use are never the ones dropped.
    this.lists.delete(ref.key);
    this.lists.set(ref.key, list);
    return list;
  }

  /** A saved copy that cannot be read is dropped: catching up then rebuilds the index. */
  private async load(): Promise<void> {
    try {
      const saved = await loadIndex();
      if (!saved) return;
      this.index = SearchIndex.restore(saved);
      this.savedChanges = this.index.changes;
    } catch (error) {
      console.warn('[search] saved index unreadable, rebuilding', error);
      this.index = new SearchIndex();
    }
  }

  private async catchUpWithDb(): Promise<void> {
    const stored = await db.articles.toArray();
    await this.catchUp(
      stored.map((a) => a._id),
      stored.map(stampOf),
    );
  }

  private async catchUpWithList(key: number, ids: string[], stamps: string[]): Promise<void> {
    if (this.checked.key === key && this.checked.changes === this.index.changes) return;
    await this.catchUp(ids, stamps);
    this.checked = { key, changes: this.index.changes };
  }

  /** Makes the index hold exactly `ids` at `stamps`, reading only what differs. */
  private async catchUp(ids: string[], stamps: string[]): Promise<void> {
    const stale = ids.filter((id, n) => this.index.stampOf(id) !== stamps[n]);
    await this.reindex(stale);
    if (this.index.size > ids.length) this.index.retain(new Set(ids));
    if (this.index.changes !== this.savedChanges) this.scheduleSave();
  }

  /** Reads `ids` from IndexedDB and (re)indexes them; ids no longer stored are dropped. */
  private async reindex(ids: string[]): Promise<void> {
    for (let from = 0; from < ids.length; from += READ_BATCH) {
      const batch = ids.slice(from, from + READ_BATCH);
      const [summaries, bodies] = await Promise.all([
        db.articles.bulkGet(batch),
        db.bodies.bulkGet(batch),
      ]);
      batch.forEach((id, n) => {
        const summary = summaries[n];
        if (!summary) {
          this.index.remove(id);
          return;
        }
        const text = htmlToText(bodies[n]?.content ?? '');
        this.index.upsert({
          id,
          stamp: stampOf(summary),
          title: summary.title,
          category: summary.category,
          text,
          textLower: foldForSearch(text),
        });
      });
    }
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    if (this.closed) return;
    this.saveTimer = setTimeout(() => void this.run(() => this.save()), this.saveAfterMs);
  }

  private async save(): Promise<void> {
    if (this.closed || this.index.changes === this.savedChanges) return;
    const changes = this.index.changes;
    await saveIndex(this.index.snapshot());
    // Packing every list costs a pass over all of them: once things are quiet, not per sync page
    // (a list a later change touches is unpacked again, so packing per page would copy them all
    // each time: quadratic over a first sync).
    this.index.trim();
    this.savedChanges = changes;
  }
}

/** Title and category of an article the page lists but the index does not hold (not stored). */
function labelOf(list: KeptList, id: string): Listed {
  if (!list.labels) {
    list.labels = new Map();
    list.ids.forEach((listed, n) =>
      list.labels!.set(listed, {
        _id: listed,
        title: list.titles?.[n] ?? '',
        category: list.categories?.[n] ?? '',
      }),
    );
  }
  return list.labels.get(id) ?? { _id: id, title: '', category: '' };
}
