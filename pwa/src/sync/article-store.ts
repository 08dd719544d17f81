// Where an article lives on the device: the admin's list always, the public tables (summary and
// body) while it is published.
import type { Article } from '@fw/contracts';
import { db, type ArticleBody, type ArticleSummary, type LocalAdminArticle } from '../db/db.ts';

/** The body keeps only the HTML: the search worker derives the plain text, off this thread. */
export function splitArticle(article: Article): { summary: ArticleSummary; body: ArticleBody } {
  const { content, ...summary } = article;
  return { summary, body: { _id: article._id, content } };
}

/** The public tables' copy: the article if it is published, nothing otherwise. */
export async function storePublicArticle(article: Article): Promise<void> {
  if (article.isPublished) {
    const { summary, body } = splitArticle(article);
    await db.articles.put(summary);
    await db.bodies.put(body);
  } else {
    await removePublicArticle(article._id);
  }
}

export async function removePublicArticle(id: string): Promise<void> {
  await db.articles.delete(id);
  await db.bodies.delete(id);
}

/** The admin list's copy of an article, with what its indexes read. */
export function adminArticleRow(article: Article, pending = false): LocalAdminArticle {
  return { ...article, draft: article.isPublished ? 0 : 1, ...(pending ? { pending: 1 } : {}) };
}

/** Puts an article where the device shows it: the admin list always, the public tables if published. */
export async function storeArticle(article: Article, pending: boolean): Promise<void> {
  await db.adminArticles.put(adminArticleRow(article, pending));
  await storePublicArticle(article);
}
