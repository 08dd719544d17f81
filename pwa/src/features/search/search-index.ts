// The in-memory search index behind the home page's search: it answers the spec's rule
// (case-insensitive substring of the title, the category or the body's plain text, see
// matchArticle in contracts/src/text.ts) with the same previews, without reading every body
// from IndexedDB for every query. Pure: it knows nothing of Dexie (search-engine.ts feeds it).
//
// How a query is answered (search-text.ts splits text into words):
// - Wherever a query occurs, each of its runs of letters and digits lies inside one word of the
//   article, and starts or ends that word when the query has a non-word character there. The
//   index keeps the distinct words of all articles in one string ("\nword\nword\n…") that
//   indexOf searches for a run ("\nrun" for a word start, "run\n" for an end) far faster than the
//   texts, and per word the articles that contain it. Articles listed under the words found for
//   every selective run are the candidates; nothing else can match.
// - Each candidate's text is then searched with indexOf (bodyIndexOf): its answer is the rule's,
//   so hits and previews equal the rule's. A query with no letters or digits, with surrogate code
//   units (whose halves could pair up differently in the text), or whose runs are all in most
//   articles anyway, is searched for in every article's text: a scan, but over text prepared once.
// Memory per article: its text at about one byte per character (search-text.ts, CompactText),
// and 4 bytes per distinct word of it once packed (trim()). The word lists hold articles, not
// places: places would cost 4 bytes per word of text, as much as the text itself.
// snapshot() and SearchIndex.restore() turn the whole index into a few flat values and back, so
// it can be kept in IndexedDB and loaded without a rebuild; restoring makes nothing per word.
// A restored index may lack some texts (the saved file's, see saved-index.ts): a query made of
// one run of letters and digits is answered from the word lists alone, texts read or not (an
// article listed under a word containing the run contains the query); other queries need their candidates'
// texts first (textsToVerify), and previews the hits' (pendingSlots). Changes need every text.
import { foldForSearch, matchArticle, type SearchPreview } from '@fw/contracts/text';
import {
  bodyIndexOf,
  bodyPreview,
  bodyQuery,
  compactText,
  forEachWord,
  lowerText,
  runsOf,
  upperBound,
  type CompactText,
  type RunPlace,
} from './search-text.ts';

/** Past this many list entries per article, marking a run's candidates costs more than scanning the texts. */
const SELECTIVE_ENTRIES_PER_ARTICLE = 16;
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
  /** Per article, the fields of its CompactText (null where absent). */
  bases: string[];
  lowerAts: (Uint32Array | null)[];
  lowerChars: (string | null)[];
  originals: (string | null)[];
  diffAts: (Uint32Array | null)[];
  diffChars: (string | null)[];
  /** "\n" + every word followed by "\n", in word-id order, and where each word starts in it. */
  vocabulary: string;
  wordStarts: Uint32Array;
  /** Every word's list of article slots, one after the other, and where each ends. */
  postings: Int32Array;
  listEnds: Uint32Array;
}

/** A snapshot whose null `bases` are texts not read yet (setText gives them). */
export type PartialSnapshot = Omit<IndexSnapshot, 'bases'> & { bases: (string | null)[] };

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
  /** Its text is not read yet (`base` is empty). */
  pending?: true;
}

/** How a query is checked: candidates carry `slotMark`; `exact`: every candidate is a hit. */
interface Plan {
  slotMark: number;
  exact: boolean;
}

export class SearchIndex {
  private readonly byId = new Map<string, Entry>();
  private slots: (Entry | undefined)[] = [];
  private deadSlots = 0;
  /** "\n" + every word followed by "\n"; wordStarts[id] is where word `id` starts in it. */
  private vocabulary = '\n';
  private wordStarts: Uint32Array = new Uint32Array(1024);
  private wordCount = 0;
  /**
   * Word lists (ascending slots of the articles that contain the word): words below packedCount
   * as slices of `packed`, unless a change unpacked them into `grown` (which also holds new words).
   */
  private packed: Int32Array = new Int32Array(0);
  private packedEnds: Uint32Array = new Uint32Array(0);
  private packedCount = 0;
  private readonly grown = new Map<number, number[]>();
  /** Word -> id, made when a change first needs it (a restored index answers queries without). */
  private wordIds: Map<string, number> | null = new Map();
  private slotMarks = new Uint32Array(0);
  private generation = 0;
  /** Articles whose text is not read yet. */
  private unloaded = 0;
  /** Grows with every change, so callers can tell the index moved. */
  changes = 0;

  get size(): number {
    return this.byId.size;
  }

  get vocabularySize(): number {
    return this.wordCount;
  }

  /** How many articles' texts are not read yet (restored from a PartialSnapshot). */
  get textsPending(): number {
    return this.unloaded;
  }

  /** The slots of `listed` whose text is not read yet. */
  pendingSlots(listed: readonly Listed[]): number[] {
    if (this.unloaded === 0) return [];
    return listed.flatMap((article) => {
      const entry = this.byId.get(article._id);
      return entry?.pending ? [entry.slot] : [];
    });
  }

  /** Up to `limit` slots whose text is not read yet, lowest first. */
  somePending(limit: number): number[] {
    const found: number[] = [];
    for (let slot = 0; slot < this.slots.length && found.length < limit; slot++)
      if (this.slots[slot]?.pending) found.push(slot);
    return found;
  }

  /** Gives a restored article its text (the `bases` entry its snapshot had). */
  setText(slot: number, base: string): void {
    const entry = this.slots[slot];
    if (!entry?.pending) return;
    entry.base = base;
    delete entry.pending;
    this.unloaded -= 1;
  }

  /**
   * Which listed articles' texts a query needs before matching() can answer it: their slots
   * (none when the word lists decide), or null for every article's.
   */
  textsToVerify(needle: string, listed: readonly Listed[]): number[] | null {
    if (this.unloaded === 0) return [];
    const plan = this.plan(needle);
    if (!plan) return null;
    if (plan.exact) return [];
    return listed.flatMap((article) => {
      const entry = this.byId.get(article._id);
      return entry?.pending && this.slotMarks[entry.slot] === plan.slotMark ? [entry.slot] : [];
    });
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
    };
    this.slots.push(entry);
    this.byId.set(entry.id, entry);
    this.addPostings(entry, input.textLower);
    this.changes += 1;
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    if (entry.pending) this.unloaded -= 1;
    this.slots[entry.slot] = undefined;
    this.deadSlots += 1;
    this.changes += 1;
    if (
      this.deadSlots >= COMPACT_MIN_DEAD &&
      this.deadSlots > this.slots.length * COMPACT_DEAD_SHARE
    )
      this.compact();
  }

  /**
   * Packs every list into one typed array (4 bytes an entry) and lets go of the word map (made
   * again by the next change); worth it once many articles were added.
   */
  trim(): void {
    this.wordIds = null;
    if (this.grown.size === 0 && this.packedCount === this.wordCount) return;
    let total = 0;
    for (let id = 0; id < this.wordCount; id++) total += this.listLength(id);
    const packed = new Int32Array(total);
    const ends = new Uint32Array(this.wordCount);
    let at = 0;
    for (let id = 0; id < this.wordCount; id++) {
      const grown = this.grown.get(id);
      if (grown) packed.set(grown, at);
      else packed.set(this.packed.subarray(this.listStart(id), this.packedEnds[id]), at);
      at += this.listLength(id);
      ends[id] = at;
    }
    this.packed = packed;
    this.packedEnds = ends;
    this.packedCount = this.wordCount;
    this.grown.clear();
  }

  /** The whole index as flat values; restore() gives it back. */
  snapshot(): IndexSnapshot {
    this.needTexts();
    if (this.deadSlots > 0) this.compact();
    this.trim();
    const live = this.slots as Entry[];
    return {
      ids: live.map((e) => e.id),
      stamps: live.map((e) => e.stamp),
      titles: live.map((e) => e.title),
      categories: live.map((e) => e.category),
      bases: live.map((e) => e.base),
      lowerAts: live.map((e) => e.lowerAt ?? null),
      lowerChars: live.map((e) => e.lowerChars ?? null),
      originals: live.map((e) => e.text ?? null),
      diffAts: live.map((e) => e.diffAt ?? null),
      diffChars: live.map((e) => e.diffChars ?? null),
      vocabulary: this.vocabulary,
      wordStarts: this.wordStarts.slice(0, this.wordCount),
      postings: this.packed,
      listEnds: this.packedEnds,
    };
  }

  /** An index equal to the one snapshot() was taken of; it keeps the snapshot's arrays. */
  static restore(snap: PartialSnapshot): SearchIndex {
    const index = new SearchIndex();
    snap.ids.forEach((id, slot) => {
      const entry: Entry = {
        id,
        stamp: snap.stamps[slot]!,
        title: snap.titles[slot]!,
        category: snap.categories[slot]!,
        slot,
        base: snap.bases[slot] ?? '',
      };
      if (snap.bases[slot] === null) {
        entry.pending = true;
        index.unloaded += 1;
      }
      const lowerAt = snap.lowerAts[slot];
      const lowerChars = snap.lowerChars[slot];
      if (lowerAt && typeof lowerChars === 'string') {
        entry.lowerAt = lowerAt;
        entry.lowerChars = lowerChars;
      }
      const original = snap.originals[slot];
      const diffAt = snap.diffAts[slot];
      const diffChars = snap.diffChars[slot];
      if (typeof original === 'string') entry.text = original;
      if (diffAt && typeof diffChars === 'string') {
        entry.diffAt = diffAt;
        entry.diffChars = diffChars;
      }
      index.slots.push(entry);
      index.byId.set(id, entry);
    });
    index.vocabulary = snap.vocabulary;
    index.wordCount = snap.listEnds.length;
    index.wordStarts = snap.wordStarts;
    index.packed = snap.postings;
    index.packedEnds = snap.listEnds;
    index.packedCount = index.wordCount;
    index.wordIds = null;
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
    return this.matching(needle, listed).map((article) => ({
      article,
      preview: this.preview(needle, article),
    }));
  }

  /**
   * The hits among `listed` (in that order), without their previews: the page shows a screenful
   * of them at a time and asks for those previews only (preview()).
   */
  matching<T extends Listed>(needle: string, listed: readonly T[]): T[] {
    const plan = this.plan(needle);
    const query = bodyQuery(needle);
    const hits: T[] = [];
    for (const article of listed) {
      const entry = this.byId.get(article._id);
      if (plan && entry && this.slotMarks[entry.slot] !== plan.slotMark) continue;
      if (entry && plan?.exact) {
        // Listed under a word containing the query: a hit, its text unread (the word lists
        // of a common word cost less than reading every text that has it).
        hits.push(article);
      } else if (entry?.pending) {
        throw new Error('search: an article was checked before its text was read');
      } else if (
        (entry && bodyIndexOf(entry, query) >= 0) ||
        labelsMatch(article, needle) !== false
      )
        hits.push(article);
    }
    return hits;
  }

  /** The preview of a hit of `needle` (from matching()): the body's first match, else null. */
  preview(needle: string, article: Listed): SearchPreview | null {
    const entry = this.byId.get(article._id);
    if (entry?.pending) throw new Error('search: a preview was asked for before its text was read');
    const at = entry ? bodyIndexOf(entry, bodyQuery(needle)) : -1;
    // Not in the body: the title or the category decide, exactly as the rule does.
    if (entry && at >= 0) return bodyPreview(entry, at, needle);
    return labelsMatch(article, needle) || null;
  }

  private listStart(id: number): number {
    return id === 0 ? 0 : this.packedEnds[id - 1]!;
  }

  private listLength(id: number): number {
    const grown = this.grown.get(id);
    if (grown) return grown.length;
    return id < this.packedCount ? this.packedEnds[id]! - this.listStart(id) : 0;
  }

  /** Calls `onSlot` for each slot listed under word `id`. */
  private forEachSlot(id: number, onSlot: (slot: number) => void): void {
    const grown = this.grown.get(id);
    if (grown) {
      for (const slot of grown) onSlot(slot);
      return;
    }
    if (id >= this.packedCount) return;
    const end = this.packedEnds[id]!;
    for (let at = this.listStart(id); at < end; at++) onSlot(this.packed[at]!);
  }

  /** The list of word `id` as a plain array it can grow in. */
  private growable(id: number): number[] {
    let list = this.grown.get(id);
    if (!list) {
      list =
        id < this.packedCount
          ? Array.from(this.packed.subarray(this.listStart(id), this.packedEnds[id]))
          : [];
      this.grown.set(id, list);
    }
    return list;
  }

  private word(id: number): string {
    const start = this.wordStarts[id]!;
    const end = id + 1 < this.wordCount ? this.wordStarts[id + 1]! - 1 : this.vocabulary.length - 1;
    return this.vocabulary.slice(start, end);
  }

  private wordId(word: string): number {
    if (!this.wordIds) {
      this.wordIds = new Map();
      for (let id = 0; id < this.wordCount; id++) this.wordIds.set(this.word(id), id);
    }
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordCount++;
      if (id >= this.wordStarts.length) {
        const starts = new Uint32Array(this.wordStarts.length * 2 + 1024);
        starts.set(this.wordStarts);
        this.wordStarts = starts;
      }
      this.wordIds.set(word, id);
      this.wordStarts[id] = this.vocabulary.length;
      this.vocabulary += `${word}\n`;
    }
    return id;
  }

  /** Lists `entry` under each distinct word of its text (`textLower`), title and category. */
  private addPostings(entry: Entry, textLower: string): void {
    const ids = new Set<number>();
    const { base, lowerAt } = entry;
    forEachWord(textLower, (start, end) => {
      // From the one-byte base where it holds the word (words keep their string's width).
      const word = base.slice(start, end);
      ids.add(this.wordId(lowerAt && word.includes('\0') ? textLower.slice(start, end) : word));
    });
    const labels = `${foldForSearch(entry.title)}\n${foldForSearch(entry.category)}`;
    forEachWord(labels, (start, end) => ids.add(this.wordId(labels.slice(start, end))));
    // Slots only grow, so each list stays ascending.
    for (const id of ids) this.growable(id).push(entry.slot);
  }

  /** Renumbers the live articles and rebuilds the word lists without the dead slots. */
  private compact(): void {
    this.needTexts();
    const live = this.slots.filter((e): e is Entry => e !== undefined);
    this.slots = live;
    this.deadSlots = 0;
    this.vocabulary = '\n';
    this.wordCount = 0;
    this.packed = new Int32Array(0);
    this.packedEnds = new Uint32Array(0);
    this.packedCount = 0;
    this.grown.clear();
    this.wordIds = new Map();
    live.forEach((entry, slot) => {
      entry.slot = slot;
      this.addPostings(entry, lowerText(entry));
    });
  }

  /** The ids of the words where `run` sits as `place` says. */
  private wordsWith(run: string, place: RunPlace): number[] {
    const before = place === 'start' || place === 'whole' ? '\n' : '';
    const after = place === 'end' || place === 'whole' ? '\n' : '';
    const pattern = `${before}${run}${after}`;
    const lead = before.length;
    const count = this.wordCount;
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

  private needTexts(): void {
    if (this.unloaded > 0) throw new Error('search: the index changed before every text was read');
  }

  private nextMark(): number {
    return ++this.generation;
  }

  /** Marks the candidates; null means "check every article". */
  private plan(needle: string): Plan | null {
    if (SURROGATE.test(needle)) return null;
    // With texts unread, every run is used, however common: scanning would need every text.
    const queryRuns = runsOf(needle);
    // One run, the whole query, anywhere in a word: a word containing it means a hit.
    const exact = queryRuns.length === 1 && queryRuns[0]!.run === needle;
    // Every run is used, however common, when the lists answer alone or texts are unread.
    const limit =
      this.unloaded > 0 || exact ? Infinity : this.byId.size * SELECTIVE_ENTRIES_PER_ARTICLE;
    const runs = queryRuns
      .map((run) => {
        const words = this.wordsWith(run.run, run.place);
        let total = 0;
        for (const id of words) total += this.listLength(id);
        return { words, total };
      })
      .filter((r) => r.total <= limit)
      .sort((a, b) => a.total - b.total);
    if (runs.length === 0) return null;

    if (this.slotMarks.length < this.slots.length)
      this.slotMarks = new Uint32Array(this.slots.length * 2);
    if (this.generation > 0xffffffff - runs.length - 2) {
      this.slotMarks.fill(0);
      this.generation = 0;
    }
    // The rarest run marks its articles; each further run keeps only those it lists too.
    let slotMark = 0;
    for (const { words } of runs) {
      const previous = slotMark;
      const mark = this.nextMark();
      const marks = this.slotMarks;
      for (const id of words)
        this.forEachSlot(id, (slot) => {
          if (previous === 0 || marks[slot] === previous) marks[slot] = mark;
        });
      slotMark = mark;
    }
    return { slotMark, exact: exact && runs.length === 1 };
  }
}

/** The rule on the title and category alone: the title's preview, null (category), or false. */
function labelsMatch(article: Listed, needle: string): SearchPreview | null | false {
  return matchArticle(
    { title: article.title, category: article.category, text: '', textLower: '' },
    needle,
  );
}
