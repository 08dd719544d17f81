// The plans screens' reads: the plans the reader follows (live, from the device), the built-in
// plans and a followed plan's readings (loaded once, on demand), this week's lesson as a plan, and
// the followed plans' names as shown today.
import { useEffect, useState } from 'react';
import { db, getMeta, useLiveQuery, type PlanProgress } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';
import { now } from '../../lib/clock.ts';
import type { ReadingPlan } from './plan-days.ts';
import { followedPlanName, isLessonPlan, lessonPlan, type LessonPlan } from './lesson-plan.ts';
import { dayOf } from './plan-progress.ts';
import { builtInPlans, daysOf } from './plan-store.ts';

/** Today on this device's calendar. */
export const today = () => dayOf(now());

/** The followed plans, oldest first; undefined while the device is read. */
export function useFollowedPlans(): PlanProgress[] | undefined {
  return useLiveQuery(async () => (await db.planProgress.toArray()).sort((a, b) => a.createdAt - b.createdAt), []);
}

export function useBuiltInPlans(): ReadingPlan[] | undefined {
  const [plans, setPlans] = useState<ReadingPlan[]>();
  useEffect(() => {
    let live = true;
    void builtInPlans().then((list) => live && setPlans(list));
    return () => {
      live = false;
    };
  }, []);
  return plans;
}

/** The readings of each followed plan, by record id (a plan's readings never change once started). */
export function usePlanDays(plans: PlanProgress[] | undefined): Map<string, string[][]> | undefined {
  const [days, setDays] = useState<Map<string, string[][]>>();
  const key = plans?.map((p) => `${p._id}:${p.planId}`).join(',');
  useEffect(() => {
    if (!plans) return;
    let live = true;
    void Promise.all(plans.map(async (p) => [p._id, await daysOf(p)] as const)).then((list) => live && setDays(new Map(list)));
    return () => {
      live = false;
    };
    // The key names every plan and which readings it has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return days;
}

/** This week's lesson as a plan; null when there is none to offer, undefined while reading. */
export function useLessonPlan(): LessonPlan | null | undefined {
  return useLiveQuery(async () => {
    const lessons = await db.worship.toArray();
    // Before the device's first schedule arrives (a first visit, online), whether this week has a
    // lesson is not known yet: undefined, rather than say there is none and take it back.
    if (!lessons.length && navigator.onLine && (await getMeta(META.SCHEDULE_ETAG)) === undefined) return undefined;
    return lessonPlan(lessons, now());
  }, []);
}

/**
 * Names each followed plan as it stands today (lesson-plan.ts followedPlanName). The schedule is
 * read only while a lesson's plan is among `plans`; until it is, a plan shows the name it was
 * started with.
 */
export function usePlanNames(plans: readonly PlanProgress[] | null | undefined): (plan: PlanProgress) => string {
  const lessonPlans = plans?.some((p) => isLessonPlan(p.planId)) ?? false;
  const lessons = useLiveQuery(async () => (lessonPlans ? db.worship.toArray() : []), [lessonPlans]);
  return (plan) => (lessons ? followedPlanName(plan, lessons, now()) : plan.title);
}
