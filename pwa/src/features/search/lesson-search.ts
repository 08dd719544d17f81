// Search over the Family Worship lessons the device keeps (db.ts `worship`), in the search worker:
// a lesson matches by its titles and texts (the articles' rule: a case-insensitive substring,
// contracts/src/text.ts) or, for a reference query, by a citation the server found in its texts
// that shares a verse with the passage asked for.
import { parseOsis, rangesOverlap, type ScriptureRange } from '@fw/contracts/bible';
import type { LessonTextKey } from '@fw/contracts/lessons';
import { foldForSearch, searchPreview, type SearchPreview } from '@fw/contracts/text';
import { db, type LocalLesson } from '../../db/db.ts';

export interface LessonHit {
  _id: string;
  /** `YYYY-MM-DD`, for the link to its week on the Family page. */
  date?: string;
  /** "January 3, 2025". */
  D: string;
  T: string;
  preview: SearchPreview | null;
}

const TEXTS = [
  ['T', 'R'],
  ['T1', 'R1'],
  ['T2', 'R2'],
  ['T3', 'R3'],
  ['T4', 'R4'],
] as const satisfies readonly (readonly [keyof LocalLesson, LessonTextKey])[];

function byText(lesson: LocalLesson, needle: string): SearchPreview | null | false {
  let titled = false;
  for (const [title, key] of TEXTS) {
    const text = lesson[key];
    if (text) {
      const preview = searchPreview(text, needle, foldForSearch(text));
      if (preview) return preview;
    }
    if (foldForSearch(lesson[title] ?? '').includes(needle)) titled = true;
  }
  return titled ? null : false;
}

function byCitation(lesson: LocalLesson, ranges: ScriptureRange[]): SearchPreview | null | false {
  for (const [, key] of TEXTS) {
    const text = lesson[key];
    for (const cited of lesson.scripture?.[key] ?? []) {
      const range = parseOsis(cited.osis);
      if (!text || !range || !ranges.some((asked) => rangesOverlap(range, asked))) continue;
      // The preview marks the citation as the lesson writes it.
      const folded = foldForSearch(text);
      return searchPreview(text, folded.slice(cited.at, cited.end), folded);
    }
  }
  return false;
}

/**
 * The lessons matching `needle` (normaliseQuery's output), newest first; with `ranges` (the query
 * read as references) also those citing a verse of them.
 */
export async function searchLessons(needle: string, ranges: ScriptureRange[] | null): Promise<LessonHit[]> {
  const lessons = await db.worship.toArray();
  const hits: LessonHit[] = [];
  for (const lesson of lessons) {
    let preview = ranges ? byCitation(lesson, ranges) : false;
    if (preview === false) preview = byText(lesson, needle);
    if (preview === false) continue;
    hits.push({ _id: lesson._id, ...(lesson.date ? { date: lesson.date } : {}), D: lesson.D, T: lesson.T, preview });
  }
  return hits.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}
