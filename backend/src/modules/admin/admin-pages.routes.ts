// The admin screens' pages (contracts/src/admin-pages.ts): article summaries, comments by status and
// users, each a slice of the admin view held in memory (admin-model.ts), filtered and counted there.
// The full lists of the product's call table stay as they were, for clients that do not page.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type mongoose from 'mongoose';
import { adminCommentPageQuerySchema, adminPageQuerySchema } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { parseWith } from '../../http/validate.ts';
import type { AdminState } from '../../middleware/require-admin.ts';
import { readModelOn } from '../sync/read-model.ts';
import { pageOf } from './admin-model.ts';

export interface AdminPagesRouterDeps {
  connection: mongoose.Connection;
  adminOnly: Middleware<AdminState>;
}

export function adminPagesRouter({ connection, adminOnly }: AdminPagesRouterDeps): Router {
  const router = new Router();
  const model = readModelOn(connection);

  router.get(API_PATHS.articlePage, adminOnly, async (ctx) => {
    const query = parseWith(adminPageQuerySchema, ctx.query);
    const { admin } = await model.current();
    ctx.body = { success: true, ...pageOf(admin.articles.inOrder(), query) };
  });

  router.get(API_PATHS.commentPage, adminOnly, async (ctx) => {
    const { status, ...query } = parseWith(adminCommentPageQuerySchema, ctx.query);
    const { admin } = await model.current();
    const page = pageOf(admin.commentsByStatus(status).inOrder(), query);
    // The title as it is now (a comment does not change when its article is renamed).
    const items = page.items.map((item) => ({ ...item, articleTitle: admin.titleOf(item.article) }));
    ctx.body = { success: true, ...page, items };
  });

  router.get(API_PATHS.userPage, adminOnly, async (ctx) => {
    const query = parseWith(adminPageQuerySchema, ctx.query);
    const { admin } = await model.current();
    ctx.body = { success: true, ...pageOf(admin.users.inOrder(), query) };
  });

  return router;
}
