// The admin's daily texts: every text on the device by date (upcoming from today, then past, newest
// first), and add/edit/delete/import through the outbox.
import { formatDailyDate, type DailyImportRow, type DailyTextFields } from '@fw/contracts/daily';
import { newObjectId } from '@fw/contracts/object-id';
import type { DatedLists } from '../../components/ui/DatedAdminPage.tsx';
import { db, useLiveQuery, type LocalDailyText } from '../../db/db.ts';
import { sendWrite } from '../../sync/send-write.ts';
import { todayIso } from './today.ts';

const DAILY_SUCCESS = {
  saved: 'Daily text saved.',
  deleted: 'Daily text deleted.',
  imported: 'Daily texts imported.',
} as const;

export function useAdminDailyTexts(): DatedLists<LocalDailyText> | undefined {
  const all = useLiveQuery(() => db.dailyTexts.orderBy('date').toArray());
  if (!all) return undefined;
  const today = todayIso();
  return { all, upcoming: all.filter((t) => t.date >= today), past: all.filter((t) => t.date < today).reverse() };
}

export function saveDailyText(fields: DailyTextFields, editing: LocalDailyText | null) {
  const body = { ...fields, ...(editing ? { version: editing.version } : {}) };
  const when = formatDailyDate(fields.date);
  return sendWrite(
    { kind: 'saveDailyText', recordId: fields.date, body, label: editing ? `Edit the text for ${when}` : `Add the text for ${when}` },
    DAILY_SUCCESS.saved,
  );
}

export function deleteDailyText(text: LocalDailyText) {
  return sendWrite(
    { kind: 'deleteDailyText', recordId: text.date, body: { date: text.date }, label: `Delete the text for ${formatDailyDate(text.date)}` },
    DAILY_SUCCESS.deleted,
  );
}

export function importDailyTexts(rows: readonly DailyImportRow[]) {
  const n = rows.length;
  return sendWrite(
    {
      kind: 'importDailyTexts',
      recordId: `import-${newObjectId()}`,
      body: { dailyTexts: rows.map((row) => ({ ...row })) },
      label: `Import ${n} daily ${n === 1 ? 'text' : 'texts'}`,
    },
    DAILY_SUCCESS.imported,
  );
}
