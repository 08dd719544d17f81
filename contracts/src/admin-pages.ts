// The admin screens' paged answers (added to the product's call table): article summaries (drafts
// and scheduled ones included, no body), comments by status, users, and the dashboard's counts.
// Answered from what the server keeps in memory, so a page costs its own size, not the library's.
import { z } from 'zod';
import { envelope, objectIdSchema, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

/** The most items one admin page holds, and how many when the call does not say. */
export const ADMIN_PAGE_MAX_ITEMS = 100;
const ADMIN_PAGE_DEFAULT_ITEMS = 20;
/** The longest filter text a page call takes. */
const ADMIN_FILTER_MAX_CHARS = 200;

const pageQueryFields = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_PAGE_MAX_ITEMS, `limit must be at most ${ADMIN_PAGE_MAX_ITEMS}`)
    .default(ADMIN_PAGE_DEFAULT_ITEMS),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(Number.MAX_SAFE_INTEGER)
    .default(0),
  /** Kept when the text contains it, letter case aside (articles: title; comments: name or text; users: name or email). */
  q: z.string().trim().max(ADMIN_FILTER_MAX_CHARS, `q must be at most ${ADMIN_FILTER_MAX_CHARS} characters`).optional(),
};

export const adminPageQuerySchema = z.strictObject(pageQueryFields);

const COMMENT_STATUSES = ['waiting', 'approved'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const adminCommentPageQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(COMMENT_STATUSES, { error: 'status must be waiting or approved' }).default('waiting'),
});

/** One page: `total` items match the call; `nextOffset` asks for the next page (null: none). */
function pageOf<T extends z.ZodType>(item: T) {
  return envelope({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    nextOffset: z.number().int().nonnegative().nullable(),
  });
}

const ARTICLE_STATUSES = ['published', 'draft', 'scheduled'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

const articleSummarySchema = z.object({
  _id: objectIdSchema,
  title: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  /** A scheduled draft's publication time. */
  publishAt: z.iso.datetime().optional(),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

const adminCommentItemSchema = z.object({
  _id: objectIdSchema,
  article: objectIdSchema,
  /** Null when the article is gone. */
  articleTitle: z.string().nullable(),
  name: z.string(),
  content: z.string(),
  isApproved: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminCommentItem = z.infer<typeof adminCommentItemSchema>;

const adminUserItemSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  isApproved: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;

/** Kept as each change is applied, never counted from a collection on a request. */
export const adminCountsSchema = z.object({
  articles: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  /** Unpublished without a publication time. */
  drafts: z.number().int().nonnegative(),
  /** Unpublished with a publication time. */
  scheduled: z.number().int().nonnegative(),
  commentsWaiting: z.number().int().nonnegative(),
  commentsApproved: z.number().int().nonnegative(),
  usersWaiting: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;

export const articlePageSchema = pageOf(articleSummarySchema);
export type ArticlePage = z.infer<typeof articlePageSchema>;
export const adminCommentPageSchema = pageOf(adminCommentItemSchema);
export type AdminCommentPage = z.infer<typeof adminCommentPageSchema>;
export const adminUserPageSchema = pageOf(adminUserItemSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminPageRoutes = {
  articlePage: {
    method: 'GET',
    path: API_PATHS.articlePage,
    admin: true,
    query: adminPageQuerySchema,
    response: articlePageSchema,
  },
  commentPage: {
    method: 'GET',
    path: API_PATHS.commentPage,
    admin: true,
    query: adminCommentPageQuerySchema,
    response: adminCommentPageSchema,
  },
  userPage: {
    method: 'GET',
    path: API_PATHS.userPage,
    admin: true,
    query: adminPageQuerySchema,
    response: adminUserPageSchema,
  },
} as const satisfies Record<string, RouteSpec>;
