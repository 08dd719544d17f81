// Everyone who registered, read from the device's copy of the admin view (filled by
// sync/pull-admin.ts, changed at once by the outbox). Users are few beside articles and comments
// (1,000 at the size the product is tested at), so they are read whole and sorted here.
import { db, useLiveQuery, type LocalUser } from '../../db/db.ts';
import { textMatches, withTotal, type TableSlice } from '../../components/ui/table-window.ts';
import { useWalkCounts } from '../../sync/admin-status.ts';

/** Waiting users first (they need something done), then by name. */
function byStatusThenName(a: LocalUser, b: LocalUser): number {
  if (a.isApproved !== b.isApproved) return a.isApproved ? 1 : -1;
  return a.name.localeCompare(b.name);
}

/** The first `shown` users whose name or email contains `q` (every one, when empty). */
export async function readUsers(q: string, shown: number): Promise<TableSlice<LocalUser>> {
  const all = await db.users.toArray();
  const matching = (q ? all.filter((u) => textMatches(q, u.name, u.email)) : all).sort(byStatusThenName);
  return { rows: matching.slice(0, shown), more: matching.length > shown, total: matching.length, q };
}

/** undefined while the device reads. */
export function useUsers(q: string, shown: number): TableSlice<LocalUser> | undefined {
  const slice = useLiveQuery(() => readUsers(q, shown), [q, shown]);
  // While the device's first walk is under way it holds part of them: the server's count is shown.
  const walk = useWalkCounts();
  return walk ? withTotal(slice, walk.users) : slice;
}
