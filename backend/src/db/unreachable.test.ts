// A request the database cannot serve is refused with 503 and Retry-After (the client may retry),
// never a 500 (which says the server is broken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoNetworkError, MongoServerError } from 'mongodb';
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
    // FerretDB on PostgreSQL with the cluster away (messages as it sent them here).
    const internal = (message: string) => Object.assign(new Error(message), { name: 'MongoServerError', code: 1 });
    expect(isDatabaseUnreachable(internal('[msg_insert.go:168 handler.(*Handler).MsgInsert] failed to connect to `user=postgres database=ferretdb`: /d/run/.s.PGSQL.38029 (/d/run): dial error: dial unix /d/run/.s.PGSQL.38029: connect: no such file or directory'))).toBe(true);
    expect(isDatabaseUnreachable(internal('[collection.go:109 postgresql.(*collection).Query] write failed: write unix @->/d/run/.s.PGSQL.38029: write: broken pipe'))).toBe(true);
    expect(isDatabaseUnreachable(internal('FATAL: the database system is starting up (SQLSTATE 57P03)'))).toBe(true);
    expect(isDatabaseUnreachable(internal('unknown operator: $foo'))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('failed to connect to the moon'), { name: 'MongoServerError', code: 2 }))).toBe(false);
    // A batch (db/batched-insert.ts) whose command failed as a whole: the driver's own wrapping.
    const away = 'failed to connect to `user=postgres database=ferretdb`: server error: FATAL: the database system is shutting down (SQLSTATE 57P03)';
    const wrapped = (inner: Error) => new MongoBulkWriteError(inner, {} as never);
    expect(isDatabaseUnreachable(wrapped(new MongoServerError({ message: away, code: 1 })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new MongoNetworkError('connection 4 to /tmp/fw.sock closed')))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 })))).toBe(false);
    // The database's Unix socket closing under a command: the driver let the socket error through.
    expect(isDatabaseUnreachable(Object.assign(new Error('write EPIPE'), { errno: -32, code: 'EPIPE', syscall: 'write' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
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
