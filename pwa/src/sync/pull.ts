// Pull: brings the device up to date from the server's delta feeds. Each feed page is applied in
// one transaction together with its cursor, so a crash mid-sync never skips or repeats a change.
import type { Article, ArticleFeed, CommentFeed } from '@fw/contracts';
import { api } from '../lib/api.ts';
import { pullSchedule } from './lessons-sync.ts';
import { db, getMeta, setMeta } from '../db/db.ts';
import { announceArticleChanges } from './article-changes.ts';
import { splitArticle } from './article-store.ts';
import { holdFeedCopy } from './held-copies.ts';
import { heldRecordIds } from './kinds/registry.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { LIMITS } from '@fw/contracts/limits';
import { META } from './meta-keys.ts';

/** The page the device asks for: the server's default, one number for both ends. */
export const SYNC_PAGE_ITEMS = LIMITS.SYNC_PAGE_DEFAULT_ITEMS;
/**
 * Records written per request inside a page's transaction. IndexedDB copies a value on the
 * page's thread when it is put, so smaller requests (awaited one after another, which keeps the
 * transaction open) leave the thread free between them instead of one long task per page.
 */
const WRITE_CHUNK_ITEMS = 40;

export interface FirstSync {
  total: number | null;
}

/**
 * `reset`: the server's database is another one than the cursor came from (a restored backup, a
 * replaced server), so the page starts from the beginning and what the feed brought before is
 * dropped, in the same transaction, so the device never shows a mix of two databases.
 */
export async function applyArticlePage(
  page: Pick<ArticleFeed, 'articles' | 'removed' | 'cursor'> &
    Partial<Pick<ArticleFeed, 'hasMore' | 'total' | 'reset'>>,
): Promise<void> {
  let dropped: string[] = [];
  let applied: Article[] = page.articles;
  let removed: string[] = page.removed;
  await db.transaction('rw', [db.articles, db.bodies, db.comments, db.meta, db.outbox], async () => {
    const firstPage = page.reset || !(await getMeta<string>(META.ARTICLES_CURSOR));
    // An article with a write waiting keeps the device's copy; the feed's is set aside for later.
    const held = await heldRecordIds();
    if (held.size) {
      for (const article of page.articles) if (held.has(article._id)) await holdFeedCopy(article._id, { table: 'articles', value: article });
      for (const id of page.removed) if (held.has(id)) await holdFeedCopy(id, { table: 'articles', value: null });
      applied = page.articles.filter((article) => !held.has(article._id));
      removed = page.removed.filter((id) => !held.has(id));
    }
    if (page.reset) {
      dropped = ((await db.articles.toCollection().primaryKeys()) as string[]).filter((id) => !held.has(id));
      await db.articles.bulkDelete(dropped);
      await db.bodies.bulkDelete(dropped);
    }
    const parts = applied.map(splitArticle);
    for (let from = 0; from < parts.length; from += WRITE_CHUNK_ITEMS) {
      const chunk = parts.slice(from, from + WRITE_CHUNK_ITEMS);
      await db.articles.bulkPut(chunk.map((p) => p.summary));
      await db.bodies.bulkPut(chunk.map((p) => p.body));
    }
    if (removed.length) {
      await db.articles.bulkDelete(removed);
      await db.bodies.bulkDelete(removed);
      await db.comments.where('article').anyOf(removed).delete();
    }
    await setMeta(META.ARTICLES_CURSOR, page.cursor);
    // The progress line of the first sync ("400 of 2,000") shows while this is set.
    if (page.hasMore === false) await db.meta.delete(META.FIRST_SYNC);
    else if (firstPage) await setMeta(META.FIRST_SYNC, { total: page.total ?? null } satisfies FirstSync);
  });
  const kept = new Set(applied.map((a) => a._id));
  const gone = [...removed, ...dropped.filter((id) => !kept.has(id))];
  if (applied.length || gone.length) announceArticleChanges({ changed: applied.map((a) => a._id), removed: gone });
}

export async function applyCommentPage(
  page: Pick<CommentFeed, 'comments' | 'removed' | 'cursor' | 'reset'>,
): Promise<void> {
  await db.transaction('rw', [db.comments, db.meta, db.outbox], async () => {
    // A comment with a write waiting keeps the device's copy; the feed's is set aside for later.
    // (A visitor's own new comment holds nothing: the server's approved copy replaces it.)
    const held = await heldRecordIds();
    for (const comment of page.comments) if (held.has(comment._id)) await holdFeedCopy(comment._id, { table: 'comments', value: comment });
    for (const id of page.removed) if (held.has(id)) await holdFeedCopy(id, { table: 'comments', value: null });
    // This device's own comments awaiting approval are not from the feed: they stay.
    if (page.reset) await db.comments.filter((comment) => comment.isApproved && !held.has(comment._id)).delete();
    await db.comments.bulkPut(page.comments.filter((comment) => !held.has(comment._id)));
    const removed = page.removed.filter((id) => !held.has(id));
    if (removed.length) await db.comments.bulkDelete(removed);
    await setMeta(META.COMMENTS_CURSOR, page.cursor);
  });
}

async function pullFeed<P extends { cursor: string; hasMore: boolean }>(
  path: string,
  cursorKey: string,
  apply: (page: P) => Promise<void>,
): Promise<number> {
  let pages = 0;
  for (;;) {
    const since = await getMeta<string>(cursorKey);
    const query = new URLSearchParams({ limit: String(SYNC_PAGE_ITEMS) });
    if (since) query.set('since', since);
    const { data } = await api<P>('GET', `${path}?${query}`);
    await apply(data);
    pages += 1;
    if (!data.hasMore) return pages;
  }
}

export function pullArticles(): Promise<number> {
  return pullFeed<ArticleFeed>(API_PATHS.articleFeed, META.ARTICLES_CURSOR, applyArticlePage);
}

export function pullComments(): Promise<number> {
  return pullFeed<CommentFeed>(API_PATHS.commentFeed, META.COMMENTS_CURSOR, applyCommentPage);
}

/** Everything a visitor reads, brought up to date. */
export async function pullPublic(): Promise<void> {
  // The schedule is one small call (usually a 304): first, so the Family page does not wait for a
  // first sync of every article.
  await pullSchedule();
  await pullArticles();
  await pullComments();
  await setMeta(META.LAST_SYNCED_AT, Date.now());
}
