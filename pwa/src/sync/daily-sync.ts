// The daily texts on the device: the window of dates around today (the 30 days before and the 60
// after; a year ahead while an administrator is signed in, for the admin screen), pulled with the
// window's ETag, so a 304 costs nothing. A text with a write still in the outbox keeps its local
// copy (the registry of writes says which dates are held); texts outside the window are dropped.
import type { DailyText } from '@fw/contracts';
import { DAILY_ADMIN_AHEAD_DAYS, DAILY_AHEAD_DAYS, dailyWindow } from '@fw/contracts/daily';
import { localDay } from '@fw/contracts/lessons';
import { API_PATHS } from '@fw/contracts/paths';
import { api } from '../lib/api.ts';
import { getToken } from '../lib/auth.ts';
import { now } from '../lib/clock.ts';
import { db, getMeta, setMeta } from '../db/db.ts';
import { settledCount } from './outbox.ts';
import { META } from '../db/meta-keys.ts';
import { heldRecordIds } from './write-kinds/registry.ts';

interface KeptWindow {
  from: string;
  to: string;
  etag: string | null;
}

let firstKeptByThisPage = false;

/** Whether this page's own sync kept the device's first daily texts (the home card waits a visit). */
export const textsFirstKeptByThisPage = () => firstKeptByThisPage;

export async function pullDailyTexts(today = localDay(now())): Promise<void> {
  const { from, to } = dailyWindow(today, getToken() ? DAILY_ADMIN_AHEAD_DAYS : DAILY_AHEAD_DAYS);
  const kept = await getMeta<KeptWindow>(META.DAILY_WINDOW);
  const etag = kept?.from === from && kept.to === to ? (kept.etag ?? undefined) : undefined;
  const settledBefore = await settledCount();
  const query = new URLSearchParams({ from, to });
  const result = await api<{ dailyTexts: DailyText[] }>('GET', `${API_PATHS.dailyTexts}?${query}`, { etag });
  if (result.notModified) return;
  await db.transaction('rw', [db.dailyTexts, db.outbox, db.meta], async () => {
    // A write confirmed while this answer travelled may be newer than it: the next sync pulls again.
    if ((await settledCount()) !== settledBefore) return;
    const held = await heldRecordIds();
    const incoming = result.data.dailyTexts.filter((text) => !held.has(text.date));
    const incomingDates = new Set(result.data.dailyTexts.map((text) => text.date));
    const stale = ((await db.dailyTexts.toCollection().primaryKeys()) as string[]).filter(
      (date) => !incomingDates.has(date) && !held.has(date),
    );
    await db.dailyTexts.bulkDelete(stale);
    await db.dailyTexts.bulkPut(incoming);
    await setMeta(META.DAILY_WINDOW, { from, to, etag: result.etag } satisfies KeptWindow);
    if ((await getMeta<number>(META.DAILY_KEPT_SINCE)) === undefined) {
      await setMeta(META.DAILY_KEPT_SINCE, Date.now());
      firstKeptByThisPage = true;
    }
  });
}
