// Everyone who registered, read from the device's copy of the admin view (filled by
// sync/pull-admin.ts, changed at once by the outbox).
import { db, useLiveQuery, type LocalUser } from '../../db/db.ts';

/** Waiting users first (they need something done), then by name. */
function byStatusThenName(a: LocalUser, b: LocalUser): number {
  if (a.isApproved !== b.isApproved) return a.isApproved ? 1 : -1;
  return a.name.localeCompare(b.name);
}

/** undefined while the device reads. */
export function useUsers(): LocalUser[] | undefined {
  return useLiveQuery(async () => (await db.users.toArray()).sort(byStatusThenName));
}
