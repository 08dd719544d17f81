// An article's comments as its page shows them: the approved ones plus this device's own comments
// waiting for approval (or waiting to be sent), newest first.
import { compareNewestFirst } from '@fw/contracts/order';
import { db, useLiveQuery, type LocalComment } from '../../db/db.ts';

/** undefined while the device reads. */
export function useComments(articleId: string): LocalComment[] | undefined {
  return useLiveQuery(async () => {
    const comments = await db.comments.where('article').equals(articleId).toArray();
    return comments
      .filter((c) => c.isApproved || c.own)
      .sort((a, b) => compareNewestFirst(a.createdAt, a._id, b.createdAt, b._id));
  }, [articleId]);
}
