// A highlight on Bible verses is anchored by the verse reference itself (book, chapter, first and
// last verse), not by a quote of the words: the text of a translation does not change, and the
// reference is what the reader, a link and a backup all name. Pure helpers, shared by the chapter
// reader, My notes and the backup's checks.
import { BIBLE_BOOKS, formatRange, scriptureHref, type ScriptureRange } from '@fw/contracts/bible';
import type { HighlightColor, VerseHighlight, VersePassage } from '../../db/db.ts';

/** No chapter of the Bible has more verses than this (Psalm 119 has 176). */
const MAX_VERSE = 200;

const BOOK_BY_OSIS = new Map(BIBLE_BOOKS.map((book) => [book.osis, book]));

/** The chapter a passage stands in, as the highlights table indexes it: "John.3". */
export const verseChapterId = (passage: Pick<VersePassage, 'osis' | 'chapter'>) => `${passage.osis}.${passage.chapter}`;

const isWhole = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max;

/** True for a passage naming a real book and chapter and an ordered verse range (a backup is checked with it). */
export function isVersePassage(v: unknown): v is VersePassage {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  const book = typeof p.osis === 'string' ? BOOK_BY_OSIS.get(p.osis) : undefined;
  return (
    book !== undefined && isWhole(p.chapter, book.chapters) && isWhole(p.verse, MAX_VERSE) && isWhole(p.endVerse, MAX_VERSE) &&
    p.verse <= p.endVerse
  );
}

export function passageRange(passage: VersePassage): ScriptureRange {
  const book = BOOK_BY_OSIS.get(passage.osis)!;
  return { book, chapter: passage.chapter, endChapter: passage.chapter, verse: passage.verse, endVerse: passage.endVerse };
}

/** "John 3:16-18". */
export const passageTitle = (passage: VersePassage) => formatRange(passageRange(passage));
/** "/bible/john/3#v16-18": the reader at these verses. */
export const passageHref = (passage: VersePassage) => scriptureHref(passageRange(passage));

/** The passage the selected verses span (first to last), or null when none is selected. */
export function selectionPassage(osis: string, chapter: number, selected: Iterable<number>): VersePassage | null {
  const verses = [...selected];
  if (!verses.length) return null;
  return { osis, chapter, verse: Math.min(...verses), endVerse: Math.max(...verses) };
}

export interface VerseMark {
  /** The highlight drawn on the verse (the newest edited, where several cover it). */
  id: string;
  color: HighlightColor;
  /** Whether that highlight carries a note. */
  noted: boolean;
}

/**
 * Each highlighted verse of a chapter with the highlight it shows: one pass over the chapter's
 * highlights, so a chapter with hundreds of them is drawn as cheaply as with a few.
 */
export function verseMarks(highlights: readonly VerseHighlight[]): Map<number, VerseMark> {
  const marks = new Map<number, VerseMark>();
  const newest = new Map<number, number>();
  for (const h of highlights) {
    for (let verse = h.passage.verse; verse <= h.passage.endVerse; verse += 1) {
      if ((newest.get(verse) ?? -1) >= h.updatedAt) continue;
      newest.set(verse, h.updatedAt);
      marks.set(verse, { id: h._id, color: h.color, noted: h.note !== '' });
    }
  }
  return marks;
}
