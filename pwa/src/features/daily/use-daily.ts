// The daily texts on this device, for the home card and the /daily page (sync/daily-sync.ts fills
// them). The day is the device's own calendar day (contracts/lessons.ts localDay).
import { db, useLiveQuery, type LocalDailyText } from '../../db/db.ts';
import { META } from '../../sync/meta-keys.ts';

export { todayIso } from './today.ts';

/** The text of `date`: undefined while the device is read, null when it holds none. */
export function useDailyText(date: string): LocalDailyText | null | undefined {
  return useLiveQuery(async () => (await db.dailyTexts.get(date)) ?? null, [date]);
}

/** Whether the daily texts were ever downloaded to this device (undefined while it is read). */
export function useDailySynced(): boolean | undefined {
  return useLiveQuery(async () => (await db.meta.get(META.DAILY_WINDOW)) !== undefined);
}
