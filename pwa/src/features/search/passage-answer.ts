// The passage a reference query names, as search shows it: its verses as the device holds them
// (db.ts `bibleChapters`), the rest from the network through the Bible's loader. Used on the page
// for the references query-reference.ts reads (use-passages.ts: the passage is drawn without
// waiting for the search worker) and in the worker for the forms only the full parser reads
// (device-search.ts).
import { formatRange, scriptureHref, type ScriptureRange } from '@fw/contracts/bible';
import { db } from '../../db/db.ts';
import type { ChapterText } from '../../bible/books.ts';
import { versesOf, type Verse } from '../../bible/passage.ts';

export interface PassageAnswer {
  /** "John 3:16". */
  title: string;
  /** The chapter reader's address, the passage marked: `/bible/john/3#v16`. */
  href: string;
  verses: Verse[];
  /** False when some of its chapters are neither on the device nor reachable now. */
  complete: boolean;
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

export async function passageOf(range: ScriptureRange): Promise<PassageAnswer> {
  const chapters = await chaptersOf(range);
  return {
    title: formatRange(range),
    href: scriptureHref(range),
    verses: versesOf(chapters, range),
    complete: chapters.size === range.endChapter - range.chapter + 1,
  };
}
