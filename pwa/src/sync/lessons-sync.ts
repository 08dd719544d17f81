// The worship schedule on the device, pulled with its ETag (a 304 costs nothing). A lesson with a
// write still in the outbox keeps its local copy (the registry of writes says which ids are held).
import type { Lesson } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { api } from '../lib/api.ts';
import { db, getMeta, setMeta } from '../db/db.ts';
import { settledCount } from './outbox.ts';
import { META } from '../db/meta-keys.ts';
import { heldRecordIds } from './write-kinds/registry.ts';
import { servedLesson } from './write-kinds/lessons.ts';

export async function pullSchedule(): Promise<void> {
  const settledBefore = await settledCount();
  const etag = await getMeta<string>(META.SCHEDULE_ETAG);
  const result = await api<{ lessons: Lesson[] }>('GET', API_PATHS.schedule, { etag });
  if (result.notModified) return;
  await db.transaction('rw', [db.worship, db.outbox, db.meta], async () => {
    // A write confirmed while this answer travelled may be newer than it: the next sync pulls again.
    if ((await settledCount()) !== settledBefore) return;
    const held = await heldRecordIds();
    const incoming = result.data.lessons.map(servedLesson);
    const incomingIds = new Set(incoming.map((l) => l._id));
    const stale = ((await db.worship.toCollection().primaryKeys()) as string[]).filter((id) => !incomingIds.has(id) && !held.has(id));
    await db.worship.bulkDelete(stale);
    await db.worship.bulkPut(incoming.filter((l) => !held.has(l._id)));
    await setMeta(META.SCHEDULE_ETAG, result.etag);
  });
}
