// The in-memory search index behind the home page's search: it answers the spec's rule
// (case-insensitive substring of the title, the category or the body's plain text, see
// matchArticle in contracts/src/text.ts) with the same previews, without reading every body
// from IndexedDB for every query. Pure: it knows nothing of Dexie (search.ts feeds it).
//
// How a query is answered:
// - Words are maximal runs of letters and digits. Any run of such characters in a query sits,
//   wherever the query occurs, inside one word of the article (the run cannot extend past a
//   non-word character, and neither can the article's word). So "the article has a word that
//   contains each of the query's runs" is necessary for a match. The index keeps the distinct
//   words of all articles, each with the articles that contain it: a query scans the distinct
//   words (far fewer than the text) for its rarest run, and only the articles listed under the
//   words found are checked with indexOf, which decides (substrings inside words, phrases and
//   punctuation included). Nothing can be missed, so results equal the rule's exactly.
// - A query with no letters or digits, or whose rarest run is in most articles anyway, is
//   checked against every article's lower-cased text: a linear scan, but over text prepared
//   once and already in memory.
// Memory: each article keeps its lower-cased text plus the few positions where the original
// differs (capitals), enough to cut the preview from the original text; an article whose
// lower-casing changes its length keeps its original text whole.
import { ELLIPSIS, SEARCH_PREVIEW_CONTEXT_CHARS, matchArticle, searchPreview, type SearchPreview } from '@fw/contracts/text';

const WORD_RUN = /[\p{L}\p{N}]+/gu;
/** When the rarest run of a query is listed this many times per article, scanning is cheaper. */
const SCAN_POSTINGS_PER_ARTICLE = 4;
/** Removed articles leave dead slots; past this share of all slots the lists are rebuilt. */
const COMPACT_DEAD_SHARE = 0.5;
const COMPACT_MIN_DEAD = 256;

export interface IndexInput {
  id: string;
  /** Changes whenever the article does (version + updatedAt); a stale stamp means re-read it. */
  stamp: string;
  title: string;
  category: string;
  /** Plain text of the body and its lower-cased form, as stored at sync time. */
  text: string;
  textLower: string;
}

/** What verification needs of an article: search.ts passes the summaries it lists. */
export interface Listed {
  _id: string;
  title: string;
  category: string;
}

interface Entry {
  id: string;
  stamp: string;
  slot: number;
  /** Title and category, lower-cased: their words are listed too. */
  labelsLower: string;
  textLower: string;
  /** The original text, kept only when lower-casing changed its length. */
  text?: string;
  /** Positions where the original text differs from textLower, ascending, and its characters there. */
  diffAt?: Uint32Array;
  diffChars?: string;
}

/** The distinct words (runs of letters and digits) of already lower-cased text. */
export function wordsOf(lower: string): Set<string> {
  return new Set(lower.match(WORD_RUN));
}

function caseDiff(text: string, lower: string): Pick<Entry, 'diffAt' | 'diffChars'> {
  if (text === lower) return {};
  const at: number[] = [];
  let chars = '';
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== lower.charCodeAt(i)) {
      at.push(i);
      chars += text[i];
    }
  }
  return { diffAt: Uint32Array.from(at), diffChars: chars };
}

/** First index in the ascending array whose value is >= target. */
function lowerBound(values: Uint32Array, target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The original text between two positions, rebuilt from the lower-cased text and the differences. */
function originalSlice(entry: Entry, from: number, to: number): string {
  const lowerSlice = entry.textLower.slice(from, to);
  const { diffAt, diffChars } = entry;
  if (!diffAt || !diffChars) return lowerSlice;
  let k = lowerBound(diffAt, from);
  if (k >= diffAt.length || diffAt[k]! >= to) return lowerSlice;
  let out = '';
  let pos = from;
  for (; k < diffAt.length && diffAt[k]! < to; k++) {
    const at = diffAt[k]!;
    out += entry.textLower.slice(pos, at) + diffChars[k];
    pos = at + 1;
  }
  return out + entry.textLower.slice(pos, to);
}

/** searchPreview(text, needle, textLower) for a body match at `at`, from the compact form. */
function bodyPreview(entry: Entry, at: number, needle: string): SearchPreview | null {
  if (entry.text !== undefined) return searchPreview(entry.text, needle, entry.textLower);
  const length = entry.textLower.length;
  const start = Math.max(0, at - SEARCH_PREVIEW_CONTEXT_CHARS);
  const end = Math.min(length, at + needle.length + SEARCH_PREVIEW_CONTEXT_CHARS);
  return {
    before: (start > 0 ? ELLIPSIS : '') + originalSlice(entry, start, at),
    match: originalSlice(entry, at, at + needle.length),
    after: originalSlice(entry, at + needle.length, end) + (end < length ? ELLIPSIS : ''),
  };
}

export class SearchIndex {
  private readonly byId = new Map<string, Entry>();
  private slots: (Entry | undefined)[] = [];
  private deadSlots = 0;
  /** Distinct words, and for each the slots of the articles that contain it (ascending). */
  private words: string[] = [];
  private postings: number[][] = [];
  private readonly wordIds = new Map<string, number>();
  /** Per slot: the query generation that last marked it a candidate. */
  private marks = new Uint32Array(0);
  private generation = 0;

  get size(): number {
    return this.byId.size;
  }

  get vocabularySize(): number {
    return this.words.length;
  }

  stampOf(id: string): string | undefined {
    return this.byId.get(id)?.stamp;
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  upsert(input: IndexInput): void {
    this.remove(input.id);
    const keep = input.text.length !== input.textLower.length ? { text: input.text } : caseDiff(input.text, input.textLower);
    const entry: Entry = {
      id: input.id,
      stamp: input.stamp,
      slot: this.slots.length,
      labelsLower: `${input.title.toLowerCase()}\n${input.category.toLowerCase()}`,
      textLower: input.textLower,
      ...keep,
    };
    this.slots.push(entry);
    this.byId.set(entry.id, entry);
    this.addPostings(entry);
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.slots[entry.slot] = undefined;
    this.deadSlots += 1;
    if (this.deadSlots >= COMPACT_MIN_DEAD && this.deadSlots > this.slots.length * COMPACT_DEAD_SHARE) this.compact();
  }

  /** Drops every article whose id is not in `keep`. */
  retain(keep: Set<string>): void {
    for (const id of [...this.byId.keys()]) if (!keep.has(id)) this.remove(id);
  }

  /**
   * The rule applied to `listed` (in that order, each already indexed): hits with their previews.
   * `needle` is a normalised query (normaliseQuery), not empty.
   */
  search<T extends Listed>(needle: string, listed: readonly T[]): { article: T; preview: SearchPreview | null }[] {
    const candidates = this.candidates(needle);
    const hits: { article: T; preview: SearchPreview | null }[] = [];
    for (const article of listed) {
      const entry = this.byId.get(article._id);
      if (candidates && entry && candidates[entry.slot] !== this.generation) continue;
      const preview = verify(entry, article, needle);
      if (preview !== false) hits.push({ article, preview });
    }
    return hits;
  }

  private addPostings(entry: Entry): void {
    const words = wordsOf(entry.textLower);
    for (const word of wordsOf(entry.labelsLower)) words.add(word);
    for (const word of words) {
      let id = this.wordIds.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.wordIds.set(word, id);
        this.words.push(word);
        this.postings.push([]);
      }
      this.postings[id]!.push(entry.slot);
    }
  }

  /** Renumbers the live articles and rebuilds the word lists without the dead slots. */
  private compact(): void {
    const live = this.slots.filter((e): e is Entry => e !== undefined);
    this.slots = live;
    this.deadSlots = 0;
    this.words = [];
    this.postings = [];
    this.wordIds.clear();
    live.forEach((entry, slot) => {
      entry.slot = slot;
      this.addPostings(entry);
    });
  }

  /** Marks candidate slots with a new generation; null means "check every article". */
  private candidates(needle: string): Uint32Array | null {
    const runs = [...new Set(needle.match(WORD_RUN))];
    if (runs.length === 0) return null;
    let best: number[] | null = null;
    let bestTotal = Infinity;
    for (const run of runs) {
      const found: number[] = [];
      let total = 0;
      for (let id = 0; id < this.words.length; id++) {
        if (this.words[id]!.includes(run)) {
          found.push(id);
          total += this.postings[id]!.length;
        }
      }
      if (total < bestTotal) {
        best = found;
        bestTotal = total;
      }
    }
    if (bestTotal > this.byId.size * SCAN_POSTINGS_PER_ARTICLE) return null;

    if (this.marks.length < this.slots.length) this.marks = new Uint32Array(Math.max(this.slots.length, this.marks.length * 2));
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.marks.fill(0);
      this.generation = 1;
    }
    for (const id of best!) for (const slot of this.postings[id]!) this.marks[slot] = this.generation;
    return this.marks;
  }
}

/** matchArticle's answer for one article, with the body taken from the index. */
function verify(entry: Entry | undefined, article: Listed, needle: string): SearchPreview | null | false {
  const at = entry ? entry.textLower.indexOf(needle) : -1;
  if (entry && at >= 0) return bodyPreview(entry, at, needle);
  // Not in the body: the title or the category decide, exactly as the rule does.
  return matchArticle({ title: article.title, category: article.category, text: '', textLower: '' }, needle);
}
