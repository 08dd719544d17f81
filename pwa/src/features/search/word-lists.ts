// The word lists of the search index (search-index.ts): every distinct word of the indexed texts,
// titles and categories in one string ("\nword\nword\n…") that indexOf searches for a run of a
// query far faster than the texts, and per word the slots of the articles that contain it.
// Lists hold article slots, not places: places would cost 4 bytes per word of text, as much as
// the text itself. Packed (trim()), a list costs 4 bytes an entry.
import { upperBound, type RunPlace } from './search-text.ts';

/** The word lists as flat values (part of the index's snapshot). */
export interface WordListsSnapshot {
  /** "\n" + every word followed by "\n", in word-id order, and where each word starts in it. */
  vocabulary: string;
  wordStarts: Uint32Array;
  /** Every word's list of article slots, one after the other, and where each ends. */
  postings: Int32Array;
  listEnds: Uint32Array;
}

export class WordLists {
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
  /**
   * Restored without its packed lists (they are read per word from the saved file): per word, 1
   * once its list is in `packed`; null when every list is.
   */
  private listRead: Uint8Array | null = null;
  private listsUnread = 0;

  get size(): number {
    return this.wordCount;
  }

  /** The id of `word`, added to the vocabulary if new. */
  idOf(word: string): number {
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

  /** Lists `slot` under word `id`; slots only grow, so each list stays ascending. */
  append(id: number, slot: number): void {
    this.growable(id).push(slot);
  }

  listLength(id: number): number {
    const grown = this.grown.get(id);
    if (grown) return grown.length;
    return id < this.packedCount ? this.packedEnds[id]! - this.listStart(id) : 0;
  }

  /** How many words' lists are not read yet (restored without them). */
  get listsPending(): number {
    return this.listsUnread;
  }

  /** Of words `ids`, those whose list is not read yet, each once. */
  unreadLists(ids: Iterable<number>): number[] {
    const read = this.listRead;
    if (!read) return [];
    const unread = new Set<number>();
    for (const id of ids) if (read[id] === 0) unread.add(id);
    return [...unread];
  }

  /** Up to `limit` words whose list is not read yet, lowest first. */
  someUnreadLists(limit: number): number[] {
    const found: number[] = [];
    const read = this.listRead;
    for (let id = 0; read && id < this.wordCount && found.length < limit; id++)
      if (read[id] === 0) found.push(id);
    return found;
  }

  /** Where word `id`'s packed list is among all the lists' entries: [from, to). */
  packedRange(id: number): [number, number] {
    return [this.listStart(id), this.packedEnds[id]!];
  }

  /** Gives a word restored without its list that list (the entries packedRange names). */
  setList(id: number, slots: Int32Array): void {
    if (!this.listRead || this.listRead[id] !== 0) return;
    const [from, to] = this.packedRange(id);
    if (slots.length !== to - from) throw new Error('search: a word list read back has the wrong length');
    this.packed.set(slots, from);
    this.listRead[id] = 1;
    if (--this.listsUnread === 0) this.listRead = null;
  }

  /** Calls `onSlot` for each slot listed under word `id`. */
  forEachSlot(id: number, onSlot: (slot: number) => void): void {
    const grown = this.grown.get(id);
    if (grown) {
      for (const slot of grown) onSlot(slot);
      return;
    }
    if (id >= this.packedCount) return;
    if (this.listRead?.[id] === 0) throw new Error('search: a word list was used before it was read');
    const end = this.packedEnds[id]!;
    for (let at = this.listStart(id); at < end; at++) onSlot(this.packed[at]!);
  }

  /** The ids of the words where `run` sits as `place` says. */
  wordsWith(run: string, place: RunPlace): number[] {
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

  /**
   * Packs every list into one typed array (4 bytes an entry) and lets go of the word map (made
   * again by the next change); worth it once many articles were added.
   */
  trim(): void {
    this.needLists();
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

  /** The lists as flat values (packed: call trim() first); restore() gives them back. */
  snapshot(): WordListsSnapshot {
    this.needLists();
    return {
      vocabulary: this.vocabulary,
      wordStarts: this.wordStarts.slice(0, this.wordCount),
      postings: this.packed,
      listEnds: this.packedEnds,
    };
  }

  /**
   * Lists equal to those snapshot() was taken of; they keep the snapshot's arrays. Without its
   * `postings` (null), each word's list is given later (setList) before it is used.
   */
  static restore(snap: Omit<WordListsSnapshot, 'postings'> & { postings: Int32Array | null }): WordLists {
    const lists = new WordLists();
    lists.vocabulary = snap.vocabulary;
    lists.wordCount = snap.listEnds.length;
    lists.wordStarts = snap.wordStarts;
    if (snap.postings) lists.packed = snap.postings;
    else {
      // Zeroed memory costs nothing until written; the lists read fill it in place.
      lists.packed = new Int32Array(lists.wordCount ? snap.listEnds[lists.wordCount - 1]! : 0);
      lists.listRead = new Uint8Array(lists.wordCount);
      lists.listsUnread = lists.wordCount;
      // Empty lists need no read.
      for (let id = 0; id < lists.wordCount; id++)
        if (snap.listEnds[id] === (id === 0 ? 0 : snap.listEnds[id - 1])) {
          lists.listRead[id] = 1;
          lists.listsUnread -= 1;
        }
      if (lists.listsUnread === 0) lists.listRead = null;
    }
    lists.packedEnds = snap.listEnds;
    lists.packedCount = lists.wordCount;
    lists.wordIds = null;
    return lists;
  }

  private needLists(): void {
    if (this.listsUnread > 0) throw new Error('search: the word lists changed before every list was read');
  }

  private listStart(id: number): number {
    return id === 0 ? 0 : this.packedEnds[id - 1]!;
  }

  /** The list of word `id` as a plain array it can grow in. */
  private growable(id: number): number[] {
    this.needLists();
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
}
