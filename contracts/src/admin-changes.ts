// The admin change feed (added to the product's call table): what changed in the admin view since a
// device's cursor, so an admin device keeps its copy by change instead of replacing it each round.
// Articles come whole (drafts and scheduled ones included: the editor opens them), comments with
// their article's title, users; removals by kind. Cursors are those of the public feeds (sync.ts).
import { z } from 'zod';
import { articleSchema } from './articles.ts';
import { userSchema } from './admin.ts';
import { adminCountsSchema } from './admin-pages.ts';
import { adminCommentSchema } from './comments.ts';
import { envelope, type RouteSpec } from './common.ts';
import { ADMIN_CHANGES_MAX_ITEMS } from './limits.ts';
import { API_PATHS } from './paths.ts';
import { syncQuerySchema } from './sync.ts';

export { ADMIN_CHANGES_MAX_ITEMS };

/** How many changes a page holds when the call does not say (the most: limits.ts). */
const ADMIN_CHANGES_DEFAULT_ITEMS = 100;

/**
 * A walk of the whole view newest change first (a device that holds nothing yet: its screens fill
 * from the newest comments and articles down): `latest` begins it, each page's `before` goes on.
 */
const walkPlaceSchema = z
  .string()
  .regex(/^(?:latest|[0-9a-f]{1,32}\.\d{1,15}\.\d{1,15})$/, 'before must be latest or a before returned by this call');

export const adminChangesQuerySchema = z.strictObject({
  since: syncQuerySchema.shape.since,
  before: walkPlaceSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_CHANGES_MAX_ITEMS, `limit must be at most ${ADMIN_CHANGES_MAX_ITEMS}`)
    .default(ADMIN_CHANGES_DEFAULT_ITEMS),
}).refine((query) => query.before === undefined || query.since === undefined, {
  message: 'since and before cannot be used together',
  path: ['before'],
});

/**
 * One page of changes, oldest first (newest first on a walk asked with `before`): each thing as it
 * is now, the ids removed, the cursor to ask from next (on a walk: from when it ends, the same on
 * each of its pages). `reset`: the cursor came from another database, so this page starts from the
 * beginning and the device drops what it holds of the admin view (what it has still to send aside).
 */
export const adminChangesSchema = envelope({
  articles: z.array(articleSchema),
  comments: z.array(adminCommentSchema),
  users: z.array(userSchema),
  removed: z.object({ articles: z.array(z.string()), comments: z.array(z.string()), users: z.array(z.string()) }),
  cursor: z.string(),
  hasMore: z.boolean(),
  /**
   * How many changes come after this page, as the server counted when it answered: a device walking
   * a large admin view from the start shows how far it has come. Absent from older servers.
   */
  left: z.number().int().nonnegative().optional(),
  /** A newest-first walk's next page, while it has more. */
  before: walkPlaceSchema.optional(),
  /**
   * On a walk's pages: the server's counts when it answered (kept as changes are applied, never
   * counted on the request), for the device's screens to show until its own copy is whole.
   */
  counts: adminCountsSchema.optional(),
  reset: z.boolean().optional(),
});
export type AdminChanges = z.infer<typeof adminChangesSchema>;

export const adminChangeRoutes = {
  adminChanges: {
    method: 'GET',
    path: API_PATHS.adminChanges,
    admin: true,
    query: adminChangesQuerySchema,
    response: adminChangesSchema,
  },
} as const satisfies Record<string, RouteSpec>;
