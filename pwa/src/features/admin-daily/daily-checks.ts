// The admin screen's checks before anything is queued: the contracts' daily text schema (the
// same one the server applies), plus the dates already holding a text on this device, so a clash
// is named here rather than refused later by the server. Whether a reference names a passage is
// the server's to say (the page has no reference parser): it answers with the line.
import '@fw/contracts/zod-strict-csp';
import { checkDailyImportRows, dailyProblems, formatDailyDate, parseDailyImport, type DailyImportRow, type DailyTextFields } from '@fw/contracts/daily-schema';
import type { ImportCheck } from '../../components/ui/ImportPanel.tsx';
import type { LocalDailyText } from '../../db/db.ts';

const dateTakenMessage = (date: string) => `There is already a text for ${formatDailyDate(date)}.`;

/** Problems of the form's text, each a sentence; none means it can be saved. */
export function formProblems(fields: DailyTextFields, editing: boolean, texts: readonly LocalDailyText[]): string[] {
  const problems = dailyProblems(fields);
  if (!editing && fields.date && texts.some((t) => t.date === fields.date)) problems.push(dateTakenMessage(fields.date));
  return problems;
}

/** Reads pasted text and checks every row, including against the texts already on the device. */
export function checkDailyImport(text: string, texts: readonly LocalDailyText[]): ImportCheck<DailyImportRow> {
  const parsed = parseDailyImport(text);
  const checked = checkDailyImportRows(parsed.rows);
  const taken = new Set(texts.map((t) => t.date));
  const clashes = checked.rows.filter((row) => taken.has(row.date)).map((row) => ({ line: row.line, message: dateTakenMessage(row.date) }));
  const problems = [...parsed.problems, ...checked.problems, ...clashes].sort((a, b) => a.line - b.line);
  return { rows: parsed.rows, problems };
}
