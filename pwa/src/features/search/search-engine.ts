// The owner of the search index: it keeps the index (search-index.ts) in step with the device's
// articles in IndexedDB, keeps a copy of it there so a reload does not rebuild it, and answers
// queries. It runs in the search worker (search.worker.ts), never on the page's thread; unit
// tests run it in-process. Work is done one task at a time, in arrival order.
//
// How it stays in step:
// - at start: the saved copy is loaded without the texts kept in its file (saved-index.ts): a
//   first query reads only the texts it needs (its candidates', or its shown hits'), then the
//   rest is read in batches between queries; the copy is then compared with the stored
//   articles' stamps; only articles added or changed since are read and indexed, removed ones
//   dropped (every text is read before the index changes);
// - during a sync: the page writer announces each page's changed and removed ids (see
//   sync/article-changes.ts) and only those are read;
// - at each query: the page's list of ids and stamps is checked against the index (cheap when
//   nothing changed), so an answer is never staler than the list the page shows.
import { foldForSearch, htmlToText, type SearchPreview } from '@fw/contracts/text';
import { db } from '../../db/db.ts';
import { openIndex, saveIndex } from './saved-index.ts';
import { SearchIndex, type Listed } from './search-index.ts';
import { stampOf } from './search-protocol.ts';
import { originFiles, type FileStore, type TextReader } from './text-file.ts';
import { ArticleCitations, citationPreview, referenceQuery } from './reference-search.ts';
import { DeviceSearch, type DeviceAnswer } from './device-search.ts';

/** Articles read from IndexedDB at once while indexing: bounds the memory held at once. */
const READ_BATCH = 200;
/** The saved copy is rewritten once no change came for this long (a sync comes in bursts). */
const SAVE_AFTER_QUIET_MS = 2_000;
/** Saved texts read per task in the background: a query waits for one batch at most. */
const TEXTS_PER_TASK = 500;
/** Saved word lists read per task in the background (of ~48,000 at 10,000 articles). */
const LISTS_PER_TASK = 8_000;
/** A query needing more unread texts than this reads them all (one read beats thousands). */
const TEXTS_READ_APART = 1_000;
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

type KeptList = Omit<ListRef, 'key' | 'ids'> & {
  ids: string[];
  labels?: Map<string, Listed>;
  /** The ids' slots in the index as it was at `changes` (see slotsIn). */
  slots?: { index: SearchIndex; changes: number; slots: Int32Array };
};

/**
 * A search's answer: every hit, as its position in the listed ids (in list order), and the
 * previews of the first `previews` of them (the rest are built when the page shows them).
 * `hits` is a typed array of its own buffer, moved to the page rather than copied: a common word
 * is in thousands of articles (search-protocol.ts, transferablesOf).
 */
export interface EngineAnswer {
  hits: Int32Array;
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
  /** The saved file's texts the index has not read yet, or null when it has them all. */
  private texts: TextReader | null = null;
  private closed = false;
  private readonly citations = new ArticleCitations();
  private readonly device = new DeviceSearch();

  constructor(
    private readonly saveAfterMs = SAVE_AFTER_QUIET_MS,
    private readonly files: FileStore | null = originFiles(),
  ) {}

  /**
   * Loads the saved copy, then catches up with the stored articles. Idempotent. A query that
   * arrives meanwhile runs right after the load: it checks the articles it is about itself.
   */
  start(): Promise<void> {
    if (!this.started) {
      this.started = this.run(() => this.load());
      void this.started.then(async () => {
        // In batches, each its own task: a query waits for one batch, not for every list or text.
        while (this.index.listsPending > 0 && this.texts)
          await this.run(() => this.readLists(this.index.someUnreadLists(LISTS_PER_TASK)));
        while (this.index.textsPending > 0 && this.texts)
          await this.run(() => this.readTexts(this.index.somePending(TEXTS_PER_TASK)));
        await this.run(() => this.catchUpWithDb());
        // Then the Bible's word index, if kept: the first Bible search after a reload is a lookup.
        await this.device.warm().catch((error: unknown) => console.warn('[search] the Bible word index was not read', error));
      });
    }
    return this.started;
  }

  /** A sync stored `changed` and deleted `removed`. */
  articlesChanged(changed: string[], removed: string[]): Promise<void> {
    return this.run(async () => {
      await this.readAllTexts();
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
    const listedList = this.remember(listed);
    const whole = this.remember(all);
    void this.start();
    return this.run(async () => {
      // Twice at most: a saved file gone while its texts were read drops the index, and the
      // second catch-up rebuilds it from the stored articles (with every text).
      for (;;) {
        await this.catchUpWithList(all.key, whole.ids, whole.stamps ?? []);
        const index = this.index;
        const ids = listedList.ids;
        const slots = slotsIn(listedList, index);
        const labelAt = (at: number): Listed => index.listing(ids[at]!) ?? labelOf(whole, ids[at]!);
        // The word lists of the query's own words, then the texts its candidates need.
        await this.readLists(index.listsToRead(needle));
        if (this.index !== index) continue;
        if (index.textsPending > 0) {
          const needed = index.textsToVerifyAt(needle, slots);
          if (needed === null || needed.length > TEXTS_READ_APART) await this.readAllTexts();
          else await this.readTexts(needed);
        }
        if (this.index !== index) continue;
        const textHits = index.matchingAt(needle, slots, labelAt);
        // A reference ("John 3:16") also finds the articles citing it (reference-search.ts).
        const ranges = await referenceQuery(needle);
        const found = new Set(ranges ? textHits : []);
        let hits = textHits;
        if (ranges) {
          const cited: number[] = [];
          for (let at = 0; at < ids.length; at++)
            if (found.has(at) || (await this.citations.cites(ids[at]!, ranges))) cited.push(at);
          hits = Int32Array.from(cited);
        }
        const shown = Array.from(hits.subarray(0, previews), (at) => ({ ...labelAt(at), at }));
        await this.readTexts(index.pendingSlots(shown));
        if (this.index !== index) continue;
        return {
          hits,
          previews: await Promise.all(
            shown.map(async (hit) =>
              !ranges || found.has(hit.at) ? index.preview(needle, hit) : citationPreview(hit._id, ranges),
            ),
          ),
        };
      }
    });
  }

  /**
   * Previews of hits of `needle` the page is about to show (from an earlier search's answer);
   * `wanted` carries the title and category of articles the index does not hold.
   */
  previews(needle: string, wanted: Listed[]): Promise<(SearchPreview | null)[]> {
    void this.start();
    return this.run(async () => {
      const index = this.index;
      await this.readTexts(index.pendingSlots(wanted));
      if (this.index !== index) await this.catchUpWithDb();
      const ranges = await referenceQuery(needle);
      return Promise.all(
        wanted.map(async (article) => {
          const preview = this.index.preview(needle, this.index.listing(article._id) ?? article);
          return preview === null && ranges ? ((await citationPreview(article._id, ranges)) ?? null) : preview;
        }),
      );
    });
  }

  /**
   * The passage a reference query names, the lessons and the Bible verses matching `needle`
   * (device-search.ts): they need no index of the articles, so they do not wait for it.
   */
  searchDevice(needle: string, verses: number): Promise<DeviceAnswer> {
    return this.device.search(needle, verses);
  }

  /** How many Bible verses contain `needle`, when searchDevice's answer had no count yet. */
  countVerses(needle: string): Promise<number> {
    return this.device.countVerses(needle);
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
      const saved = await openIndex(this.files);
      if (!saved) return;
      this.index = SearchIndex.restore(saved.snap);
      this.texts = saved.texts;
      this.savedChanges = this.index.changes;
    } catch (error) {
      this.dropSaved(error);
    }
  }

  private dropSaved(error: unknown): void {
    console.warn('[search] saved index unreadable, rebuilding', error);
    this.index = new SearchIndex();
    this.texts = null;
  }

  /**
   * Gives the index the saved texts of `slots`. A file gone meanwhile (another tab saved a newer
   * copy) drops the index: the caller's catch-up, or the next query's, rebuilds it.
   */
  private async readTexts(slots: number[]): Promise<void> {
    if (slots.length === 0 || !this.texts) return;
    try {
      const read = await this.texts.read(slots);
      for (const [slot, text] of read) this.index.setText(slot, text);
      if (this.index.textsPending === 0 && this.index.listsPending === 0) this.texts = null;
    } catch (error) {
      this.dropSaved(error);
      this.checked = { key: -1, changes: -1 };
    }
  }

  /** Gives the index the saved word lists of words `ids` (a file gone: as readTexts). */
  private async readLists(ids: number[]): Promise<void> {
    if (ids.length === 0 || !this.texts) return;
    try {
      const lists = await this.texts.lists(ids.map((id) => this.index.listRange(id)));
      ids.forEach((id, n) => this.index.setList(id, lists[n]!));
      if (this.index.textsPending === 0 && this.index.listsPending === 0) this.texts = null;
    } catch (error) {
      this.dropSaved(error);
      this.checked = { key: -1, changes: -1 };
    }
  }

  /**
   * Before the index changes: it needs every word list and text (a change may renumber, a save
   * writes all).
   */
  private async readAllTexts(): Promise<void> {
    if (this.index.listsPending > 0) await this.readLists(this.index.someUnreadLists(Infinity));
    if (this.index.textsPending > 0) await this.readTexts(this.index.somePending(Infinity));
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
    let stale = ids.filter((id, n) => this.index.stampOf(id) !== stamps[n]);
    if (stale.length > 0 || this.index.size > ids.length) {
      await this.readAllTexts();
      // A dropped index (its file gone): everything is stale.
      stale = ids.filter((id, n) => this.index.stampOf(id) !== stamps[n]);
    }
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
          this.citations.remove(id);
          return;
        }
        this.citations.set(id, summary.scripture);
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
    await this.readAllTexts();
    const changes = this.index.changes;
    await saveIndex(this.index.snapshot(), undefined, this.files);
    // Packing every list costs a pass over all of them: once things are quiet, not per sync page
    // (a list a later change touches is unpacked again, so packing per page would copy them all
    // each time: quadratic over a first sync).
    this.index.trim();
    this.savedChanges = changes;
  }
}

/** The slots of a kept list's ids in `index`, worked out again only when the index changed. */
function slotsIn(list: KeptList, index: SearchIndex): Int32Array {
  const kept = list.slots;
  if (kept?.index === index && kept.changes === index.changes) return kept.slots;
  const slots = index.slotsOf(list.ids);
  list.slots = { index, changes: index.changes, slots };
  return slots;
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
