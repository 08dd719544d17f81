// @vitest-environment node
// "This week's lesson" as a plan: the passages the current lesson cites, in order, once each,
// spread over at most a week; none when no lesson is current or next, or it cites nothing. A
// followed lesson plan is named for where its lesson stands on the day it is shown.
import { describe, expect, it } from 'vitest';
import type { LocalLesson } from '../../db/db.ts';
import { followedPlanName, lessonPlan } from './lesson-plan.ts';

const cite = (osis: string) => ({ at: 0, end: 1, osis });
const lesson = (_id: string, date: string, change: Partial<LocalLesson> = {}): LocalLesson => ({ _id, date, D: date, T: `Lesson ${_id}`, R: 'text', ...change });
const FRIDAY = new Date(2026, 0, 9, 12);

describe("this week's lesson as a plan", () => {
  it("reads the current lesson's passages, in the order cited and once each", () => {
    const plan = lessonPlan(
      [
        lesson('64f0000000000000000000e1', '2026-01-02', { scripture: { R: [cite('Gen.1')] } }),
        lesson('64f0000000000000000000e2', '2026-01-09', {
          scripture: { R: [cite('John.3.16-John.3.18'), cite('Ps.23')], R2: [cite('Ps.23'), cite('Matt.5.1-Matt.5.12')] },
        }),
      ],
      FRIDAY,
    );
    expect(plan).toMatchObject({ id: 'lesson:64f0000000000000000000e2', name: "This week's lesson: Lesson 64f0000000000000000000e2" });
    expect(plan!.days).toEqual([['John.3.16-John.3.18'], ['Ps.23'], ['Matt.5.1-Matt.5.12']]);
    expect(plan!.description).toBe('The passages the lesson of 2026-01-09 cites, over 3 days.');
  });

  it('is the next lesson, named so as /family names it, when none is current', () => {
    const plan = lessonPlan(
      [
        lesson('64f0000000000000000000e1', '2026-01-02', { scripture: { R: [cite('Gen.1')] } }),
        lesson('64f0000000000000000000e2', '2026-01-09', { scripture: { R: [cite('Ps.23')] } }),
      ],
      new Date(2026, 0, 7, 12),
    );
    expect(plan).toMatchObject({ id: 'lesson:64f0000000000000000000e2', name: 'Next lesson: Lesson 64f0000000000000000000e2', days: [['Ps.23']] });
  });

  it('has no plan when the lesson cites nothing, or there is no lesson', () => {
    expect(lessonPlan([lesson('64f0000000000000000000e3', '2026-01-09')], FRIDAY)).toBeNull();
    expect(lessonPlan([], FRIDAY)).toBeNull();
  });

  it('names a followed lesson plan for where its lesson stands that day, not the day it was started', () => {
    const lessons = [lesson('64f0000000000000000000e1', '2026-01-02'), lesson('64f0000000000000000000e2', '2026-01-09')];
    const followed = { planId: 'lesson:64f0000000000000000000e2', title: 'Next lesson: Lesson 64f0000000000000000000e2' };
    expect(followedPlanName(followed, lessons, new Date(2026, 0, 7, 12))).toBe('Next lesson: Lesson 64f0000000000000000000e2');
    expect(followedPlanName(followed, lessons, FRIDAY)).toBe("This week's lesson: Lesson 64f0000000000000000000e2");
    expect(followedPlanName(followed, lessons, new Date(2026, 0, 20, 12))).toBe('Lesson of 2026-01-09: Lesson 64f0000000000000000000e2');
    // A lesson gone from the device, and any other plan, keep the name they were started with.
    expect(followedPlanName(followed, lessons.slice(0, 1), FRIDAY)).toBe(followed.title);
    expect(followedPlanName({ planId: 'bible-in-a-year', title: 'The whole Bible in a year' }, lessons, FRIDAY)).toBe('The whole Bible in a year');
  });
});
