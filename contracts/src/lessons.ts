// The Family Worship lesson shape, calendar-date helpers and the rules of what the page shows
// (no schema library: the PWA uses it).
//
// A lesson's date is a calendar day with no time zone ("2025-01-03"): a family in Auckland and
// one in Honolulu both study the January 3 lesson on their own January 3. All day arithmetic is
// on day numbers (days since 1970-01-01), never on Date objects at midnight.
import type { TextCitation } from './bible.ts';

export interface Lesson {
  /** Set on lessons served from the database (absent in the static 2025 data). */
  _id?: string;
  /** The calendar date, `YYYY-MM-DD`. */
  date?: string;
  /** Grows with every edit; an edit based on an older one is refused (409). */
  version?: number;
  /** The date as the Family page shows it: "January 3, 2025". */
  D: string;
  T: string;
  R: string;
  T1?: string;
  R1?: string;
  T2?: string;
  R2?: string;
  T3?: string;
  R3?: string;
  T4?: string;
  R4?: string;
  /** The citations in each text (`R`, `R1`…), found by the server when the lesson was saved. */
  scripture?: LessonScripture;
}

export type LessonTextKey = 'R' | 'R1' | 'R2' | 'R3' | 'R4';
export type LessonScripture = Partial<Record<LessonTextKey, TextCitation[]>>;

/** A lesson stays current from its date through this many days after it, inclusive. */
export const LESSON_CURRENT_DAYS = 3;
const LESSON_EXTRA_KEYS = [1, 2, 3, 4] as const;
export const BROADCAST_TITLE = 'Broadcast';
/** Lessons are for Fridays (Date#getUTCDay numbering: 0 is Sunday). */
const LESSON_WEEKDAY = 5;
const DAY_MS = 86_400_000;
/** Dates outside these years are typing mistakes, not lessons. */
const LESSON_YEAR_MIN = 2000;
const LESSON_YEAR_MAX = 2999;

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a real calendar date `YYYY-MM-DD` within the allowed years, or NaN. */
export function isoDay(iso: string): number {
  const match = ISO_DATE.exec(iso);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < LESSON_YEAR_MIN || year > LESSON_YEAR_MAX) return Number.NaN;
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // 2025-02-30 rolls over to March 2: not a real date.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return Number.NaN;
  return ms / DAY_MS;
}

export function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** "2025-01-03" → "January 3, 2025" (a lesson's date heading). */
export function formatLessonDate(iso: string): string {
  const day = isoDay(iso);
  if (Number.isNaN(day)) return iso;
  const d = new Date(day * DAY_MS);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "January 3, 2025" as a day number, or NaN. */
export function lessonDay(dateText: string): number {
  const match = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(dateText.trim());
  if (!match) return Number.NaN;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[1]!.toLowerCase());
  if (month < 0) return Number.NaN;
  return isoDay(`${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`);
}

/** A lesson's day number: from its ISO date when it has one, else from its `D` text. */
function dayOfLesson(lesson: Pick<Lesson, 'date' | 'D'>): number {
  return lesson.date ? isoDay(lesson.date) : lessonDay(lesson.D);
}

/**
 * The calendar day of a moment where the family is: the device's own time zone, or a named one
 * (tests, and anyone who wants a zone other than the device's).
 */
export function localDay(now: Date, timeZone?: string): number {
  if (!timeZone) return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / DAY_MS;
  // en-CA formats as YYYY-MM-DD.
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return isoDay(iso);
}

/** The first lesson weekday on or after a day: "next Friday" for a new lesson's date. */
export function nextLessonDay(today: number): number {
  const weekday = new Date(today * DAY_MS).getUTCDay();
  return today + ((LESSON_WEEKDAY - weekday + 7) % 7);
}

/** The extra title/text pairs of a lesson that are present. */
export function lessonExtras(lesson: Lesson): { title: string; text: string }[] {
  return LESSON_EXTRA_KEYS.flatMap((n) => {
    const title = lesson[`T${n}`];
    return title ? [{ title, text: lesson[`R${n}`] ?? '' }] : [];
  });
}

export function isBroadcast(lesson: Pick<Lesson, 'T' | 'R'>): boolean {
  return lesson.T === BROADCAST_TITLE && !lesson.R;
}

export interface ScheduleView<L extends Lesson = Lesson> {
  /** The current lesson and every later one; with none current, the next one and those after. */
  lessons: L[];
  hasCurrent: boolean;
  /** Every lesson before those, newest first (the archive). */
  past: L[];
}

/**
 * What the Family Worship page shows: the current lesson (its date through LESSON_CURRENT_DAYS
 * after) and every later one; with none current, the next future lesson and those after it.
 * Lessons before those are the archive.
 */
export function scheduleView<L extends Lesson>(lessons: readonly L[], now: Date, timeZone?: string): ScheduleView<L> {
  const today = localDay(now, timeZone);
  const dated = lessons
    .map((lesson) => ({ lesson, day: dayOfLesson(lesson) }))
    .filter((entry) => !Number.isNaN(entry.day))
    .sort((a, b) => a.day - b.day);
  const current = dated.findIndex((e) => today >= e.day && today <= e.day + LESSON_CURRENT_DAYS);
  const next = dated.findIndex((e) => e.day > today);
  const start = current >= 0 ? current : next >= 0 ? next : dated.length;
  return {
    lessons: dated.slice(start).map((e) => e.lesson),
    hasCurrent: current >= 0,
    past: dated.slice(0, start).reverse().map((e) => e.lesson),
  };
}

/** The page's rule without the archive. */
export function lessonsToShow<L extends Lesson>(lessons: readonly L[], now: Date, timeZone?: string) {
  const { lessons: shown, hasCurrent } = scheduleView(lessons, now, timeZone);
  return { lessons: shown, hasCurrent };
}

/** Consecutive lessons of the same month together, in the order given: "December 2025". */
export function groupByMonth<L extends Lesson>(lessons: readonly L[]): { month: string; lessons: L[] }[] {
  const groups: { month: string; lessons: L[] }[] = [];
  for (const lesson of lessons) {
    const day = dayOfLesson(lesson);
    const d = new Date(day * DAY_MS);
    const month = Number.isNaN(day) ? '' : `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const last = groups.at(-1);
    if (last?.month === month) last.lessons.push(lesson);
    else groups.push({ month, lessons: [lesson] });
  }
  return groups;
}

/** A lesson as an administrator writes it (what the admin calls carry). */
export interface LessonFields {
  date: string;
  /** A "Broadcast" week: no title of its own, no text, no extra topics. */
  broadcast: boolean;
  title: string;
  text: string;
  extras: { title: string; text: string }[];
}

/** The served lesson shape (`D`, `T`, `R`, `T1`…`R4`) of a lesson's fields. */
export function lessonFromFields(fields: LessonFields, meta: { _id?: string; version?: number } = {}): Lesson {
  const lesson: Lesson = {
    ...(meta._id !== undefined ? { _id: meta._id } : {}),
    date: fields.date,
    ...(meta.version !== undefined ? { version: meta.version } : {}),
    D: formatLessonDate(fields.date),
    T: fields.broadcast ? BROADCAST_TITLE : fields.title,
    R: fields.broadcast ? '' : fields.text,
  };
  if (!fields.broadcast) {
    fields.extras.forEach((extra, index) => {
      const n = LESSON_EXTRA_KEYS[index];
      if (n === undefined) return;
      lesson[`T${n}`] = extra.title;
      lesson[`R${n}`] = extra.text;
    });
  }
  return lesson;
}

/** The editable fields of a served lesson (the admin form starts from these). */
export function fieldsFromLesson(lesson: Lesson): LessonFields {
  const day = dayOfLesson(lesson);
  const broadcast = isBroadcast(lesson);
  return {
    date: lesson.date ?? (Number.isNaN(day) ? '' : isoFromDay(day)),
    broadcast,
    title: broadcast ? '' : lesson.T,
    text: broadcast ? '' : lesson.R,
    extras: broadcast ? [] : lessonExtras(lesson),
  };
}
