// Article writes: save (create or edit, carrying the version it was based on), publish toggle, delete.
import type { Article, ArticleInput } from '@fw/contracts';
import { categoryOf } from '@fw/contracts/categories';
import { API_PATHS } from '@fw/contracts/paths';
import { db } from '../../db/db.ts';
import { removePublicArticle, storeArticle } from '../article-store.ts';
import { defineKinds } from './kind.ts';

const articleTables = () => [db.adminArticles, db.articles, db.bodies];

/** The server's answer is the article as stored: it replaces the optimistic copy. */
async function storeAnswer(_recordId: string, answer: Record<string, unknown>): Promise<void> {
  const article = answer.article as Article | undefined;
  if (article) await storeArticle(article, false);
}

export const ARTICLE_KINDS = defineKinds({
  saveArticle: {
    endpoint: { method: 'POST', path: API_PATHS.addArticle, admin: true },
    // The product's add call carries the article as a JSON string in one field.
    wire: (body) => ({ article: JSON.stringify(body) }),
    tables: articleTables,
    async optimistic(recordId, body) {
      const input = body as unknown as ArticleInput & { _id: string };
      const existing = await db.adminArticles.get(recordId);
      const stamp = new Date().toISOString();
      // The server's rule (backend article-save publicationOf): a time already past publishes.
      const publishAt = input.isPublished ? null : (input.publishAt ?? null);
      const due = publishAt !== null && Date.parse(publishAt) <= Date.now();
      await storeArticle(
        {
          _id: recordId,
          title: input.title,
          subtitle: input.subtitle,
          content: input.content ?? '',
          category: categoryOf(input.category),
          isPublished: (input.isPublished ?? false) || due,
          ...(publishAt && !due ? { publishAt } : {}),
          version: existing?.version ?? 0,
          createdAt: existing?.createdAt ?? stamp,
          updatedAt: stamp,
        },
        true,
      );
    },
    confirmed: storeAnswer,
    recordField: 'article',
    supersedesFeed: true,
    versioned: true,
    conflicts: true,
    takeServerCopy: (_recordId, _body, copy) => storeArticle(copy as unknown as Article, false),
    async forget(recordId, body) {
      if (body.version !== undefined) return;
      // A never-created article: nothing on the server to come back to.
      await db.adminArticles.delete(recordId);
      await removePublicArticle(recordId);
    },
  },
  togglePublish: {
    endpoint: { method: 'POST', path: API_PATHS.togglePublish, admin: true },
    tables: articleTables,
    async optimistic(recordId) {
      const existing = await db.adminArticles.get(recordId);
      if (!existing) return;
      // A toggle ends a schedule either way (published now, or taken down).
      const { pending: _pending, publishAt: _publishAt, ...article } = existing;
      void _pending;
      void _publishAt;
      const content = article.content || ((await db.bodies.get(recordId))?.content ?? '');
      await storeArticle({ ...article, content, isPublished: !article.isPublished }, true);
    },
    confirmed: storeAnswer,
    recordField: 'article',
    supersedesFeed: true,
  },
  deleteArticle: {
    endpoint: { method: 'DELETE', path: API_PATHS.deleteArticle, admin: true },
    tables: () => [...articleTables(), db.comments],
    async optimistic(recordId) {
      await db.adminArticles.delete(recordId);
      await removePublicArticle(recordId);
      await db.comments.where('article').equals(recordId).delete();
    },
    supersedesFeed: true,
    alreadyDone: ['NOT_FOUND'],
  },
});
