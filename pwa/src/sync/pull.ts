// Pull: brings the device up to date from the server's delta feeds. A feed page's cursor moves in
// the same transaction as the page's last writes, so a crash mid-sync never skips a change (an
// article page is written in a few transactions: one cut off part-way is written again, the same).
import type { Article, ArticleFeed, CommentFeed } from '@fw/contracts';
import { api } from '../lib/api.ts';
import { pullSchedule } from './lessons-sync.ts';
import { pullDailyTexts } from './daily-sync.ts';
import { db, getMeta, setMeta } from '../db/db.ts';
import { announceArticleChanges } from './article-changes.ts';
import { readFeedPage } from './feed-stream.ts';
import { splitArticle } from './article-store.ts';
import { holdFeedCopy } from './held-copies.ts';
import { heldRecordIds } from './write-kinds/registry.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { LIMITS } from '@fw/contracts/limits';
import { META } from '../db/meta-keys.ts';
import { nextTask } from '../lib/next-task.ts';

/** The comment pages the device asks for: the server's default, one number for both ends. */
export const SYNC_PAGE_ITEMS = LIMITS.SYNC_PAGE_DEFAULT_ITEMS;
/**
 * The article pages the device asks for: read and written as they arrive (pullArticles), so a
 * page's size holds nothing back (the first articles of a first sync show as soon as a page's
 * first group is in) and a first sync of 10,000 articles is five requests.
 */
export const ARTICLE_PAGE_ITEMS = LIMITS.SYNC_ARTICLE_PAGE_ITEMS;
/**
 * Records written per request inside a transaction. IndexedDB copies a value on the page's thread
 * when it is put, so smaller requests (awaited one after another, which keeps the transaction
 * open) leave the thread free between them instead of one long task: at 4x CPU, 25 articles'
 * bodies took up to 78 ms in one task in the search bench's first sync of 10,000 (bench/search.mjs),
 * 10 at most 44 ms over three runs.
 */
const WRITE_CHUNK_ITEMS = 10;
/**
 * Articles written per transaction. A feed page is written in several, with a turn of the event
 * loop between them (a transaction cannot wait for one: it would commit), so the page's thread is
 * never held for a whole page; on a phone at 10,000 articles one page's transaction made tasks of
 * about 100 ms.
 */
const TRANSACTION_ITEMS = 50;

export interface FirstSync {
  total: number | null;
}

/** What a page says before its articles (its first line on the wire). */
type PageHead = Partial<Pick<ArticleFeed, 'reset' | 'total'>>;
/** What it says after them. */
type PageEnd = Pick<ArticleFeed, 'removed' | 'cursor'> & Partial<Pick<ArticleFeed, 'hasMore'>>;

/**
 * Writes one article page a transaction at a time, as its groups come (`write`), then its end
 * (`finish`: the last group, the page's removals and its cursor, in one transaction).
 * `reset`: the server's database is another one than the cursor came from (a restored backup, a
 * replaced server), so the page starts from the beginning and what the feed brought before is
 * dropped, in the page's first transaction, so the device never shows a mix of two databases.
 * Cut off part-way (a crash, a closed tab, the network), the cursor has not moved: the page comes
 * again and writing it again changes nothing.
 */
function articlePageWriter(head: PageHead) {
  const reset = head.reset === true;
  let first = true;
  let dropped: string[] = [];
  const applied: Article[] = [];
  let removed: string[] = [];

  async function transaction(group: Article[], end: PageEnd | null): Promise<void> {
    if (!first) await nextTask();
    const isFirst = first;
    first = false;
    await db.transaction('rw', [db.articles, db.bodies, db.comments, db.meta, db.outbox], async () => {
      // An article with a write waiting keeps the device's copy; the feed's is set aside for later.
      const held = await heldRecordIds();
      let writing = group;
      let removing = end ? end.removed : [];
      if (held.size) {
        for (const article of group) if (held.has(article._id)) await holdFeedCopy(article._id, { table: 'articles', value: article });
        for (const id of removing) if (held.has(id)) await holdFeedCopy(id, { table: 'articles', value: null });
        writing = group.filter((article) => !held.has(article._id));
        removing = removing.filter((id) => !held.has(id));
      }
      // A first sync (or one begun again) shows its progress line ("400 of 2,000") from its first
      // transaction until its last page ends.
      if (isFirst && (reset || !(await getMeta<string>(META.ARTICLES_CURSOR)))) {
        await setMeta(META.FIRST_SYNC, { total: head.total ?? null } satisfies FirstSync);
      }
      if (isFirst && reset) {
        dropped = ((await db.articles.toCollection().primaryKeys()) as string[]).filter((id) => !held.has(id));
        await db.articles.bulkDelete(dropped);
        await db.bodies.bulkDelete(dropped);
      }
      const parts = writing.map(splitArticle);
      for (let from = 0; from < parts.length; from += WRITE_CHUNK_ITEMS) {
        const chunk = parts.slice(from, from + WRITE_CHUNK_ITEMS);
        await db.articles.bulkPut(chunk.map((p) => p.summary));
        await db.bodies.bulkPut(chunk.map((p) => p.body));
      }
      applied.push(...writing);
      if (!end) return;
      if (removing.length) {
        await db.articles.bulkDelete(removing);
        await db.bodies.bulkDelete(removing);
        await db.comments.where('article').anyOf(removing).delete();
      }
      removed = removing;
      await setMeta(META.ARTICLES_CURSOR, end.cursor);
      if (end.hasMore === false) await db.meta.delete(META.FIRST_SYNC);
    });
  }

  return {
    write: (group: Article[]) => transaction(group, null),
    async finish(group: Article[], end: PageEnd): Promise<void> {
      await transaction(group, end);
      const kept = new Set(applied.map((a) => a._id));
      const gone = [...removed, ...dropped.filter((id) => !kept.has(id))];
      if (applied.length || gone.length) announceArticleChanges({ changed: applied.map((a) => a._id), removed: gone });
    },
  };
}

/**
 * One article page already read: its articles go in transactions of TRANSACTION_ITEMS, its last
 * one also removes what the page removed and moves the cursor (articlePageWriter).
 */
export async function applyArticlePage(
  page: Pick<ArticleFeed, 'articles' | 'removed' | 'cursor'> &
    Partial<Pick<ArticleFeed, 'hasMore' | 'total' | 'reset'>>,
): Promise<void> {
  const writer = articlePageWriter(page);
  const last = Math.max(0, Math.ceil(page.articles.length / TRANSACTION_ITEMS) - 1) * TRANSACTION_ITEMS;
  for (let from = 0; from < last; from += TRANSACTION_ITEMS) await writer.write(page.articles.slice(from, from + TRANSACTION_ITEMS));
  await writer.finish(page.articles.slice(last), page);
}

/**
 * One article page from the network, written while it arrives (sync/feed-stream.ts): each group
 * of TRANSACTION_ITEMS as soon as it is read, the page's end once the whole page is in.
 */
async function pullArticlePage(path: string): Promise<PageEnd> {
  let writer: ReturnType<typeof articlePageWriter> | null = null;
  const started = (head: PageHead) => (writer ??= articlePageWriter(head));
  const { fields, rest } = await readFeedPage<Article>(path, 'articles', TRANSACTION_ITEMS, (group, head) => started(head).write(group));
  const page = fields as PageHead & PageEnd;
  await started(page).finish(rest, page);
  return page;
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

/** Whether a walk of the feeds should stop before its next page (it goes on from its cursor later). */
type GiveWay = () => boolean;

/** The pages of a feed from the device's cursor; stops before a page once `giveWay` says so, answering -1. */
async function pullFeed<P extends { cursor: string; hasMore: boolean }>(
  path: string,
  cursorKey: string,
  apply: (page: P) => Promise<void>,
  giveWay?: GiveWay,
): Promise<number> {
  let pages = 0;
  for (;;) {
    if (pages > 0 && giveWay?.()) return -1;
    const since = await getMeta<string>(cursorKey);
    const query = new URLSearchParams({ limit: String(SYNC_PAGE_ITEMS) });
    if (since) query.set('since', since);
    const { data } = await api<P>('GET', `${path}?${query}`);
    await apply(data);
    pages += 1;
    if (!data.hasMore) return pages;
  }
}

/** The article feed from the device's cursor, a page of ARTICLE_PAGE_ITEMS at a time (-1: it gave way). */
export async function pullArticles(giveWay?: GiveWay): Promise<number> {
  for (let pages = 1; ; pages++) {
    if (pages > 1 && giveWay?.()) return -1;
    const since = await getMeta<string>(META.ARTICLES_CURSOR);
    const query = new URLSearchParams({ limit: String(ARTICLE_PAGE_ITEMS) });
    if (since) query.set('since', since);
    const end = await pullArticlePage(`${API_PATHS.articleFeed}?${query}`);
    if (!end.hasMore) return pages;
  }
}

export function pullComments(giveWay?: GiveWay): Promise<number> {
  return pullFeed<CommentFeed>(API_PATHS.commentFeed, META.COMMENTS_CURSOR, applyCommentPage, giveWay);
}

/**
 * Everything a visitor reads, brought up to date; false when it gave way between pages (`giveWay`)
 * before the end, to go on from its cursors later.
 */
export async function pullPublic(giveWay?: GiveWay): Promise<boolean> {
  // The schedule is one small call (usually a 304): first, so the Family page does not wait for a
  // first sync of every article.
  await pullSchedule();
  // Today's text is one small call too (usually a 304), for the home card.
  await pullDailyTexts();
  if ((await pullArticles(giveWay)) < 0 || (await pullComments(giveWay)) < 0) return false;
  await setMeta(META.LAST_SYNCED_AT, Date.now());
  return true;
}
