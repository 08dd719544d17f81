// The reader's reading plans on this device (db.planProgress): starting one, marking readings done
// (or not done again), shifting one to today and stopping one. Each change is one transaction
// that also leaves a tombstone for a deletion and, while the device is linked to a study sync
// space, queues the record for it (sync/study-space/local-changes.ts), so plans follow the reader
// as highlights do. The plans' readings come from the build (virtual:reading-plans) or, for a
// week's lesson, from the record itself.
import { newObjectId } from '@fw/contracts/object-id';
import { db, type PlanProgress } from '../../db/db.ts';
import { isQuotaError, setStorageFull } from '../../lib/storage.ts';
import { writeStudy } from '../../sync/study-space/local-changes.ts';
import type { ReadingPlan } from './plan-days.ts';
import { withDone, withoutDone } from './plan-progress.ts';

const PLAN_STORAGE_FULL =
  "This device's storage is full, so this change to your plan was not saved. Free some space in the browser's settings, then try again.";

/** The built-in plans, loaded on first use (their own small file). */
export async function builtInPlans(): Promise<ReadingPlan[]> {
  return (await import('virtual:reading-plans')).default;
}

/** The readings of a followed plan: its own (a week's lesson) or the built-in plan's; [] for a plan this build lacks. */
export async function daysOf(progress: PlanProgress): Promise<string[][]> {
  if (progress.days) return progress.days;
  return (await builtInPlans()).find((p) => p.id === progress.planId)?.days ?? [];
}

async function write<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    setStorageFull(true);
    throw new Error(PLAN_STORAGE_FULL, { cause: error });
  }
}

/** Follows a plan from `startDate`; a plan made on the device keeps its `days`. Answers the record. */
export function startPlan(plan: { id: string; name: string; days?: string[][] }, startDate: string, now = Date.now()): Promise<PlanProgress> {
  const progress: PlanProgress = {
    _id: newObjectId(now),
    planId: plan.id,
    title: plan.name,
    startDate,
    ...(plan.days ? { days: plan.days } : {}),
    done: [],
    readOn: [],
    markedOn: {},
    createdAt: now,
    updatedAt: now,
  };
  return write(() =>
    writeStudy([db.planProgress], async () => {
      await db.planProgress.add(progress);
      return { result: progress, changes: [{ kind: 'planProgress', id: progress._id }] };
    }),
  );
}

/** Changes a followed plan with `change` (given its current record); nothing when it is gone. */
function changePlan(id: string, change: (progress: PlanProgress) => PlanProgress): Promise<PlanProgress | undefined> {
  return write(() =>
    writeStudy([db.planProgress], async () => {
      const current = await db.planProgress.get(id);
      if (!current) return { result: undefined, changes: [] };
      const next = change(current);
      await db.planProgress.put(next);
      return { result: next, changes: [{ kind: 'planProgress', id }] };
    }),
  );
}

/** Marks readings ("<day>:<osis>") done on `today`. */
export function markReadings(id: string, keys: string[], today: string): Promise<PlanProgress | undefined> {
  return changePlan(id, (current) => withDone(current, keys, today));
}

/** Takes readings ("<day>:<osis>") back to not done, and out of the streak as if never marked
 * (plan-progress.ts withoutDone): the same one change as marking them, so it reaches the backup
 * and the study sync space alike. */
export function unmarkReadings(id: string, keys: string[]): Promise<PlanProgress | undefined> {
  return changePlan(id, (current) => withoutDone(current, keys));
}

/** Moves the plan's start, so its days fall later (readings done stay done). */
export function moveStart(id: string, startDate: string): Promise<PlanProgress | undefined> {
  return changePlan(id, (current) => ({ ...current, startDate, updatedAt: Date.now() }));
}

/** Stops following a plan; its tombstone keeps an older backup or device from bringing it back. */
export function stopPlan(id: string): Promise<void> {
  return write(() =>
    writeStudy([db.planProgress], async () => {
      await db.planProgress.delete(id);
      return { result: undefined, changes: [{ kind: 'planProgress', id, deleted: true }] };
    }),
  );
}
