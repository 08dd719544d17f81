// The in-memory search index behind the home page's search: it answers the spec's rule
// (case-insensitive substring of the title, the category or the body's plain text, see
// matchArticle in contracts/src/text.ts) with the same previews, without reading every body
// from IndexedDB for every query. Pure: it knows nothing of Dexie (search.ts feeds it).
//
// How a query is answered (search-text.ts splits text into words):
// - Wherever a query occurs, each of its runs of letters and digits lies inside one word of the
//   article, and starts or ends that word when the query has a non-word character there. The
//   index keeps the distinct words of all articles, each with the articles that contain it, and
//   one string of them all ("\nword\nword\n…") that indexOf searches for a run ("\nrun" for a
//   word start, "run\n" for an end) far faster than the text itself. Articles listed under the
//   words found for every selective run are the candidates; nothing else can match.
// - Each candidate is checked only at the places where the rarest run's words occur in its body
//   (the index keeps, per word and article, where the word starts), with startsWith: the first
//   place that holds is exactly indexOf's answer, so hits and previews equal the rule's, without
//   scanning whole texts.
// - A query with no letters or digits, with surrogate code units (whose halves could pair up
//   differently in the text), or whose runs are all in most articles anyway, is checked against
//   every article's lower-cased text with indexOf: a scan, but over text prepared once, in memory.
// Memory per article: the lower-cased text, the positions of its capitals (to cut previews from
// the original), and where each of its words starts: 4 bytes per word of text once trimmed
// (trim() packs the lists into typed arrays; a list is unpacked again only when it grows).
// snapshot() and SearchIndex.restore() turn the whole index into a few flat values and back, so
// it can be kept in IndexedDB and loaded without a rebuild.
import { foldForSearch, matchArticle, type SearchPreview } from '@fw/contracts/text';
import {
  bodyPreview,
  compactText,
  forEachWord,
  runsOf,
  upperBound,
  type CompactText,
  type RunPlace,
} from './search-text.ts';

/** Past this many list entries per article, checking a run's places costs more than scanning the texts. */
const SELECTIVE_ENTRIES_PER_ARTICLE = 8;
/** Removed articles leave dead slots; past this share of all slots the lists are rebuilt. */
const COMPACT_DEAD_SHARE = 0.5;
const COMPACT_MIN_DEAD = 256;
const SURROGATE = /[\uD800-\uDFFF]/;

export interface IndexInput {
  id: string;
  title: string;
  category: string;
  /** Changes whenever the article does (version + updatedAt); a stale stamp means re-read it. */
  stamp: string;
  /** Plain text of the body (NFC, see htmlToText) and foldForSearch of it. */
  text: string;
  textLower: string;
}

/** The index as flat values (structured-clone friendly, typed arrays for the big parts). */
export interface IndexSnapshot {
  ids: string[];
  stamps: string[];
  titles: string[];
  categories: string[];
  textsLower: string[];
  originals: (string | null)[];
  diffAts: (Uint32Array | null)[];
  diffChars: (string | null)[];
  /** "\n" + every word followed by "\n", in word-id order. */
  vocabulary: string;
  /** Every word's list, one after the other, and where each ends. */
  postings: Int32Array;
  listEnds: Uint32Array;
}

/** What verification needs of an article: search.ts passes the summaries it lists. */
export interface Listed {
  _id: string;
  title: string;
  category: string;
}

interface Entry extends CompactText {
  id: string;
  stamp: string;
  title: string;
  category: string;
  slot: number;
  /** Title and category, lower-cased: their words are listed too (without positions). */
  labelsLower: string;
}

/** How a query is checked: candidates carry `slotMark`, and the rarest run decides where to look. */
interface Plan {
  slotMark: number;
  run: string;
  offset: number;
  words: number[];
}

export class SearchIndex {
  private readonly byId = new Map<string, Entry>();
  private slots: (Entry | undefined)[] = [];
  private deadSlots = 0;
  /** Distinct words, and for each the slots of the articles that contain it (ascending). */
  private words: string[] = [];
  /**
   * Per word, the articles that contain it, each as ~slot (a negative number) followed by where
   * the word starts in that article's body, ascending (nothing when only in the title or category).
   */
  private lists: (number[] | Int32Array)[] = [];
  /** Per word: the last slot added to its list (so an article is listed once per word). */
  private lastSlot: number[] = [];
  private readonly wordIds = new Map<string, number>();
  /** "\n" + every word followed by "\n", and where each word starts in it. */
  private vocabulary = '\n';
  private wordStarts: number[] = [];
  private slotMarks = new Uint32Array(0);
  /** Per slot, for the current query: the first match in the body (valid where foundMarks holds it). */
  private foundMarks = new Uint32Array(0);
  private foundAt = new Int32Array(0);
  private generation = 0;
  /** Grows with every change, so callers can tell the index moved. */
  changes = 0;

  get size(): number {
    return this.byId.size;
  }

  get vocabularySize(): number {
    return this.words.length;
  }

  stampOf(id: string): string | undefined {
    return this.byId.get(id)?.stamp;
  }

  /** Title and category of an indexed article, as search() needs them. */
  listing(id: string): Listed | undefined {
    const entry = this.byId.get(id);
    return entry && { _id: entry.id, title: entry.title, category: entry.category };
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  upsert(input: IndexInput): void {
    this.remove(input.id);
    const entry: Entry = {
      ...compactText(input.text, input.textLower),
      id: input.id,
      stamp: input.stamp,
      title: input.title,
      category: input.category,
      slot: this.slots.length,
      labelsLower: labelsOf(input.title, input.category),
    };
    this.slots.push(entry);
    this.byId.set(entry.id, entry);
    this.addPostings(entry);
    this.changes += 1;
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.slots[entry.slot] = undefined;
    this.deadSlots += 1;
    this.changes += 1;
    if (
      this.deadSlots >= COMPACT_MIN_DEAD &&
      this.deadSlots > this.slots.length * COMPACT_DEAD_SHARE
    )
      this.compact();
  }

  /** Packs the lists into typed arrays (4 bytes an entry); worth it after adding many articles. */
  trim(): void {
    this.lists = this.lists.map((list) => (Array.isArray(list) ? Int32Array.from(list) : list));
  }

  /** The whole index as flat values; restore() gives it back. */
  snapshot(): IndexSnapshot {
    if (this.deadSlots > 0) this.compact();
    let total = 0;
    for (const list of this.lists) total += list.length;
    const postings = new Int32Array(total);
    const listEnds = new Uint32Array(this.lists.length);
    let at = 0;
    this.lists.forEach((list, id) => {
      postings.set(list, at);
      at += list.length;
      listEnds[id] = at;
    });
    const live = this.slots as Entry[];
    return {
      ids: live.map((e) => e.id),
      stamps: live.map((e) => e.stamp),
      titles: live.map((e) => e.title),
      categories: live.map((e) => e.category),
      textsLower: live.map((e) => e.textLower),
      originals: live.map((e) => e.text ?? null),
      diffAts: live.map((e) => e.diffAt ?? null),
      diffChars: live.map((e) => e.diffChars ?? null),
      vocabulary: this.vocabulary,
      postings,
      listEnds,
    };
  }

  /** An index equal to the one snapshot() was taken of; its lists stay views of `postings`. */
  static restore(snap: IndexSnapshot): SearchIndex {
    const index = new SearchIndex();
    snap.ids.forEach((id, slot) => {
      const entry: Entry = {
        id,
        stamp: snap.stamps[slot]!,
        title: snap.titles[slot]!,
        category: snap.categories[slot]!,
        slot,
        textLower: snap.textsLower[slot]!,
        labelsLower: labelsOf(snap.titles[slot]!, snap.categories[slot]!),
      };
      const original = snap.originals[slot];
      const diffAt = snap.diffAts[slot];
      const diffChars = snap.diffChars[slot];
      if (original !== null && original !== undefined) entry.text = original;
      if (diffAt && diffChars !== null && diffChars !== undefined) {
        entry.diffAt = diffAt;
        entry.diffChars = diffChars;
      }
      index.slots.push(entry);
      index.byId.set(id, entry);
    });
    index.vocabulary = snap.vocabulary;
    index.words = snap.vocabulary.length > 1 ? snap.vocabulary.slice(1, -1).split('\n') : [];
    let start = 1;
    let from = 0;
    index.words.forEach((word, id) => {
      index.wordIds.set(word, id);
      index.wordStarts.push(start);
      start += word.length + 1;
      const end = snap.listEnds[id]!;
      index.lists.push(snap.postings.subarray(from, end));
      from = end;
      index.lastSlot.push(-1);
    });
    return index;
  }

  /** Drops every article whose id is not in `keep`. */
  retain(keep: Set<string>): void {
    for (const id of [...this.byId.keys()]) if (!keep.has(id)) this.remove(id);
  }

  /**
   * The rule applied to `listed` (in that order, each already indexed): hits with their previews.
   * `needle` is a normalised query (normaliseQuery), not empty.
   */
  search<T extends Listed>(
    needle: string,
    listed: readonly T[],
  ): { article: T; preview: SearchPreview | null }[] {
    const plan = this.plan(needle);
    const found = plan ? this.findInBodies(needle, plan) : 0;
    const hits: { article: T; preview: SearchPreview | null }[] = [];
    for (const article of listed) {
      const entry = this.byId.get(article._id);
      if (plan && entry && this.slotMarks[entry.slot] !== plan.slotMark) continue;
      let at = -1;
      if (entry && !plan) at = entry.textLower.indexOf(needle);
      else if (entry && this.foundMarks[entry.slot] === found) at = this.foundAt[entry.slot]!;
      // Not in the body: the title or the category decide, exactly as the rule does.
      const preview =
        entry && at >= 0
          ? bodyPreview(entry, at, needle)
          : matchArticle(
              { title: article.title, category: article.category, text: '', textLower: '' },
              needle,
            );
      if (preview !== false) hits.push({ article, preview });
    }
    return hits;
  }

  /**
   * For every candidate, textLower.indexOf(needle), found by looking only where the rarest run's
   * words start in it. Returns the mark that flags the slots where it was found (at foundAt).
   */
  private findInBodies(needle: string, plan: Plan): number {
    const mark = this.nextMark();
    const { run, offset, slotMark } = plan;
    for (const id of plan.words) {
      const word = this.words[id]!;
      const inWord: number[] = [];
      for (let at = word.indexOf(run); at >= 0; at = word.indexOf(run, at + 1))
        inWord.push(at - offset);
      // Places only grow along an article's positions, so the first that holds is its first match.
      let text: string | null = null;
      let slot = 0;
      for (const value of this.lists[id]!) {
        if (value < 0) {
          slot = ~value;
          const entry = this.slots[slot];
          const wanted = entry && this.slotMarks[slot] === slotMark;
          text = wanted ? entry.textLower : null;
          continue;
        }
        if (text === null) continue;
        for (const shift of inWord) {
          const at = value + shift;
          if (at >= 0 && text.startsWith(needle, at)) {
            if (this.foundMarks[slot] !== mark || at < this.foundAt[slot]!) {
              this.foundMarks[slot] = mark;
              this.foundAt[slot] = at;
            }
            text = null;
            break;
          }
        }
      }
    }
    return mark;
  }

  private wordId(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.wordIds.set(word, id);
      this.words.push(word);
      this.lists.push([]);
      this.lastSlot.push(-1);
      this.wordStarts.push(this.vocabulary.length);
      this.vocabulary += `${word}\n`;
    }
    return id;
  }

  /** The list of word `id`, unpacked into a plain array if trim() or restore() packed it. */
  private growable(id: number): number[] {
    const list = this.lists[id]!;
    if (Array.isArray(list)) return list;
    const grown = Array.from(list);
    this.lists[id] = grown;
    return grown;
  }

  private list(id: number, slot: number): void {
    if (this.lastSlot[id] !== slot) {
      this.lastSlot[id] = slot;
      this.growable(id).push(~slot);
    }
  }

  private addPostings(entry: Entry): void {
    const text = entry.textLower;
    forEachWord(text, (start, end) => {
      const id = this.wordId(text.slice(start, end));
      this.list(id, entry.slot);
      this.growable(id).push(start);
    });
    const labels = entry.labelsLower;
    forEachWord(labels, (start, end) =>
      this.list(this.wordId(labels.slice(start, end)), entry.slot),
    );
  }

  /** Renumbers the live articles and rebuilds the word lists without the dead slots. */
  private compact(): void {
    const live = this.slots.filter((e): e is Entry => e !== undefined);
    this.slots = live;
    this.deadSlots = 0;
    this.words = [];
    this.lists = [];
    this.lastSlot = [];
    this.wordIds.clear();
    this.vocabulary = '\n';
    this.wordStarts = [];
    live.forEach((entry, slot) => {
      entry.slot = slot;
      this.addPostings(entry);
    });
  }

  /** The ids of the words where `run` sits as `place` says. */
  private wordsWith(run: string, place: RunPlace): number[] {
    if (place === 'whole') {
      const id = this.wordIds.get(run);
      return id === undefined ? [] : [id];
    }
    const pattern = place === 'start' ? `\n${run}` : place === 'end' ? `${run}\n` : run;
    const lead = place === 'start' ? 1 : 0;
    const count = this.words.length;
    const found: number[] = [];
    let from = 0;
    for (;;) {
      const at = this.vocabulary.indexOf(pattern, from);
      if (at < 0) break;
      const id = upperBound(this.wordStarts, count, at + lead) - 1;
      found.push(id);
      if (id + 1 >= count) break;
      // Go on from the next word (a word is listed once, however often the run is in it).
      from = this.wordStarts[id + 1]! - lead;
    }
    return found;
  }

  private nextMark(): number {
    return ++this.generation;
  }

  /** Marks the candidates and picks the rarest run; null means "check every article". */
  private plan(needle: string): Plan | null {
    if (SURROGATE.test(needle)) return null;
    const limit = this.byId.size * SELECTIVE_ENTRIES_PER_ARTICLE;
    const runs = runsOf(needle)
      .map((run) => {
        const words = this.wordsWith(run.run, run.place);
        let total = 0;
        for (const id of words) total += this.lists[id]!.length;
        return { ...run, words, total };
      })
      .filter((r) => r.total <= limit)
      .sort((a, b) => a.total - b.total);
    const rarest = runs[0];
    if (!rarest) return null;

    if (this.slotMarks.length < this.slots.length) {
      this.slotMarks = new Uint32Array(this.slots.length * 2);
      this.foundMarks = new Uint32Array(this.slots.length * 2);
      this.foundAt = new Int32Array(this.slots.length * 2);
    }
    if (this.generation > 0xffffffff - runs.length - 2) {
      this.slotMarks.fill(0);
      this.foundMarks.fill(0);
      this.generation = 0;
    }
    // The rarest run marks its articles; each further run keeps only those it lists too.
    let slotMark = 0;
    for (const { words } of runs) {
      const previous = slotMark;
      slotMark = this.nextMark();
      for (const id of words) {
        for (const value of this.lists[id]!) {
          if (value >= 0) continue;
          const slot = ~value;
          if (previous === 0 || this.slotMarks[slot] === previous) this.slotMarks[slot] = slotMark;
        }
      }
    }
    return { slotMark, run: rarest.run, offset: rarest.offset, words: rarest.words };
  }
}

function labelsOf(title: string, category: string): string {
  return `${foldForSearch(title)}\n${foldForSearch(category)}`;
}
