// Search over the Bible text the device keeps (db.ts `bibleChapters`), in the search worker: the
// kept verses folded once into one string with each verse's start, built on the first Bible
// search and kept, and built again only when the kept books change. A query is a substring of a
// verse (the articles' rule, contracts/src/text.ts); one indexOf pass over ~4 MB finds them all.
import { BIBLE_BOOKS, scriptureHref, type BibleBook } from '@fw/contracts/bible';
import { foldForSearch, searchPreview, type SearchPreview } from '@fw/contracts/text';
import { db } from '../../db/db.ts';

interface VerseHit {
  /** "John 3:16". */
  title: string;
  /** The reader's address of the verse: `/bible/john/3#v16`. */
  href: string;
  preview: SearchPreview | null;
}

export interface VerseAnswer {
  /** Verses matching, over the kept books. */
  count: number;
  /** The first `limit` of them, in Bible order. */
  verses: VerseHit[];
  /** How many books the device holds (of 66): a search over part of the Bible says so. */
  books: number;
}

interface Built {
  /** Which books it was built from (db.ts `bibleBooks` keys, sorted). */
  stamp: string;
  /** Every kept verse, folded, each followed by a line break (a match never spans two). */
  folded: string;
  /** Where each verse starts in `folded`. */
  starts: Int32Array;
  books: (BibleBook | undefined)[];
  chapters: Uint16Array;
  numbers: Uint16Array;
  texts: string[];
}

const BOOK_ORDER = new Map(BIBLE_BOOKS.map((book, n) => [book.osis, n]));

/** "John.3" as its book and chapter, for sorting and naming. */
function chapterOf(id: string): { book: BibleBook | undefined; chapter: number } {
  const dot = id.lastIndexOf('.');
  const order = BOOK_ORDER.get(id.slice(0, dot));
  return { book: order === undefined ? undefined : BIBLE_BOOKS[order], chapter: Number(id.slice(dot + 1)) };
}

async function build(stamp: string): Promise<Built> {
  const records = await db.bibleChapters.toArray();
  const placed = records.map((record) => ({ record, ...chapterOf(record.id) })).filter((r) => r.book);
  placed.sort((a, b) => BOOK_ORDER.get(a.book!.osis)! - BOOK_ORDER.get(b.book!.osis)! || a.chapter - b.chapter);
  const count = placed.reduce((sum, r) => sum + r.record.verses.length, 0);
  const built: Built = {
    stamp,
    folded: '',
    starts: new Int32Array(count),
    books: new Array<BibleBook | undefined>(count),
    chapters: new Uint16Array(count),
    numbers: new Uint16Array(count),
    texts: new Array<string>(count),
  };
  const parts: string[] = [];
  let at = 0;
  let n = 0;
  for (const { record, book, chapter } of placed) {
    record.verses.forEach((text, v) => {
      built.starts[n] = at;
      built.books[n] = book;
      built.chapters[n] = chapter;
      built.numbers[n] = v + 1;
      built.texts[n] = text;
      const folded = foldForSearch(text);
      parts.push(folded, '\n');
      at += folded.length + 1;
      n += 1;
    });
  }
  built.folded = parts.join('');
  return built;
}

/** The verse holding offset `at` of the folded text (binary search over the starts). */
function verseAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

export class BibleSearch {
  private built: Promise<Built> | null = null;

  /** The verses containing `needle` (normaliseQuery's output), the first `limit` with previews. */
  async find(needle: string, limit: number): Promise<VerseAnswer> {
    const text = await this.text();
    const found: number[] = [];
    if (!needle.includes('\n')) {
      for (let at = text.folded.indexOf(needle); at >= 0; ) {
        const verse = verseAt(text.starts, at);
        found.push(verse);
        // On to the next verse: a verse is listed once however often it says the words.
        const next = verse + 1 < text.starts.length ? text.starts[verse + 1]! : text.folded.length;
        at = text.folded.indexOf(needle, next);
      }
    }
    const verses = found.slice(0, limit).map((n): VerseHit => {
      const book = text.books[n]!;
      const range = { book, chapter: text.chapters[n]!, verse: text.numbers[n]!, endChapter: text.chapters[n]!, endVerse: text.numbers[n]! };
      const verseText = text.texts[n]!;
      return {
        title: `${book.osis === 'Ps' ? 'Psalm' : book.name} ${range.chapter}:${range.verse}`,
        href: scriptureHref(range),
        preview: searchPreview(verseText, needle, foldForSearch(verseText)),
      };
    });
    return { count: found.length, verses, books: new Set(text.books).size };
  }

  /** The folded text, built again when the kept books changed since. */
  private async text(): Promise<Built> {
    const stamp = (await db.bibleBooks.toCollection().primaryKeys()).sort().join(',');
    if (this.built) {
      const current = await this.built.catch(() => null);
      if (current?.stamp === stamp) return current;
    }
    this.built = build(stamp);
    return this.built;
  }
}
