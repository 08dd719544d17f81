// What each kind of write is: its endpoint, the optimistic change it makes on the device at once,
// and how the server's answer settles it. The outbox (outbox.ts) stores and sends them.
import type { AddCommentRequest, Article, ArticleInput } from '@fw/contracts';
import { categoryOf } from '@fw/contracts/categories';
import type { ErrorCode } from '@fw/contracts/errors';
import { db, type LocalAdminArticle, type OutboxKind } from '../db/db.ts';
import { splitArticle } from './pull.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { LESSON_KINDS, applyLessonConfirmed, applyLessonOptimistic } from './lessons-sync.ts';

export interface Endpoint {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Only admin operations need a token; a visitor's comment goes out without one. */
  admin: boolean;
}

export const ENDPOINTS: Record<OutboxKind, Endpoint> = {
  addComment: { method: 'POST', path: API_PATHS.addComment, admin: false },
  saveArticle: { method: 'POST', path: API_PATHS.addArticle, admin: true },
  togglePublish: { method: 'POST', path: API_PATHS.togglePublish, admin: true },
  deleteArticle: { method: 'DELETE', path: API_PATHS.deleteArticle, admin: true },
  approveComment: { method: 'PUT', path: API_PATHS.approveComment, admin: true },
  deleteComment: { method: 'DELETE', path: API_PATHS.deleteComment, admin: true },
  approveUser: { method: 'POST', path: API_PATHS.approveUser, admin: true },
  deleteUser: { method: 'DELETE', path: API_PATHS.deleteUser, admin: true },
  saveLesson: { method: 'POST', path: API_PATHS.saveLesson, admin: true },
  deleteLesson: { method: 'DELETE', path: API_PATHS.deleteLesson, admin: true },
  importLessons: { method: 'POST', path: API_PATHS.importLessons, admin: true },
};

/** The request body that goes over the wire for an entry. */
export function wireBody(kind: OutboxKind, body: Record<string, unknown>): Record<string, unknown> {
  // The spec's add call carries the article as a JSON string in one field.
  if (kind === 'saveArticle') return { article: JSON.stringify(body) };
  return kind === 'saveLesson' ? { lesson: body } : body;
}

/** Puts an article where the device shows it: the admin list always, the public tables if published. */
export async function storeArticle(article: Article, pending: boolean): Promise<void> {
  const local: LocalAdminArticle = pending ? { ...article, pending: 1 } : { ...article };
  await db.adminArticles.put(local);
  if (article.isPublished) {
    const { summary, body } = splitArticle(article);
    await db.articles.put(summary);
    await db.bodies.put(body);
  } else {
    await db.articles.delete(article._id);
    await db.bodies.delete(article._id);
  }
}

export const OPTIMISTIC_TABLES = () => [db.comments, db.adminArticles, db.articles, db.bodies, db.adminComments, db.users, db.worship];

/** The change a person sees at once, before the server has answered. Runs inside a transaction. */
export async function applyOptimistic(kind: OutboxKind, recordId: string, body: Record<string, unknown>): Promise<void> {
  if (LESSON_KINDS.has(kind)) return applyLessonOptimistic(kind, recordId, body);
  switch (kind) {
    case 'addComment': {
      const c = body as unknown as AddCommentRequest & { _id: string };
      await db.comments.put({
        _id: c._id,
        article: c.article,
        name: c.name,
        content: c.content,
        createdAt: new Date().toISOString(),
        isApproved: false,
        pending: 1,
        own: 1,
      });
      return;
    }
    case 'saveArticle': {
      const input = body as unknown as ArticleInput & { _id: string };
      const existing = await db.adminArticles.get(recordId);
      const stamp = new Date().toISOString();
      await storeArticle(
        {
          _id: recordId,
          title: input.title,
          subtitle: input.subtitle,
          content: input.content ?? '',
          category: categoryOf(input.category),
          isPublished: input.isPublished ?? false,
          version: existing?.version ?? 0,
          createdAt: existing?.createdAt ?? stamp,
          updatedAt: stamp,
        },
        true,
      );
      return;
    }
    case 'togglePublish': {
      const existing = await db.adminArticles.get(recordId);
      if (existing) {
        const { pending: _pending, ...article } = existing;
        void _pending;
        let content = article.content;
        if (!content) content = (await db.bodies.get(recordId))?.content ?? '';
        await storeArticle({ ...article, content, isPublished: !article.isPublished }, true);
      }
      return;
    }
    case 'deleteArticle':
      await db.adminArticles.delete(recordId);
      await db.articles.delete(recordId);
      await db.bodies.delete(recordId);
      await db.comments.where('article').equals(recordId).delete();
      return;
    case 'approveComment':
      await db.adminComments.update(recordId, { isApproved: true, pending: 1 });
      return;
    case 'deleteComment':
      await db.adminComments.delete(recordId);
      await db.comments.delete(recordId);
      return;
    case 'approveUser':
      await db.users.update(recordId, { isApproved: true, role: 'admin', pending: 1 });
      return;
    case 'deleteUser':
      await db.users.delete(recordId);
      return;
  }
}

/** Settles the device's copy with the server's answer. Runs inside a transaction. */
export async function applyConfirmed(kind: OutboxKind, recordId: string, response: Record<string, unknown>): Promise<void> {
  if (LESSON_KINDS.has(kind)) return applyLessonConfirmed(kind, response);
  const article = response.article as Article | undefined;
  switch (kind) {
    case 'addComment':
      // Still waiting for an administrator: keep it visible to its author, no longer pending.
      await db.comments.update(recordId, { pending: undefined });
      return;
    case 'saveArticle':
    case 'togglePublish':
      if (article) await storeArticle(article, false);
      return;
    case 'approveComment':
      await db.adminComments.update(recordId, { pending: undefined });
      return;
    case 'approveUser':
      await db.users.update(recordId, { pending: undefined });
      return;
    default:
      return;
  }
}

/** A refused delete of something already gone has the effect the person wanted. */
export function isAlreadyDone(kind: OutboxKind, code: ErrorCode | null): boolean {
  return code === 'NOT_FOUND' && (kind === 'deleteArticle' || kind === 'deleteComment' || kind === 'deleteUser' || kind === 'deleteLesson');
}
