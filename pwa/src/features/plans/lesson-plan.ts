// "This week's lesson" (or, with none current, "Next lesson") as a plan, made on the device: the
// passages the current Family Worship lesson cites (or the next one's), in the order the lesson
// cites them, spread over the days of a week. The lesson's citations were found by the server when
// it was saved (contracts/src/lessons.ts LessonScripture); the plan keeps its own copy of them when
// started.
import { scheduleView, type LessonTextKey } from '@fw/contracts/lessons';
import type { LocalLesson } from '../../db/db.ts';
import { passageDays } from './plan-days.ts';

/** A lesson's readings fit a week. */
const LESSON_PLAN_DAYS = 7;
const LESSON_PLAN_PREFIX = 'lesson:';
const TEXT_KEYS: LessonTextKey[] = ['R', 'R1', 'R2', 'R3', 'R4'];

export interface LessonPlan {
  id: string;
  name: string;
  description: string;
  days: string[][];
}

/** The lesson's plan; null when no lesson is current or next, or it cites no passage. */
export function lessonPlan(lessons: readonly LocalLesson[], now: Date): LessonPlan | null {
  const view = scheduleView(lessons, now);
  const lesson = view.lessons[0];
  if (!lesson) return null;
  const passages = [...new Set(TEXT_KEYS.flatMap((key) => (lesson.scripture?.[key] ?? []).map((c) => c.osis)))];
  if (passages.length === 0) return null;
  const dayCount = Math.min(LESSON_PLAN_DAYS, passages.length);
  return {
    id: `${LESSON_PLAN_PREFIX}${lesson._id}`,
    // Named as /family labels it (FamilyWorshipPage.tsx): this week's, or with none current, the next.
    name: `${view.hasCurrent ? "This week's lesson" : 'Next lesson'}: ${lesson.T}`,
    description: `The passages the lesson of ${lesson.D} cites, over ${dayCount} ${dayCount === 1 ? 'day' : 'days'}.`,
    days: passageDays(passages, LESSON_PLAN_DAYS),
  };
}
