// The verses of a passage out of its chapters (pure: the sheet, the reader and their tests use it).
import type { ScriptureRange } from '@fw/contracts/bible';
import type { ChapterText } from './books.ts';

export interface Verse {
  chapter: number;
  verse: number;
  text: string;
}

/** Every verse of the range that the chapters have, in order; a chapter alone is all its verses. */
export function versesOf(chapters: Map<number, ChapterText>, range: ScriptureRange): Verse[] {
  const verses: Verse[] = [];
  for (let chapter = range.chapter; chapter <= range.endChapter; chapter += 1) {
    const texts = chapters.get(chapter)?.verses ?? [];
    const from = chapter === range.chapter ? (range.verse ?? 1) : 1;
    const to = chapter === range.endChapter ? (range.endVerse ?? texts.length) : texts.length;
    for (let verse = from; verse <= Math.min(to, texts.length); verse += 1) {
      verses.push({ chapter, verse, text: texts[verse - 1] ?? '' });
    }
  }
  return verses;
}

/** The verses a chapter page highlights, from its address's fragment (`#v16`, `#v16-18`). */
export function highlightedVerses(hash: string, chapter: number): { from: number; to: number } | null {
  const match = /^#v(\d+)(?:-(?:(\d+):)?(\d+))?$/.exec(hash);
  if (!match) return null;
  const from = Number(match[1]);
  const endChapter = match[2] ? Number(match[2]) : chapter;
  const to = endChapter !== chapter ? Number.MAX_SAFE_INTEGER : match[3] ? Number(match[3]) : from;
  return { from, to: Math.max(from, to) };
}
