// /admin/worship: the Family Worship lessons, upcoming first (the current one and later), then
// past ones, newest first. Add, edit and delete (after a confirmation), and import many at once
// (components/ui/DatedAdminPage.tsx). Every change goes through the outbox, so it works offline and
// shows its pending mark.
import { LESSON_IMPORT_COLUMNS } from '@fw/contracts/lesson-csv';
import { BROADCAST_TITLE, formatLessonDate } from '@fw/contracts/lessons';
import { DatedAdminPage } from '../../components/ui/DatedAdminPage.tsx';
import { ImportPanel } from '../../components/ui/ImportPanel.tsx';
import type { LocalLesson } from '../../db/db.ts';
import { CONFIRM } from '../../lib/admin-messages.ts';
import { useRecordMarks } from '../../sync/admin-status.ts';
import { LessonForm } from './LessonForm.tsx';
import { checkImport } from './lesson-checks.ts';
import { deleteLesson, importLessons, saveLesson, useAdminLessons } from './use-admin-lessons.ts';

// A refusal is shown by the outbox's toast and mark.
const ignore = () => undefined;

export function WorshipAdminPage() {
  return (
    <DatedAdminPage<LocalLesson>
      heading="Family Worship"
      lead="Lessons families see on the Family page. Changes are saved on this device first and sent when online."
      noun={{ add: 'lesson', edit: 'lesson', many: 'lessons' }}
      lists={useAdminLessons()}
      idOf={(lesson) => lesson._id}
      describe={(lesson) => ({ when: lesson.D, title: lesson.T })}
      empty={{ upcoming: 'No upcoming lessons. Add next Friday’s lesson.', past: 'No past lessons.' }}
      testIds={{ item: 'admin-lesson', upcoming: 'upcoming-admin-lessons', past: 'past-admin-lessons' }}
      marks={useRecordMarks()}
      confirmDelete={CONFIRM.deleteLesson}
      onDelete={deleteLesson}
      form={(editing, lessons, close) => (
        <LessonForm
          editing={editing}
          lessons={lessons}
          onSave={(fields) => {
            close();
            void saveLesson(fields, editing).catch(ignore);
          }}
          onCancel={close}
        />
      )}
      importPanel={(lessons, close) => (
        <ImportPanel
          noun={{ one: 'lesson', many: 'lessons' }}
          hint={
            <>
              One lesson per line: date (YYYY-MM-DD or “January 2, 2026”), title, text, then up to {(LESSON_IMPORT_COLUMNS - 3) / 2} extra
              title/text pairs, separated by tabs (pasted from a spreadsheet) or commas. A title of “{BROADCAST_TITLE}” with no text is a
              Broadcast week. A first line starting with “date” is skipped.
            </>
          }
          titleColumn="Title"
          held={lessons}
          check={checkImport}
          describe={(row) => ({ when: formatLessonDate(row.date), title: row.broadcast ? BROADCAST_TITLE : row.title })}
          onImport={(rows) => {
            close();
            void importLessons(rows).catch(ignore);
          }}
          onClose={close}
        />
      )}
    />
  );
}
