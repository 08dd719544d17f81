// The article calls of the call table over HTTP: public reads see published articles only; the
// admin writes validate, sanitise, and refuse callers who are not admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, articleSchema, listArticlesResponseSchema, type Article } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle, saveArticle, type SaveBody } from '../../../test/content-fixtures.ts';
import { ARTICLE_MESSAGES } from './articles.service.ts';
import { SAVE_MESSAGES } from './article-save.ts';
import { ARTICLE_JSON_MESSAGE, ARTICLE_TOO_LARGE_MESSAGE } from './articles.routes.ts';

describe('article calls', () => {
  let app: TestApp;
  let admin: string;
  let published: Article;
  let draft: Article;

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
    published = await createArticle(app, admin, { title: 'Published one', isPublished: true });
    draft = await createArticle(app, admin, { title: 'Draft one', isPublished: false });
  });
  afterAll(() => app.close());

  describe('GET /api/articles/all', () => {
    it('lists published articles only, newest first, in the contract shape', async () => {
      const newer = await createArticle(app, admin, { title: 'Newer' });
      const res = await app.request('GET', '/api/articles/all');
      expect(res.status).toBe(200);
      const body = listArticlesResponseSchema.parse(res.body);
      const ids = body.articles.map((a) => a._id);
      expect(ids).toContain(published._id);
      expect(ids).not.toContain(draft._id);
      expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(published._id));
      expect(body.success).toBe(true);
    });

    it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
      const first = await app.request('GET', '/api/articles/all');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      const again = await app.request('GET', '/api/articles/all', {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');

      await createArticle(app, admin);
      const changed = await app.request('GET', '/api/articles/all', {
        headers: { 'if-none-match': etag },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });
  });

  describe('GET /api/articles/:id', () => {
    it('reads a published article', async () => {
      const res = await app.request('GET', `/api/articles/${published._id}`);
      expect(res.status).toBe(200);
      expect(articleSchema.parse(res.body.article)).toMatchObject({
        _id: published._id,
        title: 'Published one',
        version: 1,
      });
    });

    it('is 404 for a draft, even with its id, and for an unknown id', async () => {
      for (const id of [draft._id, '0123456789abcdef01234567']) {
        const res = await app.request('GET', `/api/articles/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: ARTICLE_MESSAGES.NOT_FOUND, code: 'NOT_FOUND' });
      }
    });

    it('is 400 for an id that is not an ObjectId', async () => {
      const res = await app.request('GET', '/api/articles/not-an-id');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: expect.stringContaining('24-character'),
      });
    });
  });

  describe('POST /api/articles/add', () => {
    it('creates an article from the JSON string, version 1, status 201', async () => {
      const res = await saveArticle(app, admin, {
        title: '  Spaced  ',
        category: { category: 'Hope' },
        isPublished: false,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, message: SAVE_MESSAGES.CREATED });
      expect(articleSchema.parse(res.body.article)).toMatchObject({
        title: 'Spaced',
        category: 'Hope',
        version: 1,
        isPublished: false,
      });
    });

    it('strips XSS from the content before storing it', async () => {
      const res = await saveArticle(app, admin, {
        content:
          '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>',
      });
      expect(res.status).toBe(201);
      expect(res.body.article.content).toBe('<p>Hi<a href="about:blank">l</a></p>');
      const read = await app.request<{ article: Article }>(
        'GET',
        `/api/articles/${res.body.article._id}`,
      );
      expect(read.body.article.content).toBe('<p>Hi<a href="about:blank">l</a></p>');
    });

    it('refuses bad input with 400 and a message', async () => {
      const cases: [unknown, RegExp][] = [
        [{}, /article/],
        [{ article: 42 }, /article must be a JSON string/],
        [{ article: '{not json' }, new RegExp(ARTICLE_JSON_MESSAGE)],
        [{ article: JSON.stringify({ title: 'T' }) }, /Subtitle/],
        [{ article: JSON.stringify({ title: '', subtitle: 'S' }) }, /Title is required/],
        [
          { article: JSON.stringify({ title: 'T', subtitle: 'S', category: 'Cooking' }) },
          /category must be one of/,
        ],
        [
          { article: JSON.stringify({ title: 'T', subtitle: 'S', $where: 'x' }) },
          /Unexpected field: \$where/,
        ],
        [{ article: JSON.stringify({ title: 'T', subtitle: 'S', _id: { $gt: '' } }) }, /_id/],
        [{ article: JSON.stringify({ title: 'T', subtitle: 'S', _id: 'zz' }) }, /24-character/],
        [{ article: '{}', extra: 1 }, /Unexpected field: extra/],
        [{ article: JSON.stringify({ title: 'x'.repeat(201), subtitle: 'S' }) }, /at most 200/],
      ];
      for (const [body, message] of cases) {
        const res = await app.request('POST', '/api/articles/add', { token: admin, body });
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
      }
    });

    it('answers 413 for content over the limit (pictures included) and for a body over the request limit', async () => {
      const big = 'a'.repeat(LIMITS.ARTICLE_CONTENT_MAX_BYTES + 1);
      const tooMuchContent = await saveArticle(app, admin, { content: big });
      expect(tooMuchContent.status).toBe(413);
      expect(tooMuchContent.body).toEqual({ success: false, message: ARTICLE_TOO_LARGE_MESSAGE, code: 'BODY_TOO_LARGE' });

      const huge = JSON.stringify({ article: 'a'.repeat(LIMITS.REQUEST_BODY_MAX_BYTES + 1) });
      const tooMuchBody = await app.request('POST', '/api/articles/add', {
        token: admin,
        rawBody: huge,
      });
      expect(tooMuchBody.status).toBe(413);
      expect(tooMuchBody.body).toMatchObject({ success: false, message: expect.any(String) });
    });
  });

  describe('POST /api/articles/toggle-publish', () => {
    it('unpublishes and republishes, one version per change', async () => {
      const article = await createArticle(app, admin);
      const off = await app.request<SaveBody>('POST', '/api/articles/toggle-publish', {
        token: admin,
        body: { id: article._id },
      });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({
        success: true,
        message: ARTICLE_MESSAGES.UNPUBLISHED,
        article: { isPublished: false, version: 2 },
      });
      expect((await app.request('GET', `/api/articles/${article._id}`)).status).toBe(404);

      const on = await app.request<SaveBody>('POST', '/api/articles/toggle-publish', {
        token: admin,
        body: { id: article._id },
      });
      expect(on.body).toMatchObject({
        success: true,
        message: ARTICLE_MESSAGES.PUBLISHED,
        article: { isPublished: true, version: 3 },
      });
      expect((await app.request('GET', `/api/articles/${article._id}`)).status).toBe(200);
    });

    it('is 400 for a bad id and 404 for an unknown one', async () => {
      const bad = await app.request('POST', '/api/articles/toggle-publish', {
        token: admin,
        body: { id: 'nope' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, message: expect.stringContaining('id') });
      const unknown = await app.request('POST', '/api/articles/toggle-publish', {
        token: admin,
        body: { id: '0123456789abcdef01234567' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: ARTICLE_MESSAGES.ADMIN_NOT_FOUND, code: 'NOT_FOUND' });
    });
  });

  describe('DELETE /api/articles/delete', () => {
    it('deletes the article: gone from the public list and its page', async () => {
      const article = await createArticle(app, admin);
      const res = await app.request('DELETE', '/api/articles/delete', {
        token: admin,
        body: { id: article._id },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: ARTICLE_MESSAGES.DELETED });
      expect((await app.request('GET', `/api/articles/${article._id}`)).status).toBe(404);
      const list = await app.request<{ articles: Article[] }>('GET', '/api/articles/all');
      expect(list.body.articles.map((a) => a._id)).not.toContain(article._id);
      const again = await app.request('DELETE', '/api/articles/delete', {
        token: admin,
        body: { id: article._id },
      });
      expect(again.status).toBe(404);
    });

    it('is 400 for a missing, non-string or $-operator id', async () => {
      for (const body of [
        {},
        { id: 5 },
        { id: { $ne: null } },
        { id: published._id, more: true },
      ]) {
        const res = await app.request('DELETE', '/api/articles/delete', { token: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
      expect((await app.request('GET', `/api/articles/${published._id}`)).status).toBe(200);
    });
  });
});
