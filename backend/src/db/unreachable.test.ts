// A request the database cannot serve is refused with 503 and Retry-After (the client may retry),
// never a 500 (which says the server is broken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/fixtures.ts';
import { createArticle } from '../../test/content-fixtures.ts';
import { DB_UNREACHABLE_RETRY_AFTER_S, isDatabaseUnreachable } from './unreachable.ts';

describe('database unreachable', () => {
  let app: TestApp;
  let token: string;
  let articleId: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ token } = await createUser(app));
    articleId = (await createArticle(app, token))._id;
  });
  afterAll(() => app.close());

  it('tells connection failures from other errors', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { name: 'MongoServerSelectionError' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('wrapped', { cause: Object.assign(new Error('y'), { name: 'MongoNetworkError' }) }))).toBe(true);
    expect(isDatabaseUnreachable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError' }))).toBe(false);
  });

  it('answers 503 with Retry-After and the JSON error shape while the connection is down', async () => {
    // Positive control: the same calls work while connected.
    const comment = { article: articleId, name: 'Ann', content: 'Hello' };
    expect((await app.request('POST', '/api/articles/add-comment', { body: comment })).status).toBe(201);
    expect((await app.request('GET', '/api/admin/comments', { token })).status).toBe(200);
    await app.connection.close();
    for (const [method, path, options] of [
      ['POST', '/api/articles/add-comment', { body: comment }],
      ['GET', '/api/admin/comments', { token }],
    ] as const) {
      const res = await app.request(method, path, options);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(DB_UNREACHABLE_RETRY_AFTER_S));
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/database/i) });
    }
  });
});
