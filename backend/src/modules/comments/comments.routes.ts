// The comment calls: a visitor lists and adds comments of a published article; administrators
// list, approve and delete them.
import Router from '@koa/router';
import type { Context } from 'koa';
import { addCommentRequestSchema, commentsRequestSchema, idRequestSchema } from '@fw/contracts';
import { parseWith } from '../../http/validate.ts';
import { idFromIdempotencyKey } from '../../http/idempotency-key.ts';
import { toCommentDto } from './comment.model.ts';
import { COMMENT_MESSAGES, commentsService } from './comments.service.ts';
import { API_PATHS } from '@fw/contracts/paths';
import type { WriteRouterDeps } from '../router-deps.ts';
import { newestFirst, readModelOn } from '../sync/read-model.ts';
import { HttpError } from '../../errors.ts';
import { keyDerivedWrite, REPLAYED_HEADER } from '../../middleware/idempotency.ts';
import type { TakeHit } from '../../middleware/rate-limit.ts';

export function commentsRouter({
  connection,
  adminWrite,
  commentLimit,
}: WriteRouterDeps & {
  /** Limits how often one visitor may comment (counted in the database, shared by instances). */
  commentLimit: (ctx: Context) => TakeHit | undefined;
}): Router {
  const router = new Router();
  const comments = commentsService(connection);
  const model = readModelOn(connection);

  // Answered from the read model: an article's visible comments are held per article id.
  router.post(API_PATHS.listComments, async (ctx) => {
    const { articleId } = parseWith(commentsRequestSchema, ctx.request.body);
    const state = await model.current();
    if (state.articles.get(articleId)?.json === undefined) {
      throw new HttpError('NOT_FOUND', COMMENT_MESSAGES.ARTICLE_NOT_FOUND);
    }
    const visible = newestFirst(
      [...(state.commentsOf.get(articleId) ?? [])].map((id) => state.comments.get(id)!),
    );
    ctx.type = 'application/json';
    ctx.body = `{"success":true,"comments":[${visible.map((entry) => entry.json).join(',')}]}`;
  });

  router.post(API_PATHS.addComment, keyDerivedWrite(), async (ctx) => {
    // Counted by the comment's write, beside its change number (middleware/rate-limit.ts).
    const hit = commentLimit(ctx);
    const input = parseWith(addCommentRequestSchema, ctx.request.body);
    const { comment, repeat } = await comments.add(input, idFromIdempotencyKey(ctx), hit);
    // The same comment as the first time, as a replayed answer says (its words, its id).
    if (repeat) ctx.set(REPLAYED_HEADER, 'true');
    ctx.status = 201;
    ctx.body = { success: true, message: COMMENT_MESSAGES.ADDED, comment: toCommentDto(comment) };
  });

  router.put(API_PATHS.approveComment, adminWrite, async (ctx) => {
    const { id } = parseWith(idRequestSchema, ctx.request.body);
    await comments.approve(id);
    ctx.body = { success: true, message: COMMENT_MESSAGES.APPROVED };
  });

  router.delete(API_PATHS.deleteComment, adminWrite, async (ctx) => {
    const { id } = parseWith(idRequestSchema, ctx.request.body);
    await comments.remove(id);
    ctx.body = { success: true, message: COMMENT_MESSAGES.DELETED };
  });

  return router;
}
