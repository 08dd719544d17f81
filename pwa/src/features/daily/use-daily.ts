// The daily texts on this device, for the home card and the /daily page (sync/daily-sync.ts fills
// them). The day is the device's own calendar day (contracts/lessons.ts localDay).
import { db, useLiveQuery, type LocalDailyText } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';

export { todayIso } from './today.ts';

/** The text of `date`: undefined while the device is read, null when it holds none. */
export function useDailyText(date: string): LocalDailyText | null | undefined {
  // The answer names its day: while another day's answer is still the latest, the page waits
  // rather than show that day's text under this day's heading.
  const found = useLiveQuery(async () => ({ date, text: (await db.dailyTexts.get(date)) ?? null }), [date]);
  return found?.date === date ? found.text : undefined;
}

/** Whether the daily texts were ever downloaded to this device (undefined while it is read). */
export function useDailySynced(): boolean | undefined {
  return useLiveQuery(async () => (await db.meta.get(META.DAILY_WINDOW)) !== undefined);
}
