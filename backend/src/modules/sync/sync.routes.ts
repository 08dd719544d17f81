// GET /api/sync/articles and /api/sync/comments: the delta feeds (contracts/src/sync.ts), answered
// from the read model (read-model.ts): a page is a slice of an in-memory index, its body made and
// compressed once per version and reused for every device that asks for the same page.
import Router from '@koa/router';
import type mongoose from 'mongoose';
import { LIMITS, syncQuerySchema } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { parseWith } from '../../middleware/validate.ts';
import { answeredNotModified, etagOf } from '../../middleware/conditional-get.ts';
import { sendShared } from '../../middleware/compression.ts';
import { readModelOn } from './read-model.ts';
import type { IndexPage } from './feed-index.ts';
import { formatCursor, parseCursor } from './cursor.ts';

const FEEDS = ['articles', 'comments'] as const;
type Feed = (typeof FEEDS)[number];

/** The feed's JSON, spliced from the entries' ready-made JSON (nothing is serialised again). */
function renderPage(
  feed: Feed,
  page: IndexPage,
  epoch: string,
  extra: { reset: boolean; total?: number },
): string {
  const items: string[] = [];
  const removed: string[] = [];
  for (const entry of page.entries) {
    if (entry.json === undefined) removed.push(entry.id);
    else items.push(entry.json);
  }
  return (
    `{"success":true,"${feed}":[${items.join(',')}],"removed":${JSON.stringify(removed)},` +
    `"cursor":${JSON.stringify(formatCursor(epoch, page.cursor))},"hasMore":${page.hasMore}` +
    `${extra.total === undefined ? '' : `,"total":${extra.total}`}` +
    `${extra.reset ? ',"reset":true' : ''}}`
  );
}

export function syncRouter({ connection }: { connection: mongoose.Connection }): Router {
  const router = new Router();
  const model = readModelOn(connection);

  const paths = { articles: API_PATHS.articleFeed, comments: API_PATHS.commentFeed } as const;
  for (const feed of FEEDS) {
    router.get(paths[feed], async (ctx) => {
      const query = parseWith(syncQuerySchema, ctx.query);
      const limit = query.limit ?? LIMITS.SYNC_PAGE_DEFAULT_ITEMS;
      const state = await model.current();
      const { since, reset } = parseCursor(query.since, state.epoch);
      const version = feed === 'articles' ? state.articlesVersion : state.commentsVersion;
      // The answer to (cursor, limit) changes only when the feed's content does.
      const etag = etagOf(feed, state.epoch, version, query.since ?? '', limit);
      if (answeredNotModified(ctx, etag)) return;
      const index = feed === 'articles' ? state.articles : state.comments;
      // A first page (no cursor, or a reset) tells a device how many articles its first sync brings.
      const first = feed === 'articles' && since === 0;
      const total = first ? state.articles.visible : undefined;
      const body = await model.bodies.get(etag, () =>
        renderPage(feed, index.page(since, limit), state.epoch, { reset, total }),
      );
      await sendShared(ctx, body);
    });
  }
  return router;
}
