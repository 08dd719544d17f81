// The Family Worship lessons on this device, for the public page (sync/lessons-sync.ts fills them).
import { db, useLiveQuery, type LocalLesson } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';

export interface ScheduleState {
  /** undefined while the device's database is being read. */
  lessons: LocalLesson[] | undefined;
  /** Whether the schedule has ever been downloaded to this device. */
  synced: boolean | undefined;
}

/**
 * The schedule as last read in this visit. A return to the page (Back, or a link) draws it from
 * here in its first render, before the browser puts that entry's scroll back: read from the
 * device, it would come a frame later, after a loading screen too short to be scrolled to that
 * place, and the lessons drawn above the footer would then push the window past it.
 */
let lastRead: ScheduleState | null = null;

export function useSchedule(): ScheduleState {
  const read = useLiveQuery(async () => {
    const [lessons, etag] = await Promise.all([db.worship.toArray(), db.meta.get(META.SCHEDULE_ETAG)]);
    lastRead = { lessons, synced: etag !== undefined };
    return lastRead;
  });
  return read ?? lastRead ?? { lessons: undefined, synced: undefined };
}
