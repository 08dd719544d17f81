// The visitors' comments the moderation page lists, read from the device's copy of the admin view
// (filled by sync/pull-admin.ts, changed at once by the outbox).
import { compareNewestFirst } from '@fw/contracts/order';
import { db, useLiveQuery, type LocalAdminComment } from '../../db/db.ts';

const newestFirst = (a: LocalAdminComment, b: LocalAdminComment) =>
  compareNewestFirst(a.createdAt, a._id, b.createdAt, b._id);

/** The approved (or the not yet approved) comments, newest first; undefined while the device reads. */
export function useAdminComments(approved: boolean): LocalAdminComment[] | undefined {
  return useLiveQuery(
    async () =>
      (await db.adminComments.toArray()).filter((c) => c.isApproved === approved).sort(newestFirst),
    [approved],
  );
}
