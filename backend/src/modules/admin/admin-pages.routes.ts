// The admin view's answers, each from the admin view held in memory (admin-model.ts):
// - the screens' pages (contracts/src/admin-pages.ts): article summaries, comments by status and
//   users, a slice filtered and counted there;
// - the change feed (contracts/src/admin-changes.ts): what changed since a device's cursor, a slice
//   of the view's change index, or, for a device that holds nothing yet, the whole index newest
//   change first; only its articles are read, each by `_id`, as the view holds no article text.
// - the full lists of the product's call table, for clients that do not page (every article,
//   comment or user): from the view too, sent a piece at a time (http/json-list.ts); only the
//   articles' text is read, each by `_id`, as the list goes out.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type mongoose from 'mongoose';
import {
  adminChangesQuerySchema,
  adminCommentPageQuerySchema,
  adminPageQuerySchema,
  type AdminChanges,
  type AdminComment,
  type AdminCommentItem,
  type AdminUserItem,
  type User,
} from '@fw/contracts';
import { compareNewestFirst } from '@fw/contracts/order';
import { API_PATHS } from '@fw/contracts/paths';
import { mapLimit } from '../../db/map-limit.ts';
import { parseWith } from '../../http/validate.ts';
import { inPieces, sendJsonList } from '../../http/json-list.ts';
import type { AdminState } from '../../middleware/require-admin.ts';
import { articleModel, toArticleDto, type ArticleDoc } from '../articles/article.model.ts';
import { formatCursor, formatWalkPlace, placeOf, walkPlaceOf } from '../sync/cursor.ts';
import { readModelOn } from '../sync/read-model.ts';
import { fromChangeKey, pageOf, type AdminModel } from './admin-model.ts';

/** Article reads in flight at once for one page of changes. */
const ARTICLE_READS_AT_ONCE = 16;

/** A comment as the product's calls send it: its article's id and title, or null when the article is gone. */
function commentDto({ articleTitle, ...comment }: AdminCommentItem): AdminComment {
  return { ...comment, article: articleTitle === null ? null : { _id: comment.article, title: articleTitle } };
}

const userDto = ({ _id, name, email, role, isApproved }: AdminUserItem): User => ({ _id, name, email, role, isApproved });

/** Two lists in the same newest-first order as one. */
function mergeNewestFirst<T extends { createdAt: string; id: string }>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeA = j === b.length || (i < a.length && compareNewestFirst(a[i]!.createdAt, a[i]!.id, b[j]!.createdAt, b[j]!.id) <= 0);
    out.push(takeA ? a[i++]! : b[j++]!);
  }
  return out;
}

export interface AdminPagesRouterDeps {
  connection: mongoose.Connection;
  adminOnly: Middleware<AdminState>;
}

export function adminPagesRouter({ connection, adminOnly }: AdminPagesRouterDeps): Router {
  const router = new Router();
  const model = readModelOn(connection);
  const Articles = articleModel(connection);

  /** The changes of one page as the contract sends them: things as they are now, removals by kind. */
  async function changesOf(admin: AdminModel, keys: string[]): Promise<Omit<AdminChanges, 'success' | 'cursor' | 'hasMore'>> {
    const out: Omit<AdminChanges, 'success' | 'cursor' | 'hasMore'> = {
      articles: [],
      comments: [],
      users: [],
      removed: { articles: [], comments: [], users: [] },
    };
    const articleIds: string[] = [];
    for (const { kind, id } of keys.map(fromChangeKey)) {
      if (kind === 'article') {
        if (admin.isHeld('article', id)) articleIds.push(id);
        else out.removed.articles.push(id);
      } else if (kind === 'comment') {
        const item = admin.commentItem(id);
        if (!item) out.removed.comments.push(id);
        else out.comments.push(commentDto(item));
      } else {
        const held = admin.users.get(id)?.item;
        if (!held) out.removed.users.push(id);
        else out.users.push(userDto(held));
      }
    }
    // Read as they are now (a later change comes again in a later page, the same or newer).
    const docs = await mapLimit(articleIds, ARTICLE_READS_AT_ONCE, (id) => Articles.findById(id).lean() as Promise<ArticleDoc | null>);
    docs.forEach((doc, i) => {
      if (doc) out.articles.push(toArticleDto(doc));
      else out.removed.articles.push(articleIds[i]!);
    });
    return out;
  }

  router.get(API_PATHS.adminChanges, adminOnly, async (ctx) => {
    const query = parseWith(adminChangesQuerySchema, ctx.query);
    // A walk newest first (a device holding nothing yet) or the changes after a cursor: each page
    // goes out the same way; a walk's cursor is its top, and its next page is named by `before`.
    const { state, page, cursor, before, reset } =
      query.before !== undefined
        ? await walkPlaceOf(model, query.before).then(({ state, before: below, top, reset }) => {
            const page = state.admin.changes.pageBefore(below, query.limit);
            const next = page.hasMore ? formatWalkPlace(state.epoch, page.cursor, top) : undefined;
            return { state, page, cursor: top, before: next, reset };
          })
        : await placeOf(model, query.since).then(({ state, since, reset }) => {
            const page = state.admin.changes.page(since, query.limit);
            return { state, page, cursor: page.cursor, before: undefined, reset };
          });
    const body: AdminChanges = {
      success: true,
      ...(await changesOf(state.admin, page.entries.map((entry) => entry.id))),
      cursor: formatCursor(state.epoch, cursor),
      hasMore: page.hasMore,
      left: page.left,
      ...(before ? { before } : {}),
      ...(reset ? { reset: true } : {}),
      // A walking device's screens show these until its copy is whole (pwa/src/sync/pull-admin.ts).
      ...(query.before !== undefined ? { counts: state.admin.counts() } : {}),
    };
    ctx.body = body;
  });

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

  // The full lists. Each goes from the view as it is when asked (a copy of its order; a thing
  // changed meanwhile is sent as it was or as it is now, one gone is left out).
  router.get(API_PATHS.articles, adminOnly, async (ctx) => {
    const { admin } = await model.current();
    const read = async (part: readonly { id: string }[]) => {
      const docs = await mapLimit(part, ARTICLE_READS_AT_ONCE, ({ id }) => Articles.findById(id).lean() as Promise<ArticleDoc | null>);
      return docs.flatMap((doc) => (doc ? [toArticleDto(doc)] : []));
    };
    await sendJsonList(ctx, { success: true }, 'articles', inPieces(admin.articles.inOrder().slice(), read));
  });

  router.get(API_PATHS.comments, adminOnly, async (ctx) => {
    const { admin } = await model.current();
    const all = mergeNewestFirst(admin.waiting.inOrder(), admin.approved.inOrder());
    const dtos = (part: readonly { id: string }[]) => part.flatMap(({ id }) => {
      const item = admin.commentItem(id);
      return item ? [commentDto(item)] : [];
    });
    await sendJsonList(ctx, { success: true }, 'comments', inPieces(all, dtos));
  });

  router.get(API_PATHS.users, adminOnly, async (ctx) => {
    const { admin } = await model.current();
    await sendJsonList(ctx, { success: true }, 'users', inPieces(admin.users.inOrder().slice(), (part) => part.map((held) => userDto(held.item))));
  });

  return router;
}
