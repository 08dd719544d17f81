// The admin screen's checks before anything is queued: the contracts' lesson schema (the same
// one the server applies), plus the dates already taken on this device, so a clash is named here
// rather than refused later by the server.
import '@fw/contracts/zod-strict-csp';
import { formatLessonDate, type LessonFields } from '@fw/contracts/lessons';
import { parseLessonImport, type ImportRow } from '@fw/contracts/lesson-csv';
import { checkImportRows, lessonInputSchema, lessonProblems } from '@fw/contracts/schedule';
import type { ImportCheck } from '../../components/ui/ImportPanel.tsx';
import type { LocalLesson } from '../../db/db.ts';

const dateTakenMessage = (date: string) => `There is already a lesson for ${formatLessonDate(date)}.`;

/** Problems of the form's lesson, each a sentence; none means it can be saved. */
export function formProblems(fields: LessonFields, editingId: string | null, lessons: readonly LocalLesson[]): string[] {
  const problems = lessonProblems(lessonInputSchema, fields);
  if (fields.date && lessons.some((l) => l.date === fields.date && l._id !== editingId)) problems.push(dateTakenMessage(fields.date));
  return problems;
}

/** Reads pasted text and checks every row, including against the lessons already on the device. */
export function checkImport(text: string, lessons: readonly LocalLesson[]): ImportCheck<ImportRow> {
  const parsed = parseLessonImport(text);
  const checked = checkImportRows(parsed.rows);
  const taken = new Set(lessons.map((l) => l.date));
  const clashes = checked.lessons
    .filter((row) => taken.has(row.date))
    .map((row) => ({ line: row.line, message: dateTakenMessage(row.date) }));
  const problems = [...parsed.problems, ...checked.problems, ...clashes].sort((a, b) => a.line - b.line);
  return { rows: parsed.rows, problems };
}
