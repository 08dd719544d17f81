// Search over the Bible text the device keeps (db.ts `bibleChapters`), in the search worker: a
// query is a substring of a verse (the articles' rule, contracts/src/text.ts). The word index of
// bible-index.ts is built on the first Bible search from the kept chapters, kept in IndexedDB
// (`searchIndex`, under BIBLE_INDEX_KEY) and read back after a reload, and built again only when
// the kept books change; a query is a lookup of its words. A screenful is answered first: only
// the chapters of the verses shown are read (and, for a query that is more than one word, those
// of the candidates checked until a screenful matched); the count of such a query comes after
// (count()), when every candidate was checked.
import { BIBLE_BOOKS, scriptureHref, type BibleBook } from '@fw/contracts/bible';
import { foldForSearch, searchPreview, type SearchPreview } from '@fw/contracts/text';
import { db, type KeptBibleChapter } from '../../db/db.ts';
import { BibleIndex, type BibleIndexSnapshot, type Candidates } from './bible-index.ts';

/** The saved index's key in `searchIndex`: bump it when BibleIndexSnapshot's shape or the word rule changes. */
export const BIBLE_INDEX_KEY = 'bible:v1';
/** Chapters read from IndexedDB at once while checking candidates. */
const CHAPTERS_PER_READ = 64;

interface VerseHit {
  /** "John 3:16". */
  title: string;
  /** The reader's address of the verse: `/bible/john/3#v16`. */
  href: string;
  preview: SearchPreview | null;
}

export interface VerseAnswer {
  /** Verses matching, over the kept books; null while not counted yet (count() tells). */
  count: number | null;
  /** The first `limit` of them, in Bible order. */
  verses: VerseHit[];
  /** More verses match than those sent. */
  more: boolean;
  /** How many books the device holds (of 66): a search over part of the Bible says so. */
  books: number;
}

const BOOK_ORDER = new Map(BIBLE_BOOKS.map((book, n) => [book.osis, n]));

/** "John.3" as its book and chapter, for sorting and naming. */
function chapterOf(id: string): { book: BibleBook | undefined; chapter: number } {
  const dot = id.lastIndexOf('.');
  const order = BOOK_ORDER.get(id.slice(0, dot));
  return { book: order === undefined ? undefined : BIBLE_BOOKS[order], chapter: Number(id.slice(dot + 1)) };
}

/** Which text an index was built from: the kept books and their (content-hashed) files. */
async function currentStamp(): Promise<string> {
  const books = await db.bibleBooks.toArray();
  return books.map((b) => `${b.osis}:${b.file}`).sort().join(',');
}

async function build(stamp: string): Promise<BibleIndex> {
  const records = await db.bibleChapters.toArray();
  const placed = records.map((record) => ({ record, ...chapterOf(record.id) })).filter((r) => r.book);
  placed.sort((a, b) => BOOK_ORDER.get(a.book!.osis)! - BOOK_ORDER.get(b.book!.osis)! || a.chapter - b.chapter);
  const index = BibleIndex.build(stamp, placed.map((p) => p.record));
  try {
    await db.searchIndex.put({ key: BIBLE_INDEX_KEY, value: index.snapshot() });
  } catch (error) {
    // No room: the index still answers now, and is built again after a reload.
    console.warn('[search] the Bible word index was not kept', error);
  }
  return index;
}

async function loadOrBuild(stamp: string): Promise<BibleIndex> {
  const saved = (await db.searchIndex.get(BIBLE_INDEX_KEY))?.value as BibleIndexSnapshot | undefined;
  if (saved?.stamp === stamp) return BibleIndex.restore(saved);
  return build(stamp);
}

/** Reads the chapters of slots as they are needed, a batch at a time, keeping those read. */
class ChapterReader {
  private readonly read = new Map<number, KeptBibleChapter | undefined>();

  constructor(private readonly index: BibleIndex) {}

  /** The text of each slot of `slots` (undefined if its chapter is gone), reading the chapters they need. */
  async texts(slots: ArrayLike<number>): Promise<(string | undefined)[]> {
    const places = Array.from(slots, (slot) => this.index.place(slot));
    const missing = [...new Set(places.map((p) => p.chapter).filter((c) => !this.read.has(c)))];
    for (let at = 0; at < missing.length; at += CHAPTERS_PER_READ) {
      const batch = missing.slice(at, at + CHAPTERS_PER_READ);
      const records = await db.bibleChapters.bulkGet(batch.map((c) => this.index.chapterIds[c]!));
      batch.forEach((c, n) => this.read.set(c, records[n]));
    }
    return places.map((p) => this.read.get(p.chapter)?.verses[p.verse - 1]);
  }
}

export class BibleSearch {
  private index: Promise<BibleIndex> | null = null;

  /** The verses containing `needle` (normaliseQuery's output), the first `limit` with previews. */
  async find(needle: string, limit: number): Promise<VerseAnswer> {
    const index = await this.current();
    const reader = new ChapterReader(index);
    const candidates = this.candidatesOf(index, needle);
    const { hits, checked } = await this.matching(reader, needle, candidates, limit + 1);
    const shown = hits.slice(0, limit);
    const texts = await reader.texts(shown);
    const verses = shown.map((slot, n): VerseHit => {
      const { chapter, verse } = index.place(slot);
      const { book, chapter: number } = chapterOf(index.chapterIds[chapter]!);
      const text = texts[n] ?? '';
      return {
        title: `${book!.osis === 'Ps' ? 'Psalm' : book!.name} ${number}:${verse}`,
        href: scriptureHref({ book: book!, chapter: number, verse, endChapter: number, endVerse: verse }),
        preview: searchPreview(text, needle, foldForSearch(text)),
      };
    });
    const counted = candidates.exact || checked === candidates.slots.length;
    return {
      count: counted ? (candidates.exact ? candidates.slots.length : hits.length) : null,
      verses,
      more: hits.length > limit,
      books: new Set(index.chapterIds.map((id) => id.slice(0, id.lastIndexOf('.')))).size,
    };
  }

  /** How many verses contain `needle`: every candidate checked. */
  async count(needle: string): Promise<number> {
    const index = await this.current();
    const candidates = this.candidatesOf(index, needle);
    if (candidates.exact) return candidates.slots.length;
    return (await this.matching(new ChapterReader(index), needle, candidates, Number.POSITIVE_INFINITY)).hits.length;
  }

  private candidatesOf(index: BibleIndex, needle: string): Candidates {
    if (needle.includes('\n')) return { slots: new Int32Array(0), exact: true };
    // No letters or digits: every verse is checked.
    return index.candidates(needle) ?? { slots: Int32Array.from({ length: index.verseCount }, (_, n) => n), exact: false };
  }

  /** The first `wanted` candidates that hold `needle`, and how many candidates that took. */
  private async matching(
    reader: ChapterReader,
    needle: string,
    candidates: Candidates,
    wanted: number,
  ): Promise<{ hits: number[]; checked: number }> {
    const { slots, exact } = candidates;
    if (exact) return { hits: Array.from(slots.subarray(0, wanted)), checked: Math.min(wanted, slots.length) };
    const hits: number[] = [];
    let at = 0;
    while (at < slots.length && hits.length < wanted) {
      // Enough candidates for a screenful at a time; past it the rest in larger steps.
      const step = Math.max(wanted === Number.POSITIVE_INFINITY ? 2048 : 4 * wanted, 64);
      const batch = slots.subarray(at, at + step);
      const texts = await reader.texts(batch);
      for (let n = 0; n < batch.length && hits.length < wanted; n++, at++) {
        const text = texts[n];
        if (text !== undefined && foldForSearch(text).includes(needle)) hits.push(batch[n]!);
      }
    }
    return { hits, checked: at };
  }

  /**
   * Reads the kept index ahead of the first Bible search (the worker is idle after a reload),
   * so that search is a lookup; builds none: a device that never searched the Bible pays nothing.
   */
  async warm(): Promise<void> {
    if (this.index) return;
    const stamp = await currentStamp();
    const saved = (await db.searchIndex.get(BIBLE_INDEX_KEY))?.value as BibleIndexSnapshot | undefined;
    if (saved?.stamp === stamp && !this.index) this.index = Promise.resolve(BibleIndex.restore(saved));
  }

  /** The index of the books kept now: the one in memory, the saved one, or a new one. */
  private async current(): Promise<BibleIndex> {
    const stamp = await currentStamp();
    if (this.index) {
      const held = await this.index.catch(() => null);
      if (held?.stamp === stamp) return held;
    }
    this.index = loadOrBuild(stamp);
    return this.index;
  }
}
