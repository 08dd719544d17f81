// Where a reader stands in a plan they follow, worked out from its record (db.ts PlanProgress) and
// the device's own calendar day: which day is today's, the earlier days still to read, how much is
// done, the streak, and the changes "mark as read" (and taking it back) and "shift the plan to
// today" make. Days are calendar days in the device's time zone (moment), so a reading belongs to
// the reader's own Monday wherever they are, and a change of clocks for summer time moves nothing.
import moment from 'moment';
import { parseOsis, scriptureHref, type ScriptureRange } from '@fw/contracts/bible';
import type { PlanProgress } from '../../db/db.ts';

const DAY_FORMAT = 'YYYY-MM-DD';

/** A date's calendar day on this device: "2026-03-29". */
export const dayOf = (date: Date) => moment(date).format(DAY_FORMAT);

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => moment(to, DAY_FORMAT).diff(moment(from, DAY_FORMAT), 'days');

/** The calendar day `count` days after `day`. */
export const addDays = (day: string, count: number) => moment(day, DAY_FORMAT).add(count, 'days').format(DAY_FORMAT);

/** A calendar day as a person reads it: "March 29, 2026". */
export const formatDay = (day: string) => moment(day, DAY_FORMAT).format('MMMM D, YYYY');

/** One reading of a plan: a passage on a day. */
export const readingKey = (day: number, osis: string) => `${day}:${osis}`;

export interface PlanStatus {
  /** Today's place in the plan: negative before it starts, `days.length` or more after its last day. */
  todayIndex: number;
  /** Earlier days (before today, within the plan) with a reading not done, oldest first. */
  missed: number[];
  /** Readings done, as a whole percentage of all of them. */
  percent: number;
  finished: boolean;
  /** Calendar days in a row, ending today or yesterday, on which a reading still marked was done. */
  streak: number;
}

export function isDayDone(progress: Pick<PlanProgress, 'done'>, days: string[][], day: number): boolean {
  const done = new Set(progress.done);
  return (days[day] ?? []).every((osis) => done.has(readingKey(day, osis)));
}

/** Consecutive calendar days ending today (or, before today's reading, yesterday) with a reading done. */
export function streakOf(readOn: readonly string[], today: string): number {
  const days = new Set(readOn);
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

export function planStatus(progress: PlanProgress, days: string[][], today: string): PlanStatus {
  const todayIndex = daysBetween(progress.startDate, today);
  const done = new Set(progress.done);
  const missed: number[] = [];
  for (let day = 0; day < Math.min(todayIndex, days.length); day += 1) {
    if (!isDayDone(progress, days, day)) missed.push(day);
  }
  const total = days.reduce((sum, day) => sum + day.length, 0);
  const doneCount = days.reduce((sum, list, day) => sum + list.filter((osis) => done.has(readingKey(day, osis))).length, 0);
  return {
    todayIndex,
    missed,
    percent: total ? Math.floor((doneCount * 100) / total) : 0,
    finished: total > 0 && doneCount === total,
    streak: streakOf(progress.readOn, today),
  };
}

/** The day each reading still done was marked on, where it is known. An entry for a reading not
 * done any more is no mark: a device on an older app takes marks back without touching it. */
function markedDays(progress: Pick<PlanProgress, 'done' | 'markedOn'>): Map<string, string> {
  const marked = progress.markedOn ?? {};
  return new Map(progress.done.flatMap((key) => (Object.hasOwn(marked, key) ? [[key, marked[key]!] as const] : [])));
}

/** The record with these readings done today; the same record when all of them are done already. */
export function withDone(progress: PlanProgress, keys: readonly string[], today: string, now = Date.now()): PlanProgress {
  const before = new Set(progress.done);
  const fresh = [...new Set(keys)].filter((key) => !before.has(key));
  if (!fresh.length) return progress;
  const markedOn = Object.fromEntries([...markedDays(progress), ...fresh.map((key) => [key, today] as const)]);
  const readOn = progress.readOn.includes(today) ? progress.readOn : [...progress.readOn, today].sort();
  return { ...progress, done: [...progress.done, ...fresh], readOn, markedOn, updatedAt: now };
}

/** The record with these readings not done any more: a mark taken back, as if it had never been
 * given. A day stays in the streak while a reading marked on it is still marked, so taking back
 * today's mistaken mark takes today out, and taking back the last mark of an earlier day takes
 * that day out. A reading whose day is not known (marked before the days were kept) leaves the
 * days as they are, except that a plan with nothing done has no day read. Such a reading cannot
 * hold a day either: a day whose last known mark is taken back goes, even if one of those was
 * marked on it too. */
export function withoutDone(progress: PlanProgress, keys: readonly string[], now = Date.now()): PlanProgress {
  const undone = new Set(keys);
  const marked = [...markedDays(progress)];
  const kept = marked.filter(([key]) => !undone.has(key));
  const stillRead = new Set(kept.map(([, day]) => day));
  const emptied = new Set(marked.filter(([key, day]) => undone.has(key) && !stillRead.has(day)).map(([, day]) => day));
  const done = progress.done.filter((key) => !undone.has(key));
  const readOn = done.length ? progress.readOn.filter((day) => !emptied.has(day)) : [];
  return { ...progress, done, readOn, markedOn: Object.fromEntries(kept), updatedAt: now };
}

/** The start day that makes the oldest missed day today's reading (the start as it is when none is missed). */
export function shiftedStart(progress: PlanProgress, days: string[][], today: string): string {
  const first = planStatus(progress, days, today).missed[0];
  return first === undefined ? progress.startDate : addDays(today, -first);
}

/** A reading as the screens show and link it. */
export interface Reading {
  day: number;
  osis: string;
  range: ScriptureRange;
  href: string;
  done: boolean;
}

export function readingsOf(progress: Pick<PlanProgress, 'done'>, days: string[][], day: number): Reading[] {
  const done = new Set(progress.done);
  return (days[day] ?? []).flatMap((osis) => {
    const range = parseOsis(osis);
    return range ? [{ day, osis, range, href: scriptureHref(range), done: done.has(readingKey(day, osis)) }] : [];
  });
}

const inChapter = (range: ScriptureRange, osis: string, chapter: number) =>
  range.book.osis === osis && range.chapter <= chapter && chapter <= range.endChapter;

/** The oldest reading due by today (today's or a missed one), not done, in this chapter. */
export function dueReadingIn(progress: PlanProgress, days: string[][], today: string, osis: string, chapter: number): Reading | null {
  const last = Math.min(daysBetween(progress.startDate, today), days.length - 1);
  for (let day = 0; day <= last; day += 1) {
    const found = readingsOf(progress, days, day).find((r) => !r.done && inChapter(r.range, osis, chapter));
    if (found) return found;
  }
  return null;
}

/** The first reading not done, from day `from` on (then from the start); null when all are done. */
export function nextReading(progress: PlanProgress, days: string[][], from: number): Reading | null {
  const order = [...days.keys()].filter((d) => d >= from).concat([...days.keys()].filter((d) => d < from));
  for (const day of order) {
    const found = readingsOf(progress, days, day).find((r) => !r.done);
    if (found) return found;
  }
  return null;
}
