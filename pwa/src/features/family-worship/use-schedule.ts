// The Family Worship lessons on this device, for the public page (sync/lessons-sync.ts fills them).
import { db, useLiveQuery, type LocalLesson } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';

export interface ScheduleState {
  /** undefined while the device's database is being read. */
  lessons: LocalLesson[] | undefined;
  /** Whether the schedule has ever been downloaded to this device. */
  synced: boolean | undefined;
}

export function useSchedule(): ScheduleState {
  const lessons = useLiveQuery(() => db.worship.toArray());
  const synced = useLiveQuery(async () => (await db.meta.get(META.SCHEDULE_ETAG)) !== undefined);
  return { lessons, synced };
}
