// Daily text writes: save one (add, or edit with the version it was based on), delete one, import
// many rows at once. A daily text is known by its date, which is also the outbox's record id.
// Giving one up forgets the window's ETag, so the next pull fetches the texts whole.
import type { DailyText, DailyTextFields } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { db, type LocalDailyText } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';
import { defineKinds } from './kind.ts';
import { deleteOverSave, saveOverSave } from './coalesce.ts';

/** What a saveDailyText entry carries (the body of POST /api/daily/save's `dailyText`). */
export type DailyBody = DailyTextFields & { version?: number };
export interface DailyImportBody {
  dailyTexts: (DailyTextFields & { line: number })[];
}

/** A text as the device shows it before the server has answered (its passage is found then). */
async function showPending(fields: DailyTextFields): Promise<void> {
  const existing = await db.dailyTexts.get(fields.date);
  const { date, reference, comment } = fields;
  const osis = existing?.reference === reference ? existing.osis : '';
  await db.dailyTexts.put({ date, reference, comment, version: existing?.version ?? 0, osis, pending: 1 });
}

const served = (text: DailyText): LocalDailyText => ({ ...text });
const importRows = (body: Record<string, unknown>) => (body as unknown as DailyImportBody).dailyTexts;
const dailyTables = () => [db.dailyTexts, db.meta];
const refetchDaily = () => db.meta.delete(META.DAILY_WINDOW);

export const DAILY_KINDS = defineKinds({
  saveDailyText: {
    endpoint: { method: 'POST', path: API_PATHS.saveDailyText, admin: true },
    wire: (body) => ({ dailyText: body }),
    tables: dailyTables,
    optimistic: (_recordId, body) => showPending(body as unknown as DailyBody),
    async confirmed(_recordId, answer) {
      if (answer.dailyText) await db.dailyTexts.put(served(answer.dailyText as DailyText));
    },
    recordField: 'dailyText',
    versioned: true,
    conflicts: true,
    coalesce: saveOverSave('saveDailyText'),
    async takeServerCopy(_recordId, _body, copy) {
      await db.dailyTexts.put(served(copy as unknown as DailyText));
      await refetchDaily();
    },
    async forget(recordId, body) {
      if (body.version === undefined) await db.dailyTexts.delete(recordId);
      await refetchDaily();
    },
  },
  deleteDailyText: {
    endpoint: { method: 'DELETE', path: API_PATHS.deleteDailyText, admin: true },
    tables: dailyTables,
    optimistic: (recordId) => db.dailyTexts.delete(recordId),
    forget: refetchDaily,
    alreadyDone: ['NOT_FOUND'],
    coalesce: deleteOverSave('saveDailyText'),
  },
  importDailyTexts: {
    endpoint: { method: 'POST', path: API_PATHS.importDailyTexts, admin: true },
    tables: dailyTables,
    async optimistic(_recordId, body) {
      for (const row of importRows(body)) await showPending(row);
    },
    async confirmed(_recordId, answer) {
      if (Array.isArray(answer.dailyTexts)) await db.dailyTexts.bulkPut((answer.dailyTexts as DailyText[]).map(served));
    },
    async forget(_recordId, body) {
      await db.dailyTexts.bulkDelete(importRows(body).map((row) => row.date));
      await refetchDaily();
    },
    // Each row is a date of its own; the entry's record id names the import.
    heldIds: (recordId, body) => [recordId, ...importRows(body).map((row) => row.date)],
  },
});
