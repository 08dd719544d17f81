// GET /api/sync/articles and /api/sync/comments: the delta feeds (contracts/src/sync.ts). The
// cursor is the decimal change number of the last change returned; no `since` = from the start.
import Router from '@koa/router';
import type mongoose from 'mongoose';
import { LIMITS, syncQuerySchema } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { parseWith } from '../../middleware/validate.ts';
import { answeredNotModified, etagOf } from '../../middleware/conditional-get.ts';
import { sequenceOn } from '../../db/sequence.ts';
import { syncService, type FeedRequest } from './sync.service.ts';

export function syncRouter({ connection }: { connection: mongoose.Connection }): Router {
  const router = new Router();
  const feeds = syncService(connection);
  const sequence = sequenceOn(connection);

  const paths = { articles: API_PATHS.articleFeed, comments: API_PATHS.commentFeed } as const;
  for (const feed of ['articles', 'comments'] as const) {
    router.get(paths[feed], async (ctx) => {
      const query = parseWith(syncQuerySchema, ctx.query);
      const since = Number(query.since ?? 0);
      const limit = query.limit ?? LIMITS.SYNC_PAGE_DEFAULT_ITEMS;
      const { epoch, committed } = await sequence.horizon();
      // Everything up to the horizon is written; a later change only moves a thing above it.
      // So any answer given for (since, limit, horizon) stays a correct one: at worst it holds an
      // older version of something whose newer version comes once the horizon moves.
      if (answeredNotModified(ctx, etagOf(feed, epoch, committed, since, limit))) return;
      const request: FeedRequest = { since, limit, upTo: committed };
      const page =
        feed === 'articles' ? await feeds.articles(request) : await feeds.comments(request);
      ctx.body = { success: true, ...page, cursor: String(page.cursor) };
    });
  }
  return router;
}
