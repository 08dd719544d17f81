// /admin/daily: the daily texts on this device by date, upcoming (today and later) first, then past
// ones, newest first. Add, edit and delete (after a confirmation), and import many at once
// (components/ui/DatedAdminPage.tsx). Every change goes through the outbox, so it works offline and
// shows its pending mark.
import { formatDailyDate } from '@fw/contracts/daily';
import { DatedAdminPage } from '../../components/ui/DatedAdminPage.tsx';
import { ImportPanel } from '../../components/ui/ImportPanel.tsx';
import type { LocalDailyText } from '../../db/db.ts';
import { CONFIRM } from '../../lib/admin-messages.ts';
import { useRecordMarks } from '../../sync/admin-status.ts';
import { DailyForm } from './DailyForm.tsx';
import { checkDailyImport } from './daily-checks.ts';
import { deleteDailyText, importDailyTexts, saveDailyText, useAdminDailyTexts } from './use-admin-daily.ts';

// A refusal is shown by the outbox's toast and mark.
const ignore = () => undefined;

export function DailyAdminPage() {
  return (
    <DatedAdminPage<LocalDailyText>
      heading="Daily Text"
      lead="A Bible text and a short comment for each day, shown on the home page and on the Daily text page. Changes are saved on this device first and sent when online."
      noun={{ add: 'daily text', edit: 'text', many: 'daily texts' }}
      lists={useAdminDailyTexts()}
      // A daily text is known by its date (its record in the outbox too).
      idOf={(text) => text.date}
      describe={(text) => ({ when: formatDailyDate(text.date), title: text.reference })}
      empty={{ upcoming: 'No upcoming daily texts. Add tomorrow’s.', past: 'No past daily texts on this device.' }}
      testIds={{ item: 'admin-daily-text', upcoming: 'upcoming-admin-daily', past: 'past-admin-daily' }}
      marks={useRecordMarks()}
      confirmDelete={CONFIRM.deleteDailyText}
      onDelete={deleteDailyText}
      form={(editing, texts, close) => (
        <DailyForm
          editing={editing}
          texts={texts}
          onSave={(fields) => {
            close();
            void saveDailyText(fields, editing).catch(ignore);
          }}
          onCancel={close}
        />
      )}
      importPanel={(texts, close) => (
        <ImportPanel
          noun={{ one: 'daily text', many: 'daily texts' }}
          hint={
            <>
              One text per line: date (YYYY-MM-DD or “November 27, 2026”), reference, comment, separated by tabs (pasted from a spreadsheet)
              or commas (put a comment with commas in “quotes”). A first line starting with “date” is skipped.
            </>
          }
          titleColumn="Reference"
          held={texts}
          check={checkDailyImport}
          describe={(row) => ({ when: formatDailyDate(row.date), title: row.reference })}
          onImport={(rows) => {
            close();
            void importDailyTexts(rows).catch(ignore);
          }}
          onClose={close}
        />
      )}
    />
  );
}
