// The plans' words, in one place: a gentle streak line (never a guilty one) and a reading's name.
import { formatRange } from '@fw/contracts/bible';
import type { Reading } from './plan-progress.ts';

export const PLAN_WORDS = {
  markRead: 'Mark as read',
  unmarkHint: 'Marked by mistake? Press it again to undo.',
  dayDone: "Today's reading is done.",
  catchUp: 'Catch up',
  shift: 'Shift the plan to today',
  finished: 'You have read the whole plan. Well done!',
  nextReading: 'Next reading',
} as const;

/** The streak, said kindly: a day off is never a failure. */
export function streakLine(streak: number): string {
  if (streak >= 2) return `${streak} days in a row. Lovely.`;
  if (streak === 1) return 'One day so far. Every day counts.';
  return 'Every reading is a good start, whenever you come back to it.';
}

export const readingName = (reading: Pick<Reading, 'range'>) => formatRange(reading.range);
