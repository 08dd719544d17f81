// One delta feed held in memory: the latest change of each thing, ordered by change number, with
// its JSON already made. A page is a binary search and a slice, whatever the library's size.
// Pure (no database), so the paging rule is tested on its own.

export interface FeedEntry {
  /** The change number of the thing's latest change. */
  seq: number;
  id: string;
  /** The thing as the API sends it (JSON text); absent for a removal. */
  json?: string;
  /** ISO date, for lists ordered newest first. */
  createdAt?: string;
  /** ISO date of its last change (articles): the sitemap's lastmod, without parsing `json`. */
  updatedAt?: string;
  /** The article a comment belongs to. */
  group?: string;
}

export interface IndexPage {
  entries: FeedEntry[];
  /** The `since` of the next request: the last change on this page, or `since` when empty. */
  cursor: number;
  hasMore: boolean;
  /** How many entries come after this page. */
  left: number;
}

/** Index of the first element of sorted `values` greater than `value`. */
function upperBound(values: number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class FeedIndex {
  /** Change numbers in order; each belongs to exactly one entry. */
  private readonly seqs: number[] = [];
  private readonly bySeq = new Map<number, FeedEntry>();
  private readonly byId = new Map<string, FeedEntry>();
  private jsonChars = 0;
  private visibleCount = 0;

  get(id: string): FeedEntry | undefined {
    return this.byId.get(id);
  }

  /** Every entry, in no particular order. */
  values(): IterableIterator<FeedEntry> {
    return this.byId.values();
  }

  get size(): number {
    return this.byId.size;
  }

  /** Entries with JSON (published things), removals not counted. */
  get visible(): number {
    return this.visibleCount;
  }

  /** Characters of JSON held (the bulk of this index's memory). */
  get chars(): number {
    return this.jsonChars;
  }

  /** Records a thing's latest change, replacing its earlier one. */
  put(entry: FeedEntry): void {
    this.delete(entry.id);
    const displaced = this.bySeq.get(entry.seq);
    // One number is one change of one thing; a second thing at the same number replaces it.
    if (displaced) this.delete(displaced.id);
    // New changes nearly always come last, so this is an append in practice.
    const at = upperBound(this.seqs, entry.seq);
    this.seqs.splice(at, 0, entry.seq);
    this.bySeq.set(entry.seq, entry);
    this.byId.set(entry.id, entry);
    this.jsonChars += entry.json?.length ?? 0;
    if (entry.json !== undefined) this.visibleCount += 1;
  }

  /** Many entries at once (a build): put in the order of their change numbers, so each is an append. */
  load(entries: FeedEntry[]): void {
    for (const entry of entries.sort((a, b) => a.seq - b.seq)) this.put(entry);
  }

  /** Forgets a thing entirely (one no device can hold, e.g. a draft never published). */
  delete(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.bySeq.delete(old.seq);
    this.seqs.splice(upperBound(this.seqs, old.seq) - 1, 1);
    this.jsonChars -= old.json?.length ?? 0;
    if (old.json !== undefined) this.visibleCount -= 1;
  }

  /** How many entries have a change number up to `since` (the place a cursor stands at). */
  position(since: number): number {
    return upperBound(this.seqs, since);
  }

  /**
   * The entries at places `start` up to `end` (excluded), oldest first; the cursor is the last
   * one's change number (the last entry's overall when the slice is empty).
   */
  slice(start: number, end: number): IndexPage {
    const seqs = this.seqs.slice(start, end);
    return {
      entries: seqs.map((seq) => this.bySeq.get(seq)!),
      cursor: seqs.at(-1) ?? this.seqs.at(-1) ?? 0,
      hasMore: end < this.seqs.length,
      left: Math.max(0, this.seqs.length - end),
    };
  }

  /**
   * The changes before `before`, at most `limit` of them, newest first: a walk of the whole index
   * from its newest change down. The cursor is the last one's change number (the next `before`);
   * `left` counts the entries below it.
   */
  pageBefore(before: number, limit: number): IndexPage {
    const end = upperBound(this.seqs, before - 1);
    const start = Math.max(0, end - limit);
    const seqs = this.seqs.slice(start, end).reverse();
    return {
      entries: seqs.map((seq) => this.bySeq.get(seq)!),
      cursor: seqs.at(-1) ?? before,
      hasMore: start > 0,
      left: start,
    };
  }

  /** The changes after `since`, at most `limit` of them, oldest first. */
  page(since: number, limit: number): IndexPage {
    const start = upperBound(this.seqs, since);
    const seqs = this.seqs.slice(start, start + limit);
    return {
      entries: seqs.map((seq) => this.bySeq.get(seq)!),
      cursor: seqs.at(-1) ?? since,
      hasMore: start + limit < this.seqs.length,
      left: Math.max(0, this.seqs.length - start - seqs.length),
    };
  }
}
