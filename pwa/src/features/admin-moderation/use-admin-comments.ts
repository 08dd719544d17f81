// The visitors' comments the moderation page lists, read from the device's copy of the admin view
// (filled by sync/pull-admin.ts, changed at once by the outbox).
import { db, useLiveQuery, type LocalAdminComment } from '../../db/db.ts';

function newestFirst(a: LocalAdminComment, b: LocalAdminComment): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** The approved (or the not yet approved) comments, newest first; undefined while the device reads. */
export function useAdminComments(approved: boolean): LocalAdminComment[] | undefined {
  return useLiveQuery(
    async () =>
      (await db.adminComments.toArray()).filter((c) => c.isApproved === approved).sort(newestFirst),
    [approved],
  );
}
