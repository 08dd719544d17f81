// The plans screens' reads: the plans the reader follows (live, from the device), the built-in
// plans and a followed plan's readings (loaded once, on demand), this week's lesson as a plan, and
// the followed plans' names as shown today. Each is also kept in memory as last read in this visit,
// and a screen's first render draws from there: a return to /plans or a plan's page (Back, or a
// link) is then the page itself from its first frame, as the browser puts that entry's scroll
// back. Read from the device, it would come a few frames later, after a loading screen too short
// to be scrolled to that place, and the page drawn then would leave the window away from it
// (use-schedule.ts keeps /family's schedule for the same reason).
import { useEffect, useMemo, useState } from 'react';
import { db, getMeta, useLiveQuery, type PlanProgress } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';
import { now } from '../../lib/clock.ts';
import type { ReadingPlan } from './plan-days.ts';
import { followedPlanName, isLessonPlan, lessonPlan, type LessonPlan } from './lesson-plan.ts';
import { dayOf } from './plan-progress.ts';
import { builtInPlans, daysOf } from './plan-store.ts';

/** Today on this device's calendar. */
export const today = () => dayOf(now());

/**
 * How many plans' readings and names are kept in memory: more than a reader follows at once.
 * (The readings are the same arrays the built-in plans and the plans' records hold, not copies.)
 */
const PLANS_KEPT = 16;

/** The followed plans as last read in this visit; a plan's readings and its name as last shown, by record id. */
let followedRead: PlanProgress[] | undefined;
const daysRead = new Map<string, string[][]>();
const namesShown = new Map<string, string>();
let builtInRead: ReadingPlan[] | undefined;
let lessonPlanRead: LessonPlan | null | undefined;

/** Keeps `value` under `key`, the latest last, forgetting the oldest beyond PLANS_KEPT. */
function keep<T>(kept: Map<string, T>, key: string, value: T): void {
  kept.delete(key);
  kept.set(key, value);
  if (kept.size > PLANS_KEPT) kept.delete(kept.keys().next().value!);
}

/**
 * The followed plans, oldest first; undefined while the device is read. Every screen reads them
 * whole (a plan's page finds its own among them: the reader follows a few), so what one screen
 * changed, a chapter marked read at its end, is in memory for the next one drawn.
 */
export function useFollowedPlans(): PlanProgress[] | undefined {
  const read = useLiveQuery(async () => {
    followedRead = (await db.planProgress.toArray()).sort((a, b) => a.createdAt - b.createdAt);
    return followedRead;
  }, []);
  return read ?? followedRead;
}

export function useBuiltInPlans(): ReadingPlan[] | undefined {
  const [plans, setPlans] = useState(builtInRead);
  useEffect(() => {
    if (plans) return;
    let live = true;
    void builtInPlans().then((list) => {
      builtInRead = list;
      if (live) setPlans(list);
    });
    return () => {
      live = false;
    };
  }, [plans]);
  return plans;
}

/** The readings of each followed plan, by record id (a plan's readings never change once started). */
export function usePlanDays(plans: PlanProgress[] | undefined): Map<string, string[][]> | undefined {
  const [days, setDays] = useState<Map<string, string[][]>>();
  const key = plans?.map((p) => `${p._id}:${p.planId}`).join(',');
  // Those of this visit's earlier screens when every plan's are held, so a return draws them from
  // its first render: one map for the key, so what depends on it does not run again at each render.
  const held = useMemo(
    () => (plans?.every((p) => daysRead.has(p._id)) ? new Map(plans.map((p) => [p._id, daysRead.get(p._id)!])) : undefined),
    // The key names every plan and which readings it has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  useEffect(() => {
    if (!plans) return;
    let live = true;
    void Promise.all(plans.map(async (p) => [p._id, await daysOf(p)] as const)).then((list) => {
      for (const [id, readings] of list) keep(daysRead, id, readings);
      if (live) setDays(new Map(list));
    });
    return () => {
      live = false;
    };
    // The key names every plan and which readings it has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return held ?? days;
}

/** This week's lesson as a plan; null when there is none to offer, undefined while reading. */
export function useLessonPlan(): LessonPlan | null | undefined {
  const read = useLiveQuery(async () => {
    const lessons = await db.worship.toArray();
    // Before the device's first schedule arrives (a first visit, online), whether this week has a
    // lesson is not known yet: undefined, rather than say there is none and take it back.
    lessonPlanRead =
      !lessons.length && navigator.onLine && (await getMeta(META.SCHEDULE_ETAG)) === undefined ? undefined : lessonPlan(lessons, now());
    return lessonPlanRead;
  }, []);
  // (null is an answer, no lesson this week: only undefined falls back to what was read before.)
  return read === undefined ? lessonPlanRead : read;
}

/**
 * Names each followed plan as it stands today (lesson-plan.ts followedPlanName). The schedule is
 * read only while a lesson's plan is among `plans`; until it is, a plan shows the name it was last
 * shown with in this visit, or else the one it was started with.
 */
export function usePlanNames(plans: readonly PlanProgress[] | null | undefined): (plan: PlanProgress) => string {
  const lessonPlans = plans?.some((p) => isLessonPlan(p.planId)) ?? false;
  const lessons = useLiveQuery(async () => (lessonPlans ? db.worship.toArray() : []), [lessonPlans]);
  return (plan) => {
    if (!lessons) return namesShown.get(plan._id) ?? plan.title;
    const name = followedPlanName(plan, lessons, now());
    if (isLessonPlan(plan.planId)) keep(namesShown, plan._id, name);
    return name;
  };
}
