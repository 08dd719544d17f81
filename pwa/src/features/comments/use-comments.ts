// An article's comments as its page shows them: the approved ones plus this device's own comments
// waiting for approval (or waiting to be sent), newest first.
import { compareNewestFirst } from '@fw/contracts/order';
import { db, useLiveQuery, type LocalComment } from '../../db/db.ts';

/** How many articles' comments, as last shown, are kept in memory: as many as their articles (use-article.ts). */
const SHOWN_KEPT = 8;

/**
 * The comments of the articles shown in this visit, the latest last. Back (or Forward) to an article
 * draws them from here in its first render, with the article, before the browser puts that entry's
 * scroll back: read from the device, they came a frame or more later, and a place down among them
 * was cut short to the page without them.
 */
const shown = new Map<string, LocalComment[]>();

/** undefined while the device reads. */
export function useComments(articleId: string): LocalComment[] | undefined {
  const read = useLiveQuery(async () => {
    const comments = (await db.comments.where('article').equals(articleId).toArray())
      .filter((c) => c.isApproved || c.own)
      .sort((a, b) => compareNewestFirst(a.createdAt, a._id, b.createdAt, b._id));
    shown.delete(articleId);
    shown.set(articleId, comments);
    if (shown.size > SHOWN_KEPT) shown.delete(shown.keys().next().value!);
    return comments;
  }, [articleId]);
  return read ?? shown.get(articleId);
}
