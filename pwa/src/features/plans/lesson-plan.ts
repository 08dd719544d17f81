// "This week's lesson" (or, with none current, "Next lesson") as a plan, made on the device: the
// passages the current Family Worship lesson cites (or the next one's), in the order the lesson
// cites them, spread over the days of a week. The lesson's citations were found by the server when
// it was saved (contracts/src/lessons.ts LessonScripture); the plan keeps its own copy of them when
// started. A followed lesson plan is named afresh each time it is shown, from where its lesson
// stands that day, so it never keeps a "Next" or "This week's" that has stopped being true.
import { scheduleView, type LessonTextKey, type ScheduleView } from '@fw/contracts/lessons';
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

/**
 * A lesson plan's name, as /family labels its lesson (FamilyWorshipPage.tsx): the first lesson
 * shown there is this week's, or with none current the next; any other is named by its date.
 */
function lessonPlanName(lesson: LocalLesson, view: ScheduleView<LocalLesson>): string {
  if (view.lessons[0]?._id !== lesson._id) return `Lesson of ${lesson.D}: ${lesson.T}`;
  return `${view.hasCurrent ? "This week's lesson" : 'Next lesson'}: ${lesson.T}`;
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
    name: lessonPlanName(lesson, view),
    description: `The passages the lesson of ${lesson.D} cites, over ${dayCount} ${dayCount === 1 ? 'day' : 'days'}.`,
    days: passageDays(passages, LESSON_PLAN_DAYS),
  };
}

export const isLessonPlan = (planId: string) => planId.startsWith(LESSON_PLAN_PREFIX);

/**
 * A followed plan's name at `now`. Its record keeps the name it was started with (and syncs it),
 * which for a lesson's plan was true only that week: it is named from the schedule instead. Any
 * other plan, or a lesson no longer on the device, keeps the name it was started with.
 */
export function followedPlanName(plan: { planId: string; title: string }, lessons: readonly LocalLesson[], now: Date): string {
  if (!isLessonPlan(plan.planId)) return plan.title;
  const lesson = lessons.find((l) => l._id === plan.planId.slice(LESSON_PLAN_PREFIX.length));
  return lesson ? lessonPlanName(lesson, scheduleView(lessons, now)) : plan.title;
}
