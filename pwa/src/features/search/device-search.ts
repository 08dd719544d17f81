// What search finds besides the articles (search-engine.ts), in the search worker: for a query
// that names a passage, its verses as the device holds them and the lessons citing it; for any
// other query, the lessons and the Bible verses containing it (lesson-search.ts, bible-search.ts).
import { formatRange, scriptureHref, type ScriptureRange } from '@fw/contracts/bible';
import { db } from '../../db/db.ts';
import type { ChapterText } from '../../bible/books.ts';
import { versesOf, type Verse } from '../../bible/passage.ts';
import { BibleSearch, type VerseAnswer } from './bible-search.ts';
import { searchLessons, type LessonHit } from './lesson-search.ts';
import { referenceQuery } from './reference-search.ts';


export interface PassageAnswer {
  /** "John 3:16". */
  title: string;
  /** The chapter reader's address, the passage marked: `/bible/john/3#v16`. */
  href: string;
  verses: Verse[];
  /** False when some of its chapters are neither on the device nor reachable now. */
  complete: boolean;
}

export interface DeviceAnswer {
  /** The passages the query names, or null when it is no reference. */
  passages: PassageAnswer[] | null;
  lessons: LessonHit[];
  /** The verses containing the query; null for a reference (its passage is the answer). */
  verses: VerseAnswer | null;
}

/** The chapters of a range from the device; the rest from the network through the Bible's loader. */
async function chaptersOf(range: ScriptureRange): Promise<Map<number, ChapterText>> {
  const numbers = Array.from({ length: range.endChapter - range.chapter + 1 }, (_, i) => range.chapter + i);
  const kept = await db.bibleChapters.bulkGet(numbers.map((c) => `${range.book.osis}.${c}`));
  const found = new Map<number, ChapterText>();
  kept.forEach((record, i) => record && found.set(numbers[i]!, record));
  if (found.size === numbers.length) return found;
  try {
    // Loaded only now: it carries the build's list of Bible files.
    const { loadChapters } = await import('../../bible/books.ts');
    return await loadChapters(range.book.osis, range.chapter, range.endChapter);
  } catch (error) {
    console.warn('[search] a passage is not on this device', error);
    return found;
  }
}

async function passageOf(range: ScriptureRange): Promise<PassageAnswer> {
  const chapters = await chaptersOf(range);
  return {
    title: formatRange(range),
    href: scriptureHref(range),
    verses: versesOf(chapters, range),
    complete: chapters.size === range.endChapter - range.chapter + 1,
  };
}

export class DeviceSearch {
  private readonly bible = new BibleSearch();

  /** `needle` is normaliseQuery's output; `verses` how many matching verses to send. */
  async search(needle: string, verses: number): Promise<DeviceAnswer> {
    const ranges = await referenceQuery(needle);
    const [passages, lessons, found] = await Promise.all([
      ranges ? Promise.all(ranges.map(passageOf)) : null,
      searchLessons(needle, ranges),
      ranges ? null : this.bible.find(needle, verses),
    ]);
    return { passages, lessons, verses: found };
  }
}
