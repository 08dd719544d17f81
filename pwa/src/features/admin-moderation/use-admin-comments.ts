// The visitors' comments the moderation page lists, read from the device's copy of the admin view
// (filled by sync/pull-admin.ts, changed at once by the outbox) a page at a time, by the index on
// status and date: the page reads the rows it shows, not every comment.
import type { CommentStatus } from '@fw/contracts';
import { adminCommentsNewestFirst, firstOf, useLiveQuery, type LocalAdminComment } from '../../db/db.ts';
import { textMatches, type TableSlice } from '../../components/ui/table-window.ts';

/** What the filter looks in: the commenter's name, the comment, and its article's title. */
const matcher = (q: string) => (c: LocalAdminComment) => textMatches(q, c.name, c.content, c.article?.title ?? '');

/** The first `shown` comments of `status`, newest first, that `q` finds (every one, when empty). */
export async function readComments(status: CommentStatus, q: string, shown: number): Promise<TableSlice<LocalAdminComment>> {
  const { rows, more } = await firstOf(adminCommentsNewestFirst(status), shown, q ? matcher(q) : undefined);
  return { rows, more, total: q ? undefined : await adminCommentsNewestFirst(status).count(), q };
}

/** undefined while the device reads. */
export function useAdminComments(status: CommentStatus, q: string, shown: number): TableSlice<LocalAdminComment> | undefined {
  return useLiveQuery(() => readComments(status, q, shown), [status, q, shown]);
}
