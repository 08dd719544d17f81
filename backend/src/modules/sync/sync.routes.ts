// GET /api/sync/articles and /api/sync/comments: the delta feeds (contracts/src/sync.ts), answered
// from the read model (read-model.ts): a page is a slice of an in-memory index, its body made and
// compressed once per version and reused for every device that asks for the same page. Which
// slices exist is fixed by feed-pages.ts, so no run of odd cursors or limits can fill the cache.
import Router from '@koa/router';
import type mongoose from 'mongoose';
import { LIMITS, syncQuerySchema } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { parseWith } from '../../http/validate.ts';
import { answeredNotModified, etagOf } from '../../http/conditional-get.ts';
import { SharedBody, sendShared } from '../../http/shared-body.ts';
import { readModelOn } from './read-model.ts';
import type { IndexPage } from './feed-index.ts';
import { formatCursor, placeOf } from './cursor.ts';
import { planPage } from './feed-pages.ts';

const FEEDS = ['articles', 'comments'] as const;
type Feed = (typeof FEEDS)[number];

/**
 * The feed's JSON, spliced from the entries' ready-made JSON (nothing is serialised again), one
 * entry per line (contracts/src/sync.ts, "A page's layout"): what a device needs before the
 * entries (`reset`, `total`) on the first line, each entry on its own line, the rest on the last.
 */
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
    `{"success":true${extra.reset ? ',"reset":true' : ''}` +
    `${extra.total === undefined ? '' : `,"total":${extra.total}`},"${feed}":[\n` +
    `${items.length ? `${items.join(',\n')}\n` : ''}],"removed":${JSON.stringify(removed)},` +
    `"cursor":${JSON.stringify(formatCursor(epoch, page.cursor))},"hasMore":${page.hasMore}}`
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
      const { state, since, reset: wasReset } = await placeOf(model, query.since);
      const version = feed === 'articles' ? state.articlesVersion : state.commentsVersion;
      const index = feed === 'articles' ? state.articles : state.comments;
      // The page is named by its place in the feed, never by the request's text (feed-pages.ts).
      const plan = planPage(index.size, index.position(since), limit);
      const reset = wasReset ? 'reset' : 'on';
      // An empty page echoes the (clamped) cursor; any other ends at its last entry.
      const etag =
        plan.start === plan.end
          ? etagOf(feed, state.epoch, version, 'at', since, reset)
          : etagOf(feed, state.epoch, version, plan.start, plan.end, reset);
      if (answeredNotModified(ctx, etag)) return;
      const render = () => {
        const page = index.slice(plan.start, plan.end);
        if (plan.start === plan.end) page.cursor = since;
        // A first page tells a device how many articles its first sync brings.
        const total = feed === 'articles' && plan.start === 0 ? state.articles.visible : undefined;
        return renderPage(feed, page, state.epoch, { reset: wasReset, total });
      };
      const body = plan.cached ? await model.bodies.get(etag, render) : new SharedBody(render());
      await sendShared(ctx, body);
    });
  }
  return router;
}
