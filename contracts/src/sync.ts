// The device delta feeds (added to the product's call table): articles and approved comments
// changed since a cursor. A cursor is opaque to clients; the server orders every change by a
// unique, growing sequence.
import { z } from 'zod';
import { articleSchema } from './articles.ts';
import { commentSchema } from './comments.ts';
import { LIMITS, envelope, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

export const syncQuerySchema = z.strictObject({
  since: z
    .string()
    // `<epoch>.<number>` as returned; `0` for the start.
    .regex(/^(?:[0-9a-f]{1,32}\.)?\d{1,15}$/, 'since must be a cursor returned by this call')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(LIMITS.SYNC_PAGE_MAX_ITEMS, `limit must be at most ${LIMITS.SYNC_PAGE_MAX_ITEMS}`)
    .optional(),
});

/**
 * One page of changes: upserts, removals (tombstones), the cursor to ask from next. `reset`: the
 * cursor sent came from another database, so this page starts from the beginning and the device
 * must drop what it holds from this feed before applying it.
 *
 * A page's layout: the server writes it one entry per line, what comes before the entries
 * (`success`, `reset`, `total`) on the first line, which ends with the list's `[`, and the rest
 * (`removed`, `cursor`, `hasMore`) on the last, which begins with its `]`; no other newline is in
 * it (JSON escapes those inside strings). Any JSON reader reads it as usual; the PWA reads a large
 * page line by line as it arrives (pwa/src/sync/feed-stream.ts).
 */
export const articleFeedSchema = envelope({
  articles: z.array(articleSchema),
  removed: z.array(z.string()),
  cursor: z.string(),
  hasMore: z.boolean(),
  /** Only on the first page (no `since`): how many articles are published, for a device's
   * first-sync progress ("400 of 2,000"). */
  total: z.number().int().nonnegative().optional(),
  reset: z.boolean().optional(),
});
export type ArticleFeed = z.infer<typeof articleFeedSchema>;

export const commentFeedSchema = envelope({
  comments: z.array(commentSchema),
  removed: z.array(z.string()),
  cursor: z.string(),
  hasMore: z.boolean(),
  reset: z.boolean().optional(),
});
export type CommentFeed = z.infer<typeof commentFeedSchema>;

export const syncRoutes = {
  articleFeed: {
    method: 'GET',
    path: API_PATHS.articleFeed,
    admin: false,
    query: syncQuerySchema,
    response: articleFeedSchema,
  },
  commentFeed: {
    method: 'GET',
    path: API_PATHS.commentFeed,
    admin: false,
    query: syncQuerySchema,
    response: commentFeedSchema,
  },
} as const satisfies Record<string, RouteSpec>;
