// Worship lessons on the device: the schedule pulled with its ETag (a 304 costs nothing), and the
// lesson writes' optimistic effects and confirmations (the outbox's operations.ts hands lesson
// kinds to this file). A lesson with a write still in the outbox keeps its local copy on a pull.
import type { Lesson, LessonFields } from '@fw/contracts';
import { lessonFromFields } from '@fw/contracts/lessons';
import { API_PATHS } from '@fw/contracts/paths';
import { api } from '../lib/api.ts';
import { db, getMeta, setMeta, type LocalLesson, type OutboxKind } from '../db/db.ts';
import { settledCount } from './outbox.ts';
import { META } from './pull.ts';

export const LESSON_KINDS = new Set<OutboxKind>(['saveLesson', 'deleteLesson', 'importLessons']);

/** What a saveLesson entry carries (the body of POST /api/lessons/save's `lesson`). */
export type LessonBody = LessonFields & { _id: string; version?: number };
export interface ImportBody {
  lessons: (LessonFields & { _id: string; line: number })[];
}

const served = (lesson: Lesson): LocalLesson => ({ ...lesson, _id: lesson._id ?? lesson.D });

/** Ids the device must not overwrite from the server yet: its own unsent or refused changes. */
async function heldIds(): Promise<Set<string>> {
  const held = new Set<string>();
  for (const entry of await db.outbox.toArray()) {
    held.add(entry.recordId);
    if (entry.kind === 'importLessons') for (const row of (entry.body as unknown as ImportBody).lessons) held.add(row._id);
  }
  return held;
}

export async function pullSchedule(): Promise<void> {
  const settledBefore = await settledCount();
  const etag = await getMeta<string>(META.SCHEDULE_ETAG);
  const result = await api<{ lessons: Lesson[] }>('GET', API_PATHS.schedule, { etag });
  if (result.notModified) return;
  await db.transaction('rw', [db.worship, db.outbox, db.meta], async () => {
    // A write confirmed while this answer travelled may be newer than it: the next sync pulls again.
    if ((await settledCount()) !== settledBefore) return;
    const held = await heldIds();
    const incoming = result.data.lessons.map(served);
    const incomingIds = new Set(incoming.map((l) => l._id));
    const stale = ((await db.worship.toCollection().primaryKeys()) as string[]).filter((id) => !incomingIds.has(id) && !held.has(id));
    await db.worship.bulkDelete(stale);
    await db.worship.bulkPut(incoming.filter((l) => !held.has(l._id)));
    await setMeta(META.SCHEDULE_ETAG, result.etag);
  });
}

/** A lesson as the device shows it before the server has answered. */
export function optimisticLesson(body: LessonFields & { _id: string }, version: number): LocalLesson {
  return { ...lessonFromFields(body, { _id: body._id, version }), _id: body._id, pending: 1 };
}

export async function applyLessonOptimistic(kind: OutboxKind, recordId: string, body: Record<string, unknown>): Promise<void> {
  if (kind === 'saveLesson') {
    const existing = await db.worship.get(recordId);
    await db.worship.put(optimisticLesson(body as unknown as LessonBody, existing?.version ?? 0));
  } else if (kind === 'deleteLesson') {
    await db.worship.delete(recordId);
  } else if (kind === 'importLessons') {
    await db.worship.bulkPut((body as unknown as ImportBody).lessons.map((row) => optimisticLesson(row, 0)));
  }
}

export async function applyLessonConfirmed(kind: OutboxKind, response: Record<string, unknown>): Promise<void> {
  if (kind === 'saveLesson' && response.lesson) await db.worship.put(served(response.lesson as Lesson));
  if (kind === 'importLessons' && Array.isArray(response.lessons)) await db.worship.bulkPut((response.lessons as Lesson[]).map(served));
}

/** The admin gave a lesson write up: drop what it showed, and have the next pull fetch the schedule
 * whole (its ETag would otherwise say nothing changed). */
export async function forgetLessonWrite(kind: OutboxKind, recordId: string, body: Record<string, unknown>, serverCopy?: Lesson): Promise<void> {
  if (kind === 'saveLesson' && body.version === undefined) await db.worship.delete(recordId);
  if (kind === 'importLessons') await db.worship.bulkDelete((body as unknown as ImportBody).lessons.map((row) => row._id));
  if (serverCopy) await db.worship.put(served(serverCopy));
  await db.meta.delete(META.SCHEDULE_ETAG);
}
