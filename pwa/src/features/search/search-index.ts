// The in-memory search index behind the home page's search: it answers the search rule
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
// and 4 bytes per distinct word of it once packed (trim()). The word lists are word-lists.ts;
// the articles' records and their flat form are index-entries.ts.
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
} from './search-text.ts';
import { entriesOf, flattenEntries, type EntriesSnapshot, type Entry } from './index-entries.ts';
import { WordLists, type WordListsSnapshot } from './word-lists.ts';

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
export type IndexSnapshot = EntriesSnapshot & WordListsSnapshot;

/**
 * A snapshot whose null `bases` are texts not read yet (setText gives them), and whose word lists
 * may be left out (null `postings`: setList gives each, see listsToRead).
 */
export type PartialSnapshot = Omit<IndexSnapshot, 'bases' | 'postings'> & {
  bases: (string | null)[];
  postings: Int32Array | null;
};

/** What verification needs of an article: search.ts passes the summaries it lists. */
export interface Listed {
  _id: string;
  title: string;
  category: string;
}

type Labels = Pick<Listed, 'title' | 'category'>;

/** How a query is checked: candidates carry `slotMark`; `exact`: every candidate is a hit. */
interface Plan {
  slotMark: number;
  exact: boolean;
}

export class SearchIndex {
  private readonly byId = new Map<string, Entry>();
  private slots: (Entry | undefined)[] = [];
  private deadSlots = 0;
  private words = new WordLists();
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
    return this.words.size;
  }

  /** How many articles' texts are not read yet (restored from a PartialSnapshot). */
  get textsPending(): number {
    return this.unloaded;
  }

  /** How many words' lists are not read yet (restored without them). */
  get listsPending(): number {
    return this.words.listsPending;
  }

  /**
   * The words whose lists a query needs before textsToVerify(), matching() or search() can
   * answer it, among those not read yet: the first query after a reload reads only its own.
   */
  listsToRead(needle: string): number[] {
    if (this.words.listsPending === 0) return [];
    const chosen = this.chooseRuns(needle);
    return chosen ? this.words.unreadLists(chosen.runs.flatMap((run) => run.words)) : [];
  }

  /** Up to `limit` words whose list is not read yet, lowest first. */
  someUnreadLists(limit: number): number[] {
    return this.words.someUnreadLists(limit);
  }

  /** Where word `id`'s list is among the snapshot's `postings` entries: [from, to). */
  listRange(id: number): [number, number] {
    return this.words.packedRange(id);
  }

  /** Gives a word restored without its list that list (listRange's entries of `postings`). */
  setList(id: number, slots: Int32Array): void {
    this.words.setList(id, slots);
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
    return this.textsToVerifyAt(needle, this.slotsOf(listed.map((article) => article._id)));
  }

  /** textsToVerify for listed articles given by their slots (slotsOf). */
  textsToVerifyAt(needle: string, slots: Int32Array): number[] | null {
    if (this.unloaded === 0) return [];
    const plan = this.plan(needle);
    if (!plan) return null;
    if (plan.exact) return [];
    const needed: number[] = [];
    for (const slot of slots)
      if (slot >= 0 && this.slots[slot]!.pending && this.slotMarks[slot] === plan.slotMark)
        needed.push(slot);
    return needed;
  }

  /**
   * The slot of each of `ids` (-1 where not indexed). Valid until the index changes: the engine
   * keeps it per list, so a query over 10,000 listed articles makes no object per article.
   */
  slotsOf(ids: readonly string[]): Int32Array {
    const slots = new Int32Array(ids.length);
    ids.forEach((id, at) => (slots[at] = this.byId.get(id)?.slot ?? -1));
    return slots;
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

  /** Packs the word lists (4 bytes an entry); worth it once many articles were added. */
  trim(): void {
    this.words.trim();
  }

  /** The whole index as flat values; restore() gives it back. */
  snapshot(): IndexSnapshot {
    this.needTexts();
    if (this.deadSlots > 0) this.compact();
    this.trim();
    return { ...flattenEntries(this.slots as Entry[]), ...this.words.snapshot() };
  }

  /** An index equal to the one snapshot() was taken of; it keeps the snapshot's arrays. */
  static restore(snap: PartialSnapshot): SearchIndex {
    const index = new SearchIndex();
    for (const entry of entriesOf(snap)) {
      if (entry.pending) index.unloaded += 1;
      index.slots.push(entry);
      index.byId.set(entry.id, entry);
    }
    index.words = WordLists.restore(snap);
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
    const slots = this.slotsOf(listed.map((article) => article._id));
    return Array.from(this.matchingAt(needle, slots, (at) => listed[at]!), (at) => listed[at]!);
  }

  /**
   * matching() for listed articles given by their slots (slotsOf): the places of the hits in the
   * list, ascending. `labelAt` gives the title and category of a listed article not indexed.
   */
  matchingAt(needle: string, slots: Int32Array, labelAt: (at: number) => Labels): Int32Array {
    const plan = this.plan(needle);
    const query = bodyQuery(needle);
    const places = new Int32Array(slots.length);
    let count = 0;
    for (let at = 0; at < slots.length; at++) {
      const slot = slots[at]!;
      const entry = slot >= 0 ? this.slots[slot] : undefined;
      if (plan && entry && this.slotMarks[slot] !== plan.slotMark) continue;
      if (entry && plan?.exact) {
        // Listed under a word containing the query: a hit, its text unread (the word lists
        // of a common word cost less than reading every text that has it).
        places[count++] = at;
      } else if (entry?.pending) {
        throw new Error('search: an article was checked before its text was read');
      } else if (
        (entry && bodyIndexOf(entry, query) >= 0) ||
        labelsMatch(entry ?? labelAt(at), needle) !== false
      )
        places[count++] = at;
    }
    // A copy of its own size: the page is sent its buffer (transferred, see search-protocol.ts).
    return places.slice(0, count);
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

  /** Lists `entry` under each distinct word of its text (`textLower`), title and category. */
  private addPostings(entry: Entry, textLower: string): void {
    const ids = new Set<number>();
    const { base, lowerAt } = entry;
    forEachWord(textLower, (start, end) => {
      // From the one-byte base where it holds the word (words keep their string's width).
      const word = base.slice(start, end);
      ids.add(this.words.idOf(lowerAt && word.includes('\0') ? textLower.slice(start, end) : word));
    });
    const labels = `${foldForSearch(entry.title)}\n${foldForSearch(entry.category)}`;
    forEachWord(labels, (start, end) => ids.add(this.words.idOf(labels.slice(start, end))));
    for (const id of ids) this.words.append(id, entry.slot);
  }

  /** Renumbers the live articles and rebuilds the word lists without the dead slots. */
  private compact(): void {
    this.needTexts();
    const live = this.slots.filter((e): e is Entry => e !== undefined);
    this.slots = live;
    this.deadSlots = 0;
    this.words = new WordLists();
    live.forEach((entry, slot) => {
      entry.slot = slot;
      this.addPostings(entry, lowerText(entry));
    });
  }

  private needTexts(): void {
    if (this.unloaded > 0) throw new Error('search: the index changed before every text was read');
  }

  private nextMark(): number {
    return ++this.generation;
  }

  /** The runs of `needle` whose word lists decide its candidates; null means "check every article". */
  private chooseRuns(needle: string): { runs: { words: number[]; total: number }[]; exact: boolean } | null {
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
        const words = this.words.wordsWith(run.run, run.place);
        let total = 0;
        for (const id of words) total += this.words.listLength(id);
        return { words, total };
      })
      .filter((r) => r.total <= limit)
      .sort((a, b) => a.total - b.total);
    return runs.length === 0 ? null : { runs, exact };
  }

  /** Marks the candidates; null means "check every article". */
  private plan(needle: string): Plan | null {
    const chosen = this.chooseRuns(needle);
    if (!chosen) return null;
    const { runs, exact } = chosen;

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
        this.words.forEachSlot(id, (slot) => {
          if (previous === 0 || marks[slot] === previous) marks[slot] = mark;
        });
      slotMark = mark;
    }
    return { slotMark, exact: exact && runs.length === 1 };
  }
}

/** The rule on the title and category alone: the title's preview, null (category), or false. */
function labelsMatch(article: Labels, needle: string): SearchPreview | null | false {
  return matchArticle(
    { title: article.title, category: article.category, text: '', textLower: '' },
    needle,
  );
}
