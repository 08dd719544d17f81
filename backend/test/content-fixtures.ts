// Helpers for the article, comment and sync tests: calls made the way the PWA makes them
// (`POST /api/articles/add` with the article as a JSON string), over HTTP.
import crypto from 'node:crypto';
import type { Article, ArticleInput, Comment } from '@fw/contracts';
import type { TestApp, TestResponse } from './harness.ts';
import type mongoose from 'mongoose';
import { articleModel } from '../src/modules/articles/article.model.ts';

export type SaveBody = { success: boolean; message: string; article: Article };

export function articleInput(overrides: Partial<ArticleInput> = {}): ArticleInput {
  const suffix = crypto.randomBytes(3).toString('hex');
  return {
    title: `Title ${suffix}`,
    subtitle: `Subtitle ${suffix}`,
    content: `<p>Body ${suffix}</p>`,
    category: 'Life',
    isPublished: true,
    ...overrides,
  };
}

export function saveArticle(
  app: TestApp,
  token: string,
  input: Partial<ArticleInput> = {},
  headers: Record<string, string> = {},
): Promise<TestResponse<SaveBody>> {
  return app.request<SaveBody>('POST', '/api/articles/add', {
    token,
    headers,
    body: { article: JSON.stringify(articleInput(input)) },
  });
}

/** Creates an article and returns it, failing loudly if the server refused. */
export async function createArticle(
  app: TestApp,
  token: string,
  input: Partial<ArticleInput> = {},
): Promise<Article> {
  const res = await saveArticle(app, token, input);
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.article;
}

export async function addComment(
  app: TestApp,
  articleId: string,
  overrides: { name?: string; content?: string; _id?: string } = {},
): Promise<Comment> {
  const res = await app.request<{ comment: Comment }>('POST', '/api/articles/add-comment', {
    body: { article: articleId, name: 'Ann', content: 'A kind word.', ...overrides },
  });
  if (res.status !== 201)
    throw new Error(`comment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.comment;
}

export async function approveComment(app: TestApp, token: string, id: string): Promise<void> {
  const res = await app.request('PUT', '/api/admin/comments/approve', { token, body: { id } });
  if (res.status !== 200)
    throw new Error(`approve failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A rate limit high enough that tests posting many comments never meet it. */
export const NO_COMMENT_LIMIT = {
  rateLimits: {
    login: { limit: 1000, windowMs: 60_000 },
    register: { limit: 1000, windowMs: 60_000 },
    comment: { limit: 1000, windowMs: 60_000 },
    loginDelayMaxMs: 0,
  },
};

export function newKey(): string {
  return `test-${crypto.randomUUID()}`;
}

/**
 * Stores a published article straight into the database at change number `seq`, as a write that
 * stalled, was given up and then landed after all would (db/claims/sequence-fates.ts).
 */
export async function landLateArticle(connection: mongoose.Connection, id: string, seq: number): Promise<void> {
  await articleModel(connection).create({
    _id: id,
    title: 'Written late',
    subtitle: 'Late',
    content: '<p>Late</p>',
    category: 'Life',
    isPublished: true,
    wasPublished: true,
    version: 1,
    seq,
  });
}
