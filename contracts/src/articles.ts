// Article shapes and the public article calls of the product's call table (docs/api.md).
import { z } from 'zod';
import { CATEGORY_NAMES, categoryOf } from './categories.ts';
import { LIMITS, envelope, followsTextRule, objectIdSchema, requiredText, type RouteSpec } from './common.ts';
import { commentSchema } from './comments.ts';
import { API_PATHS } from './paths.ts';

export const PUBLISH_AT_MESSAGE = 'publishAt must be a date and time like 2026-12-01T09:00:00Z, or null';

export const articleSchema = z.object({
  _id: objectIdSchema,
  title: z.string(),
  subtitle: z.string(),
  category: z.string(),
  content: z.string(),
  /** The citations in `content` as OSIS ranges (contracts/bible.ts); absent when there are none. */
  scripture: z.array(z.string()).optional(),
  isPublished: z.boolean(),
  /** A draft's scheduled publication (ISO time); absent when none. Never on a published article. */
  publishAt: z.string().optional(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** A category as the client may send it: a name, an object with a `category` field, or blank. */
const categoryInputSchema = z
  .union([z.string(), z.object({ category: z.string() }).loose()], {
    error: 'category must be a category name',
  })
  .transform((value) => categoryOf(value).trim())
  .refine((value) => value === '' || (CATEGORY_NAMES as readonly string[]).includes(value), {
    message: `category must be one of ${CATEGORY_NAMES.join(', ')}`,
  });

/** What `POST /api/articles/add` carries inside its `article` JSON string. */
export const articleInputSchema = z.strictObject({
  _id: objectIdSchema.optional(),
  title: requiredText('Title', LIMITS.ARTICLE_TITLE_MAX_CHARS),
  subtitle: requiredText('Subtitle', LIMITS.ARTICLE_SUBTITLE_MAX_CHARS),
  content: z
    .string({ error: 'content must be HTML text' })
    .refine((html) => new TextEncoder().encode(html).length <= LIMITS.ARTICLE_CONTENT_MAX_BYTES, {
      message: `content must be at most ${LIMITS.ARTICLE_CONTENT_MAX_BYTES / 1024 / 1024} MB`,
    })
    .superRefine(followsTextRule('content', 'multiline'))
    .default(''),
  category: categoryInputSchema.default(''),
  isPublished: z.boolean({ error: 'isPublished must be true or false' }).default(false),
  /**
   * When a draft goes public by itself (ISO time with its offset); null or absent: no schedule.
   * Ignored when `isPublished` is true; a time already past publishes on save.
   */
  publishAt: z.iso
    .datetime({ offset: true, error: PUBLISH_AT_MESSAGE })
    .refine((value) => Number.isFinite(Date.parse(value)), PUBLISH_AT_MESSAGE)
    .nullable()
    .optional(),
  /** The version an edit was based on; a stale one is refused with 409. */
  version: z.number().int().min(0).optional(),
});
export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleInputParsed = z.output<typeof articleInputSchema>;

export const addArticleRequestSchema = z.strictObject({
  article: z.string({ error: 'article must be a JSON string' }),
});
const addArticleResponseSchema = envelope({ article: articleSchema.optional() });

export const idRequestSchema = z.strictObject({ id: objectIdSchema });

export const listArticlesResponseSchema = envelope({ articles: z.array(articleSchema) });
const getArticleResponseSchema = envelope({ article: articleSchema });

export const commentsRequestSchema = z.strictObject({ articleId: objectIdSchema });
const commentsResponseSchema = envelope({ comments: z.array(commentSchema) });

export const addCommentRequestSchema = z.strictObject({
  _id: objectIdSchema.optional(),
  article: objectIdSchema,
  name: requiredText('Name', LIMITS.COMMENT_NAME_MAX_CHARS),
  content: requiredText('Comment', LIMITS.COMMENT_TEXT_MAX_CHARS, 'multiline'),
});
export type AddCommentRequest = z.input<typeof addCommentRequestSchema>;
const addCommentResponseSchema = envelope({ comment: commentSchema.optional() });

export const articleRoutes = {
  listArticles: {
    method: 'GET',
    path: API_PATHS.listArticles,
    admin: false,
    response: listArticlesResponseSchema,
  },
  getArticle: {
    method: 'GET',
    path: API_PATHS.getArticle,
    admin: false,
    response: getArticleResponseSchema,
  },
  listComments: {
    method: 'POST',
    path: API_PATHS.listComments,
    admin: false,
    body: commentsRequestSchema,
    response: commentsResponseSchema,
  },
  addComment: {
    method: 'POST',
    path: API_PATHS.addComment,
    admin: false,
    body: addCommentRequestSchema,
    response: addCommentResponseSchema,
  },
  addArticle: {
    method: 'POST',
    path: API_PATHS.addArticle,
    admin: true,
    body: addArticleRequestSchema,
    response: addArticleResponseSchema,
  },
  deleteArticle: {
    method: 'DELETE',
    path: API_PATHS.deleteArticle,
    admin: true,
    body: idRequestSchema,
    response: envelope({}),
  },
  togglePublish: {
    method: 'POST',
    path: API_PATHS.togglePublish,
    admin: true,
    body: idRequestSchema,
    response: envelope({ article: articleSchema.optional() }),
  },
} as const satisfies Record<string, RouteSpec>;
