// The Family Worship lesson shape and the current-lesson rule (no schema library: the PWA uses it).

export interface Lesson {
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
}

/** A lesson stays current from its date through this many days after it, inclusive. */
export const LESSON_CURRENT_DAYS = 3;
export const LESSON_EXTRA_KEYS = [1, 2, 3, 4] as const;
export const BROADCAST_TITLE = 'Broadcast';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** "January 3, 2025" as a local calendar day number (days since the epoch), or NaN. */
export function lessonDay(dateText: string): number {
  const match = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(dateText.trim());
  if (!match) return Number.NaN;
  const month = MONTHS.indexOf(match[1]!);
  if (month < 0) return Number.NaN;
  return Date.UTC(Number(match[3]), month, Number(match[2])) / 86_400_000;
}

/** The calendar day of a moment, in the device's local time zone. */
export function localDay(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000;
}

/** The extra title/text pairs of a lesson that are present. */
export function lessonExtras(lesson: Lesson): { title: string; text: string }[] {
  return LESSON_EXTRA_KEYS.flatMap((n) => {
    const title = lesson[`T${n}`];
    return title ? [{ title, text: lesson[`R${n}`] ?? '' }] : [];
  });
}

/**
 * What the Family Worship page shows: the current lesson (its date through LESSON_CURRENT_DAYS
 * after) and every later one; with none current, the next future lesson and those after it.
 */
export function lessonsToShow(lessons: readonly Lesson[], now: Date): { lessons: Lesson[]; hasCurrent: boolean } {
  const today = localDay(now);
  const dated = lessons
    .map((lesson) => ({ lesson, day: lessonDay(lesson.D) }))
    .filter((entry) => !Number.isNaN(entry.day))
    .sort((a, b) => a.day - b.day);
  const current = dated.findIndex((e) => today >= e.day && today <= e.day + LESSON_CURRENT_DAYS);
  if (current >= 0) return { lessons: dated.slice(current).map((e) => e.lesson), hasCurrent: true };
  const next = dated.findIndex((e) => e.day > today);
  return { lessons: next >= 0 ? dated.slice(next).map((e) => e.lesson) : [], hasCurrent: false };
}
