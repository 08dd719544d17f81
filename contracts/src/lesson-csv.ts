// Reading a pasted or uploaded schedule into lesson rows, each with the line it started on, so
// every problem can be named by line. Columns: date, title, text, then up to four extra
// title/text pairs. Tab-separated (pasted from a spreadsheet) or comma-separated with "quotes".
// No schema library: the admin screen previews with it; the rows are then checked with the
// schemas in schedule.ts, on the device and again on the server.
import { LIMITS } from './limits.ts';
import { BROADCAST_TITLE, isoFromDay, lessonDay, type LessonFields } from './lessons.ts';

export interface ImportRow extends LessonFields {
  /** The line of the pasted text (or file) the row starts on, from 1. */
  line: number;
}

export interface LineProblem {
  line: number;
  message: string;
}

export const LESSON_IMPORT_COLUMNS = 3 + 2 * LIMITS.LESSON_EXTRA_TOPICS_MAX;
const IMPORT_HEADER_FIRST_CELL = 'date';

/**
 * Splits text into records of cells; a quoted cell may hold commas, quotes ("") and line breaks.
 * The daily texts' import (daily.ts) reads its rows with it too.
 */
export function splitRecords(text: string): { line: number; cells: string[]; problem?: string }[] {
  const source = text.replace(/\r\n?/g, '\n');
  const firstLine = source.split('\n').find((l) => l.trim() !== '') ?? '';
  const separator = firstLine.includes('\t') ? '\t' : ',';
  const records: { line: number; cells: string[]; problem?: string }[] = [];
  let line = 1;
  let i = 0;
  while (i <= source.length) {
    const startLine = line;
    const cells: string[] = [];
    let cell = '';
    let problem: string | undefined;
    for (;;) {
      if (source[i] === '"' && cell.trim() === '') {
        cell = '';
        i += 1;
        let closed = false;
        while (i < source.length) {
          if (source[i] === '"') {
            if (source[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (source[i] === '\n') line += 1;
          cell += source[i];
          i += 1;
        }
        if (!closed) problem = 'a quoted cell is not closed (a " is missing)';
        // Anything between the closing quote and the separator is kept as typed.
        while (i < source.length && source[i] !== separator && source[i] !== '\n') cell += source[i++];
      }
      const ch = source[i];
      if (ch === undefined || ch === '\n') {
        cells.push(cell);
        i += 1;
        line += 1;
        break;
      }
      if (ch === separator) {
        cells.push(cell);
        cell = '';
        i += 1;
        continue;
      }
      cell += ch;
      i += 1;
    }
    if (cells.some((c) => c.trim() !== '')) records.push({ line: startLine, cells, problem });
  }
  return records;
}

/** "2025-01-03" stays; "January 3, 2025" becomes "2025-01-03"; anything else is left for the check. */
function normaliseDate(cell: string): string {
  const value = cell.trim();
  const day = lessonDay(value);
  return Number.isNaN(day) ? value : isoFromDay(day);
}

export function parseLessonImport(text: string): { rows: ImportRow[]; problems: LineProblem[] } {
  const rows: ImportRow[] = [];
  const problems: LineProblem[] = [];
  const records = splitRecords(text);
  for (const [index, record] of records.entries()) {
    const cells = record.cells.map((c) => c.trim());
    if (index === 0 && cells[0]?.toLowerCase() === IMPORT_HEADER_FIRST_CELL) continue;
    if (record.problem) {
      problems.push({ line: record.line, message: record.problem });
      continue;
    }
    while (cells.length > 3 && cells.at(-1) === '') cells.pop();
    if (cells.length > LESSON_IMPORT_COLUMNS) {
      problems.push({
        line: record.line,
        message: `has ${cells.length} columns; at most ${LESSON_IMPORT_COLUMNS} (date, title, text and ${LIMITS.LESSON_EXTRA_TOPICS_MAX} extra title/text pairs)`,
      });
      continue;
    }
    const [date = '', title = '', body = '', ...rest] = cells;
    const extras: { title: string; text: string }[] = [];
    for (let n = 0; n < rest.length; n += 2) extras.push({ title: rest[n] ?? '', text: rest[n + 1] ?? '' });
    const broadcast = title.toLowerCase() === BROADCAST_TITLE.toLowerCase() && body === '' && extras.length === 0;
    rows.push({
      line: record.line,
      date: normaliseDate(date),
      broadcast,
      title: broadcast ? '' : title,
      text: broadcast ? '' : body,
      extras,
    });
  }
  return { rows, problems };
}
