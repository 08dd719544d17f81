// The daily texts on this device, for the home card and the /daily page (sync/daily-sync.ts fills
// them). The day is the device's own calendar day (contracts/lessons.ts localDay).
import { db, useLiveQuery, type LocalDailyText } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';

export { todayIso } from './today.ts';

/** How many days' texts read in this visit are kept in memory (a text is a few hundred bytes). */
const READ_KEPT = 8;

/**
 * The texts read in this visit, by day, the latest last, and whether the texts were ever
 * downloaded. A return to /daily (Back, or a link) draws its day from here in its first render:
 * read from the device, it would come a frame or more later, after a loading screen.
 */
const read = new Map<string, LocalDailyText | null>();
let syncedRead: boolean | undefined;

function keepRead(date: string, text: LocalDailyText | null): void {
  read.delete(date);
  read.set(date, text);
  if (read.size > READ_KEPT) read.delete(read.keys().next().value!);
}

/** The text of `date`: undefined while the device is read, null when it holds none. */
export function useDailyText(date: string): LocalDailyText | null | undefined {
  // The answer names its day: while another day's answer is still the latest, the page waits
  // rather than show that day's text under this day's heading.
  const found = useLiveQuery(async () => {
    const text = (await db.dailyTexts.get(date)) ?? null;
    keepRead(date, text);
    return { date, text };
  }, [date]);
  return found?.date === date ? found.text : read.get(date);
}

/** Whether the daily texts were ever downloaded to this device (undefined while it is read). */
export function useDailySynced(): boolean | undefined {
  const synced = useLiveQuery(async () => {
    syncedRead = (await db.meta.get(META.DAILY_WINDOW)) !== undefined;
    return syncedRead;
  });
  return synced ?? syncedRead;
}
