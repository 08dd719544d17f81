// The daily text: one scripture reference and a short comment per calendar day, chosen by the
// administrators. No schema library here: the home card and the /daily page import it.
//
// A daily text is known by its date (`YYYY-MM-DD`, no time zone, like a lesson's): the device
// shows the one for its own calendar day (lessons.ts localDay). The reference's verses are never
// stored: the device reads them from the Bible it keeps; the server only finds which passage the
// reference names (`osis`), so the page needs no reference parser.
import type { TextCitation } from './bible.ts';
import { formatLessonDate, isoFromDay, lessonDay } from './lessons.ts';
import { splitRecords, type LineProblem } from './lesson-csv.ts';
import { SITE_NAME, type PageMeta } from './pages.ts';

/**
 * The /daily page's title and description (pages.ts PAGE_META has the other pages'): here, so only
 * the daily page's own code carries it, not the home page's.
 */
export const DAILY_PAGE_META = {
  title: `Daily text · ${SITE_NAME}`,
  description: 'A Bible text and a short thought for every day, with the days before and after.',
} as const satisfies PageMeta;

/** What an administrator writes. */
export interface DailyTextFields {
  /** The calendar date, `YYYY-MM-DD`. */
  date: string;
  /** As typed: "John 3:16-18". */
  reference: string;
  /** Plain text, line breaks kept; citations in it are linked from `scripture`. */
  comment: string;
}

/** A daily text as the server serves it. */
export interface DailyText extends DailyTextFields {
  /** Grows with every change of this date's text; an edit based on an older one is refused (409). */
  version: number;
  /** The passage the reference names ("John.3.16-John.3.18"), found by the server on save. */
  osis: string;
  /** Citations inside the comment, as offsets (like a lesson's `scripture`). */
  scripture?: TextCitation[];
}

export const DAILY_LIMITS = {
  REFERENCE_MAX_CHARS: 100,
  COMMENT_MAX_CHARS: 1500,
  /** Rows in one import: a year of days with room to spare. */
  IMPORT_MAX_ROWS: 400,
  /** The longest window one read may ask for (days, both ends included). */
  WINDOW_MAX_DAYS: 400,
} as const;

/** A device keeps the texts of this many days before today… */
const DAILY_PAST_DAYS = 30;
/** …and of this many after it, once it has synced. */
export const DAILY_AHEAD_DAYS = 60;

/** A device with an administrator signed in keeps this many days ahead: the admin screen lists them. */
export const DAILY_ADMIN_AHEAD_DAYS = 365;

/** The dates a device keeps on `today` (a day number), oldest first and newest last. */
export function dailyWindow(today: number, aheadDays: number = DAILY_AHEAD_DAYS): { from: string; to: string } {
  return { from: isoFromDay(today - DAILY_PAST_DAYS), to: isoFromDay(today + aheadDays) };
}

/** "Friday, November 27, 2026": the heading of a day's text. */
export function formatDailyDate(iso: string): string {
  const formatted = formatLessonDate(iso);
  if (formatted === iso) return iso;
  const weekday = new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday}, ${formatted}`;
}

const DAILY_IMPORT_COLUMNS = 3;
const IMPORT_HEADER_FIRST_CELL = 'date';

export interface DailyImportRow extends DailyTextFields {
  /** The line of the pasted text (or file) the row starts on, from 1. */
  line: number;
}

/**
 * Rows pasted from a spreadsheet (tab-separated) or a CSV file: date, reference, comment. A first
 * row starting with "date" is a header. Dates may be written "2026-11-27" or "November 27, 2026".
 * The rows are then checked with the schemas of daily-schema.ts, on the device and on the server.
 */
export function parseDailyImport(text: string): { rows: DailyImportRow[]; problems: LineProblem[] } {
  const rows: DailyImportRow[] = [];
  const problems: LineProblem[] = [];
  for (const [index, record] of splitRecords(text).entries()) {
    const cells = record.cells.map((c) => c.trim());
    if (index === 0 && cells[0]?.toLowerCase() === IMPORT_HEADER_FIRST_CELL) continue;
    if (record.problem) {
      problems.push({ line: record.line, message: record.problem });
      continue;
    }
    while (cells.length > DAILY_IMPORT_COLUMNS && cells.at(-1) === '') cells.pop();
    if (cells.length > DAILY_IMPORT_COLUMNS) {
      problems.push({
        line: record.line,
        message: `has ${cells.length} columns; a daily text has ${DAILY_IMPORT_COLUMNS} (date, reference, comment)`,
      });
      continue;
    }
    const [date = '', reference = '', comment = ''] = cells;
    const day = lessonDay(date);
    rows.push({ line: record.line, date: Number.isNaN(day) ? date : isoFromDay(day), reference, comment });
  }
  return { rows, problems };
}
