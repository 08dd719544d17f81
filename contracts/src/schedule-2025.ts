// The 2025 Family Worship schedule (placeholder until the full data lands).
import type { Lesson } from './schedule.ts';

export const SCHEDULE_2025: readonly Lesson[] = [
  { D: 'January 3, 2025', T: 'Placeholder', R: 'Placeholder' },
];
