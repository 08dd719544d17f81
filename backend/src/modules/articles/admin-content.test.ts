// The admin content calls: the dashboard and article list answer what the admin screens read, and every
// admin call of the article and comment modules refuses callers who are not approved admins.
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleSchema, dashboardDataSchema, type Article } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { addComment, createArticle } from '../../../test/content-fixtures.ts';
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';

const SOME_ID = '0123456789abcdef01234567';

const ADMIN_CALLS: { method: string; path: string; body?: unknown }[] = [
  {
    method: 'POST',
    path: '/api/articles/add',
    body: { article: JSON.stringify({ title: 'T', subtitle: 'S' }) },
  },
  { method: 'POST', path: '/api/articles/toggle-publish', body: { id: SOME_ID } },
  { method: 'DELETE', path: '/api/articles/delete', body: { id: SOME_ID } },
  { method: 'GET', path: '/api/admin/dashboard' },
  { method: 'GET', path: '/api/admin/articles' },
  { method: 'GET', path: '/api/admin/comments' },
  { method: 'PUT', path: '/api/admin/comments/approve', body: { id: SOME_ID } },
  { method: 'DELETE', path: '/api/admin/comments/delete', body: { id: SOME_ID } },
];

describe('admin content calls', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  describe('GET /api/admin/dashboard', () => {
    it('counts articles, comments and drafts and lists the most recent articles', async () => {
      const empty = await app.request('GET', '/api/admin/dashboard', { token: admin });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({
        success: true,
        dashboardData: {
          totalArticles: 0,
          totalComments: 0,
          totalDrafts: 0,
          recentArticles: [],
          // The admin view's counters: only the admin who asked exists.
          counts: { articles: 0, published: 0, drafts: 0, scheduled: 0, commentsWaiting: 0, commentsApproved: 0, users: 1, usersWaiting: 0 },
        },
      });

      const created: Article[] = [];
      for (let i = 0; i < DASHBOARD_RECENT_ARTICLES + 2; i++) {
        created.push(await createArticle(app, admin, { title: `A${i}`, isPublished: i % 3 !== 0 }));
      }
      await addComment(app, created[1]!._id);
      await addComment(app, created[2]!._id);

      const res = await app.request('GET', '/api/admin/dashboard', { token: admin });
      const data = dashboardDataSchema.parse(res.body.dashboardData);
      expect(data).toMatchObject({
        totalArticles: created.length,
        totalComments: 2,
        totalDrafts: 3,
        counts: { articles: created.length, published: 4, drafts: 3, scheduled: 0, commentsWaiting: 2, commentsApproved: 0, users: 1, usersWaiting: 0 },
      });
      expect(data.recentArticles.map((a) => a.title)).toEqual(['A6', 'A5', 'A4', 'A3', 'A2']);
    });
  });

  describe('GET /api/admin/articles', () => {
    it('lists every article, drafts included, newest first', async () => {
      const list = () =>
        app.request<{ success: boolean; articles: Article[] }>('GET', '/api/admin/articles', { token: admin });
      const before = (await list()).body.articles.map((a) => a._id);
      const published = await createArticle(app, admin, { title: 'Listed published', isPublished: true });
      const draft = await createArticle(app, admin, { title: 'Hidden draft', isPublished: false });
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      // The whole list: the two new ones on top, newest first, then every article that was there.
      expect(res.body.articles.map((a) => a._id)).toEqual([draft._id, published._id, ...before]);
      expect(res.body.articles.slice(0, 2)).toMatchObject([{ isPublished: false }, { isPublished: true }]);
      for (const article of res.body.articles) articleSchema.parse(article);
    });
  });

  describe.each(ADMIN_CALLS)('$method $path refuses non-admins', ({ method, path, body }) => {
    let userToken: string;
    let pendingToken: string;
    beforeAll(async () => {
      ({ token: userToken } = await createUser(app, { role: 'user', isApproved: true }));
      ({ token: pendingToken } = await createUser(app, { role: 'user', isApproved: false }));
    });

    it('401 without a token', async () => {
      const res = await app.request(method, path, { body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    });

    it('401 with a malformed token, a forged one and an expired one', async () => {
      const forged = jwt.sign({ sub: SOME_ID }, 'not-the-server-secret-not-the-server-secret');
      const expired = jwt.sign(
        { sub: SOME_ID, exp: Math.floor(Date.now() / 1000) - 60 },
        app.config.jwtSecret,
      );
      for (const token of ['garbage', forged, expired]) {
        const res = await app.request(method, path, { body, token });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    });

    it('403 for an approved non-admin and for a user waiting for approval', async () => {
      for (const token of [userToken, pendingToken]) {
        const res = await app.request(method, path, { body, token });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    });

    it('accepts the token in the `token` header and as Bearer too', async () => {
      const headerSets: Record<string, string>[] = [
        { token: admin },
        { authorization: `Bearer ${admin}` },
      ];
      for (const headers of headerSets) {
        const res = await app.request(method, path, { body, headers });
        expect([200, 201, 404]).toContain(res.status);
      }
    });
  });
});
