// The visitors' comments the moderation page lists, read from the device's copy of the admin view
// (filled by sync/pull-admin.ts, changed at once by the outbox) a page at a time, by the index on
// status and date: the page reads the rows it shows, not every comment.
import type { CommentStatus } from '@fw/contracts';
import { newestFirst } from '@fw/contracts/order';
import { adminCommentsNewestFirst, findRows, firstOf, readAdminComments, useLiveQuery, type LocalAdminComment } from '../../db/db.ts';
import { textMatches, withTotal, type TableSlice } from '../../components/ui/table-window.ts';
import { useWalkCounts } from '../../sync/admin-status.ts';

/** Comments a filter reads a request when it reads them all (a few hundred bytes each). */
const COMMENTS_A_PIECE = 250;

/** The first `shown` comments of `status`, newest first, that `q` finds in the writer's name, the
 * words or the article's title (every one, when empty). */
export async function readComments(status: CommentStatus, q: string, shown: number): Promise<TableSlice<LocalAdminComment>> {
  const inOrder = adminCommentsNewestFirst(status);
  if (!q) return { ...(await firstOf(inOrder, shown)), q };
  const keep = (c: LocalAdminComment) => textMatches(q, c.name, c.content, c.article?.title ?? '');
  const readAll = (kept: typeof keep) => readAdminComments(status, COMMENTS_A_PIECE, kept);
  return { ...(await findRows(inOrder, keep, { count: shown, readAll, compare: newestFirst })), q };
}

/** undefined while the device reads. */
export function useAdminComments(status: CommentStatus, q: string, shown: number): TableSlice<LocalAdminComment> | undefined {
  const slice = useLiveQuery(() => readComments(status, q, shown), [status, q, shown]);
  const counted = useLiveQuery(async () => ({ status, total: await adminCommentsNewestFirst(status).count() }), [status]);
  // While the device's first walk is under way it holds part of them: the server's count is shown.
  const walk = useWalkCounts();
  if (walk) return withTotal(slice, status === 'approved' ? walk.commentsApproved : walk.commentsWaiting);
  return withTotal(slice, counted?.status === status ? counted.total : undefined);
}
