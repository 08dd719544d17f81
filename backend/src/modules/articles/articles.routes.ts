// The article calls of the product's call table (docs/api.md; public reads, admin writes) plus the admin
// dashboard and article list. Handlers parse, call the service, shape the answer.
import Router from '@koa/router';
import {
  LIMITS,
  addArticleRequestSchema,
  articleInputSchema,
  idRequestSchema,
  revisionNumberSchema,
  type ArticleInputParsed,
} from '@fw/contracts';
import { HttpError } from '../../errors.ts';
import { parseWith } from '../../http/validate.ts';
import { idFromIdempotencyKey, operationId } from '../../http/idempotency-key.ts';
import { answeredNotModified, etagOf } from '../../http/conditional-get.ts';
import { sendShared } from '../../http/shared-body.ts';
import { TOO_DEEP_MESSAGE, nestedDeeperThan } from '../../http/json-depth.ts';
import { newestArticles, readModelOn } from '../sync/read-model.ts';
import { articleListParts } from './article-list-body.ts';
import { JoinedBodies } from '../../http/gzip-pieces.ts';
import { toArticleDto } from './article.model.ts';
import { SAVE_MESSAGES } from './article-save.ts';
import { ARTICLE_MESSAGES, articlesService } from './articles.service.ts';
import { API_PATHS } from '@fw/contracts/paths';
import type { AdminReadDeps, ScriptureRouterDeps } from '../router-deps.ts';
import type { AdminState } from '../../middleware/require-admin.ts';

export const ARTICLE_JSON_MESSAGE = 'article must be the article as JSON text';
export const ARTICLE_TOO_LARGE_MESSAGE = `The article is too large: its content (images included) may be at most ${
  LIMITS.ARTICLE_CONTENT_MAX_BYTES / 1024 / 1024
} MB.`;

/** The `article` field holds JSON text (the product's add call); too-large content is a 413 before any validation. */
function parseArticleJson(text: string): ArticleInputParsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError('INVALID_JSON', ARTICLE_JSON_MESSAGE);
  }
  if (nestedDeeperThan(value)) throw new HttpError('INVALID_INPUT', TOO_DEEP_MESSAGE);
  const content = (value as { content?: unknown } | null)?.content;
  if (
    typeof content === 'string' &&
    Buffer.byteLength(content, 'utf8') > LIMITS.ARTICLE_CONTENT_MAX_BYTES
  ) {
    throw new HttpError('BODY_TOO_LARGE', ARTICLE_TOO_LARGE_MESSAGE);
  }
  return parseWith(articleInputSchema, value);
}

export function articlesRouter({ connection, adminOnly, adminWrite, scripture }: ScriptureRouterDeps & AdminReadDeps): Router {
  const router = new Router();
  const articles = articlesService(connection, scripture);
  const model = readModelOn(connection);
  const lists = new JoinedBodies();

  router.get(API_PATHS.listArticles, async (ctx) => {
    const state = await model.current();
    const etag = etagOf('articles', state.epoch, state.articlesVersion);
    if (answeredNotModified(ctx, etag)) return;
    // Published articles newest first, joined from pieces compressed once (article-list-body.ts).
    await sendShared(ctx, await lists.get(etag, () => articleListParts(newestArticles(state))));
  });

  router.get(API_PATHS.getArticle, async (ctx) => {
    const { id } = parseWith(idRequestSchema, { id: ctx.params.id });
    const state = await model.current();
    // An in-memory lookup by id; a draft, a removal or an unknown id are the same 404.
    const entry = state.articles.get(id);
    if (entry?.json === undefined) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.NOT_FOUND);
    const etag = etagOf('article', state.epoch, entry.seq);
    if (answeredNotModified(ctx, etag)) return;
    const json = entry.json;
    const body = await model.bodies.get(etag, () => `{"success":true,"article":${json}}`);
    await sendShared(ctx, body);
  });

  router.post(API_PATHS.addArticle, adminWrite, async (ctx) => {
    const { article } = parseWith(addArticleRequestSchema, ctx.request.body);
    const input = parseArticleJson(article);
    const by = (ctx.state as Partial<AdminState>).user?.name;
    const outcome = await articles.save({ ...input, _id: input._id ?? idFromIdempotencyKey(ctx) }, by);
    const messages = {
      created: SAVE_MESSAGES.CREATED,
      updated: SAVE_MESSAGES.UPDATED,
      unchanged: SAVE_MESSAGES.UNCHANGED,
    };
    ctx.status = outcome.kind === 'created' ? 201 : 200;
    ctx.body = {
      success: true,
      message: messages[outcome.kind],
      article: toArticleDto(outcome.article),
    };
  });

  router.post(API_PATHS.togglePublish, adminWrite, async (ctx) => {
    const { id } = parseWith(idRequestSchema, ctx.request.body);
    const { article, isPublished } = await articles.togglePublish(id, operationId(ctx));
    ctx.body = {
      success: true,
      message: isPublished ? ARTICLE_MESSAGES.PUBLISHED : ARTICLE_MESSAGES.UNPUBLISHED,
      article: toArticleDto(article),
    };
  });

  router.delete(API_PATHS.deleteArticle, adminWrite, async (ctx) => {
    const { id } = parseWith(idRequestSchema, ctx.request.body);
    await articles.remove(id);
    ctx.body = { success: true, message: ARTICLE_MESSAGES.DELETED };
  });

  router.get(API_PATHS.dashboard, adminOnly, async (ctx) => {
    ctx.body = { success: true, dashboardData: await articles.dashboard() };
  });

  // Revisions: `_id` reads of what is kept (article-revisions.ts), never a scan.
  router.get(API_PATHS.articleRevisions, adminOnly, async (ctx) => {
    const { id } = parseWith(idRequestSchema, { id: ctx.params.id });
    ctx.body = { success: true, revisions: await articles.revisions(id) };
  });

  router.get(API_PATHS.articleRevision, adminOnly, async (ctx) => {
    const { id } = parseWith(idRequestSchema, { id: ctx.params.id });
    const n = parseWith(revisionNumberSchema, ctx.params.n);
    ctx.body = { success: true, revision: await articles.revision(id, n) };
  });

  return router;
}
