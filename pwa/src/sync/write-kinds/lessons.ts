// Family Worship writes: save one lesson (create or edit, with the version it was based on),
// delete one, import many rows at once. Giving one up also drops the schedule's ETag, so the next
// pull fetches the schedule whole (it would otherwise answer "nothing changed").
import type { Lesson, LessonFields } from '@fw/contracts';
import { lessonFromFields } from '@fw/contracts/lessons';
import { API_PATHS } from '@fw/contracts/paths';
import { db, type LocalLesson } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';
import { defineKinds } from './kind.ts';
import { deleteOverSave, saveOverSave } from './coalesce.ts';

/** What a saveLesson entry carries (the body of POST /api/lessons/save's `lesson`). */
type LessonBody = LessonFields & { _id: string; version?: number };
export interface ImportBody {
  lessons: (LessonFields & { _id: string; line: number })[];
}

/** A lesson as the server sent it, keyed as the device keeps it. */
export const servedLesson = (lesson: Lesson): LocalLesson => ({ ...lesson, _id: lesson._id ?? lesson.D });

/** A lesson as the device shows it before the server has answered. */
function optimisticLesson(body: LessonFields & { _id: string }, version: number): LocalLesson {
  return { ...lessonFromFields(body, { _id: body._id, version }), _id: body._id, pending: 1 };
}

const importRows = (body: Record<string, unknown>) => (body as unknown as ImportBody).lessons;
const lessonTables = () => [db.worship, db.meta];
const refetchSchedule = () => db.meta.delete(META.SCHEDULE_ETAG);

export const LESSON_KINDS = defineKinds({
  saveLesson: {
    endpoint: { method: 'POST', path: API_PATHS.saveLesson, admin: true },
    wire: (body) => ({ lesson: body }),
    tables: lessonTables,
    async optimistic(recordId, body) {
      const existing = await db.worship.get(recordId);
      await db.worship.put(optimisticLesson(body as unknown as LessonBody, existing?.version ?? 0));
    },
    async confirmed(_recordId, answer) {
      if (answer.lesson) await db.worship.put(servedLesson(answer.lesson as Lesson));
    },
    recordField: 'lesson',
    versioned: true,
    conflicts: true,
    coalesce: saveOverSave('saveLesson'),
    async takeServerCopy(_recordId, _body, copy) {
      await db.worship.put(servedLesson(copy as unknown as Lesson));
      await refetchSchedule();
    },
    async forget(recordId, body) {
      if (body.version === undefined) await db.worship.delete(recordId);
      await refetchSchedule();
    },
  },
  deleteLesson: {
    endpoint: { method: 'DELETE', path: API_PATHS.deleteLesson, admin: true },
    tables: lessonTables,
    optimistic: (recordId) => db.worship.delete(recordId),
    forget: refetchSchedule,
    alreadyDone: ['NOT_FOUND'],
    coalesce: deleteOverSave('saveLesson'),
  },
  importLessons: {
    endpoint: { method: 'POST', path: API_PATHS.importLessons, admin: true },
    tables: lessonTables,
    optimistic: (_recordId, body) => db.worship.bulkPut(importRows(body).map((row) => optimisticLesson(row, 0))).then(() => undefined),
    async confirmed(_recordId, answer) {
      if (Array.isArray(answer.lessons)) await db.worship.bulkPut((answer.lessons as Lesson[]).map(servedLesson));
    },
    async forget(_recordId, body) {
      await db.worship.bulkDelete(importRows(body).map((row) => row._id));
      await refetchSchedule();
    },
    // Each imported row is a lesson of its own; the entry's record id names the import (and no
    // other write shares it, so an import is never merged).
    heldIds: (recordId, body) => [recordId, ...importRows(body).map((row) => row._id)],
  },
});
