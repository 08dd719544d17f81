// The word index of the Bible text the device keeps, so that a word search is a lookup, not a
// scan of every verse (bible-search.ts feeds it and keeps it in IndexedDB). Pure: no Dexie here.
//
// Verses are numbered in Bible order over the kept chapters ("slots"); the word lists are those
// of the articles' index (word-lists.ts): every distinct word of the folded verses (foldForSearch)
// in one string that indexOf searches, and per word the verses holding it. A query is a substring
// of a verse (the articles' rule, contracts/src/text.ts), so, as in search-index.ts, each run of
// letters and digits of the query lies inside one word of a matching verse, at its start or end
// where the query has a non-word character there. The verses listed for every run are the
// candidates; when the query is a single run, every candidate is a match and no text is read.
import { foldForSearch } from '@fw/contracts/text';
import { forEachWord, runsOf, upperBound } from './search-text.ts';
import { WordLists, type WordListsSnapshot } from './word-lists.ts';

/** A kept chapter: `id` is "John.3", its verses in order (verse v is verses[v - 1]). */
export interface IndexedChapter {
  id: string;
  verses: string[];
}

/** The index as flat values, to be kept as one IndexedDB record. */
export interface BibleIndexSnapshot extends WordListsSnapshot {
  /** Says which text it was built from (the kept books and their files). */
  stamp: string;
  /** The chapters, in Bible order. */
  chapterIds: string[];
  /** The slot of each chapter's first verse, then the number of verses (chapterIds.length + 1 values). */
  chapterStarts: Uint32Array;
}

/** What a query must be checked against: `exact` means every candidate is a match. */
export interface Candidates {
  slots: Int32Array;
  exact: boolean;
}

export class BibleIndex {
  private constructor(
    private readonly snap: BibleIndexSnapshot,
    private readonly words: WordLists,
  ) {}

  /** `chapters` in Bible order. */
  static build(stamp: string, chapters: readonly IndexedChapter[]): BibleIndex {
    const words = new WordLists();
    const chapterStarts = new Uint32Array(chapters.length + 1);
    // The last slot listed per word id: a verse is listed once however often it says the word.
    let lastSlot = new Int32Array(4096).fill(-1);
    let slot = 0;
    chapters.forEach((chapter, c) => {
      chapterStarts[c] = slot;
      for (const text of chapter.verses) {
        const folded = foldForSearch(text);
        forEachWord(folded, (start, end) => {
          const id = words.idOf(folded.slice(start, end));
          if (id >= lastSlot.length) {
            const grown = new Int32Array(lastSlot.length * 2).fill(-1);
            grown.set(lastSlot);
            lastSlot = grown;
          }
          if (lastSlot[id] === slot) return;
          lastSlot[id] = slot;
          words.append(id, slot);
        });
        slot += 1;
      }
    });
    chapterStarts[chapters.length] = slot;
    words.trim();
    return new BibleIndex({ stamp, chapterIds: chapters.map((c) => c.id), chapterStarts, ...words.snapshot() }, words);
  }

  static restore(snap: BibleIndexSnapshot): BibleIndex {
    return new BibleIndex(snap, WordLists.restore(snap));
  }

  snapshot(): BibleIndexSnapshot {
    return this.snap;
  }

  get stamp(): string {
    return this.snap.stamp;
  }

  get verseCount(): number {
    return this.snap.chapterStarts[this.snap.chapterIds.length]!;
  }

  get chapterIds(): readonly string[] {
    return this.snap.chapterIds;
  }

  /** The chapter (its index in chapterIds) and verse number of a slot. */
  place(slot: number): { chapter: number; verse: number } {
    const starts = this.snap.chapterStarts;
    const chapter = upperBound(starts, this.snap.chapterIds.length, slot) - 1;
    return { chapter, verse: slot - starts[chapter]! + 1 };
  }

  /**
   * The verses that may hold `needle` (normaliseQuery's output), in Bible order; null when the
   * query has no letters or digits (every verse may hold it).
   */
  candidates(needle: string): Candidates | null {
    const runs = runsOf(needle);
    if (runs.length === 0) return null;
    const total = this.verseCount;
    // marks[slot] === k: the verse was listed for each of the first k runs.
    const marks = new Uint8Array(total);
    let round = 0;
    for (const { run, place } of runs) {
      for (const id of this.words.wordsWith(run, place)) {
        this.words.forEachSlot(id, (slot) => {
          if (marks[slot] === round) marks[slot] = round + 1;
        });
      }
      round += 1;
      // Past 255 runs the marks would wrap; the verses listed so far are checked against the text.
      if (round === 255) break;
    }
    const found: number[] = [];
    for (let slot = 0; slot < total; slot++) if (marks[slot] === round) found.push(slot);
    const only = runs[0]!;
    return { slots: Int32Array.from(found), exact: runs.length === 1 && only.run === needle };
  }
}
