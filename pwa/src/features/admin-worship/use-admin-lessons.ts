// The admin's Family Worship data and changes: every lesson on the device (upcoming first, then
// past, by the page's own rule), and add/edit/delete/import through the outbox.
import { formatLessonDate, scheduleView, type LessonFields } from '@fw/contracts/lessons';
import { newObjectId } from '@fw/contracts/object-id';
import type { ImportRow } from '@fw/contracts/lesson-csv';
import type { DatedLists } from '../../components/ui/DatedAdminPage.tsx';
import { db, useLiveQuery, type LocalLesson } from '../../db/db.ts';
import { sendWrite } from '../../sync/send-write.ts';
import { SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import { now } from '../../lib/clock.ts';

export function useAdminLessons(): DatedLists<LocalLesson> | undefined {
  const all = useLiveQuery(() => db.worship.toArray());
  if (!all) return undefined;
  const view = scheduleView(all, now());
  return { all, upcoming: view.lessons, past: view.past };
}

export function saveLesson(fields: LessonFields, editing: LocalLesson | null) {
  const _id = editing?._id ?? newObjectId();
  const body = { _id, ...fields, ...(editing ? { version: editing.version ?? 0 } : {}) };
  const when = formatLessonDate(fields.date);
  return sendWrite(
    { kind: 'saveLesson', recordId: _id, body, label: editing ? `Edit the lesson for ${when}` : `Add the lesson for ${when}` },
    SUCCESS_FALLBACK.savedLesson,
  );
}

export function deleteLesson(lesson: LocalLesson) {
  return sendWrite(
    { kind: 'deleteLesson', recordId: lesson._id, body: { id: lesson._id }, label: `Delete the lesson for ${lesson.D}` },
    SUCCESS_FALLBACK.deletedLesson,
  );
}

export function importLessons(rows: readonly ImportRow[]) {
  const lessons = rows.map((row) => ({ ...row, _id: newObjectId() }));
  const n = lessons.length;
  return sendWrite(
    { kind: 'importLessons', recordId: `import-${newObjectId()}`, body: { lessons }, label: `Import ${n} ${n === 1 ? 'lesson' : 'lessons'}` },
    SUCCESS_FALLBACK.importedLessons,
  );
}
