// Idempotency-Key: a repeated write applies once and gets the first answer back; a key in use is
// a 409; answers that mean "nothing was done" are not kept, so the retry can do the work.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/fixtures.ts';
import {
  NO_COMMENT_LIMIT,
  articleInput,
  createArticle,
  newKey,
  saveArticle,
} from '../../test/content-fixtures.ts';
import { articleModel } from '../modules/articles/article.model.ts';
import { commentModel } from '../modules/comments/comment.model.ts';
import { errorHandler } from './error-handler.ts';
import { IDEMPOTENCY_COLLECTION, IDEMPOTENCY_KEY_TTL_MS } from '../db/claims/index.ts';
import { HttpError } from '../errors.ts';
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER, idempotency } from './idempotency.ts';

const keyRecords = (app: TestApp) =>
  app.connection.collection<{ _id: string; createdAt: Date }>('idempotency_keys');

describe('Idempotency-Key', () => {
  let app: TestApp;
  let admin: string;
  const articleCount = () => articleModel(app.connection).countDocuments({});
  const withKey = (key: string) => ({ 'Idempotency-Key': key });

  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('applies a create once and replays the first answer to the repeat', async () => {
    const key = newKey();
    const input = articleInput();
    const before = await articleCount();
    const first = await saveArticle(app, admin, input, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const second = await saveArticle(app, admin, input, withKey(key));
    expect(second.status).toBe(201);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await articleCount()).toBe(before + 1);
  });

  it('applies a publish toggle once, however often it is resent', async () => {
    const article = await createArticle(app, admin);
    const key = newKey();
    const send = () =>
      app.request('POST', '/api/articles/toggle-publish', {
        token: admin,
        headers: withKey(key),
        body: { id: article._id },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(first.body).toMatchObject({ article: { isPublished: false, version: 2 } });
    // The repeats are the layer's replays of the first answer, not the service refusing a second
    // flip on its own (it would also leave version 2, so the stored article alone proves nothing).
    for (let i = 0; i < 2; i++) {
      const repeat = await send();
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(repeat.body).toEqual(first.body);
    }
    expect((await articleModel(app.connection).findById(article._id).lean())?.version).toBe(2);
  });

  it('applies a visitor comment once', async () => {
    const article = await createArticle(app, admin);
    const key = newKey();
    const send = () =>
      app.request('POST', '/api/articles/add-comment', {
        headers: withKey(key),
        body: { article: article._id, name: 'Ann', content: 'Sent twice' },
      });
    const [a, b] = [await send(), await send()];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect([a.headers.get(REPLAYED_HEADER), b.headers.get(REPLAYED_HEADER)]).toEqual([null, 'true']);
    expect(await commentModel(app.connection).countDocuments({ article: article._id })).toBe(1);
  });

  it('keeps no record for a visitor comment: its id comes from the key, so the same key with other words is refused', async () => {
    const article = await createArticle(app, admin);
    const key = newKey();
    const send = (content: string) =>
      app.request('POST', '/api/articles/add-comment', {
        headers: withKey(key),
        body: { article: article._id, name: 'Ann', content },
      });
    const records = () => app.connection.collection(IDEMPOTENCY_COLLECTION).countDocuments({ _id: { $regex: key } } as never);
    expect((await send('The first words')).status).toBe(201);
    expect(await records()).toBe(0);
    const other = await send('Other words');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.REUSED, code: 'IDEMPOTENCY_KEY_REUSED' });
    const stored = await commentModel(app.connection).find({ article: article._id }).lean();
    expect(stored.map((c) => c.content)).toEqual(['The first words']);
    // Copies sent at once: one comment, every copy answered with it.
    const copies = await Promise.all([1, 2, 3, 4].map(() => send('The first words')));
    expect(copies.map((c) => c.status)).toEqual([201, 201, 201, 201]);
    expect(await commentModel(app.connection).countDocuments({ article: article._id })).toBe(1);
    // Its article unpublished since: the repeat is still answered with the comment it made,
    // where a new comment is refused.
    const toggled = await app.request('POST', '/api/articles/toggle-publish', { token: admin, headers: withKey(newKey()), body: { id: article._id } });
    expect(toggled.body).toMatchObject({ article: { isPublished: false } });
    const late = await send('The first words');
    expect(late.status).toBe(201);
    expect(late.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(late.body).toEqual(copies[0]!.body);
    const fresh = await app.request('POST', '/api/articles/add-comment', {
      headers: withKey(newKey()),
      body: { article: article._id, name: 'Ann', content: 'The first words' },
    });
    expect(fresh.status).toBe(404);
  });

  it('lets one of several simultaneous copies run; the others are told it is in progress or get its answer', async () => {
    const key = newKey();
    const input = articleInput();
    const before = await articleCount();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => saveArticle(app, admin, input, withKey(key))),
    );
    expect(await articleCount()).toBe(before + 1);
    for (const res of results) {
      if (res.status === 409)
        expect(res.body).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.IN_PROGRESS, code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
      else expect(res.status).toBe(201);
    }
    expect(results.filter((r) => r.status === 201 && !r.headers.get(REPLAYED_HEADER))).toHaveLength(
      1,
    );
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    const before = await articleCount();
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon;key']) {
      const res = await saveArticle(app, admin, {}, withKey(key));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.MALFORMED, code: 'INVALID_IDEMPOTENCY_KEY' });
    }
    expect(await articleCount()).toBe(before);
  });

  it('refuses the same key with a different body (409) and keeps keys apart per path', async () => {
    const key = newKey();
    expect((await saveArticle(app, admin, {}, withKey(key))).status).toBe(201);
    const other = await saveArticle(app, admin, { title: 'Another' }, withKey(key));
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.REUSED, code: 'IDEMPOTENCY_KEY_REUSED' });

    const article = await createArticle(app, admin);
    const elsewhere = await app.request('POST', '/api/articles/toggle-publish', {
      token: admin,
      headers: withKey(key),
      body: { id: article._id },
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('keeps a 4xx answer (the same request would fail the same way)', async () => {
    const key = newKey();
    const bad = await app.request('POST', '/api/articles/add', {
      token: admin,
      headers: withKey(key),
      body: { article: '{' },
    });
    expect(bad.status).toBe(400);
    const again = await app.request('POST', '/api/articles/add', {
      token: admin,
      headers: withKey(key),
      body: { article: '{' },
    });
    expect(again.status).toBe(400);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(bad.body);
  });

  it('does not keep a 401, so the same write goes through after logging in again', async () => {
    const key = newKey();
    const input = articleInput();
    const refused = await app.request('POST', '/api/articles/add', {
      headers: withKey(key),
      body: { article: JSON.stringify(input) },
    });
    expect(refused.status).toBe(401);
    const accepted = await saveArticle(app, admin, input, withKey(key));
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('forgets keys older than 24 hours', async () => {
    const key = newKey();
    const input = articleInput();
    await saveArticle(app, admin, input, withKey(key));
    const old = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000);
    const updated = await keyRecords(app).updateMany(
      { _id: { $regex: ` POST /api/articles/add ${key}$` } },
      { $set: { createdAt: old } },
    );
    expect(updated.modifiedCount).toBe(1);
    const before = await articleCount();
    const res = await saveArticle(app, admin, { ...input, _id: newObjectId() }, withKey(key));
    expect(res.status).toBe(201);
    expect(res.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await articleCount()).toBe(before + 1);
  });

  it('ignores keys on reads (a POST read too), login and registration', async () => {
    const key = newKey();
    await app.request('GET', '/api/articles/all', { headers: withKey(key) });
    const article = await createArticle(app, admin);
    const list = await app.request('POST', '/api/articles/comments', {
      headers: withKey(key),
      body: { articleId: article._id },
    });
    expect(list.status).toBe(200);
    await app.request('POST', '/api/admin/login', {
      headers: withKey(key),
      body: { email: 'nobody@example.test', password: 'x' },
    });
    // The same registration twice with one key: the second is answered afresh (a taken email is
    // answered like a new one), not replayed from the first.
    const registration = { name: 'Keyed', email: `keyed-${key}@example.test`, password: 'a long enough password' };
    const first = await app.request('POST', '/api/admin/register', { headers: withKey(key), body: registration });
    const second = await app.request('POST', '/api/admin/register', { headers: withKey(key), body: registration });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get(REPLAYED_HEADER)).toBeNull();
    const records = await keyRecords(app).find({}).toArray();
    expect(records.filter((r) => r._id.includes(key))).toEqual([]);
  });
});

/** A Koa server on loopback with the error handler, a JSON body and `layer` in front of `handler`. */
async function serveBehind(layer: Koa.Middleware, handler: Koa.Middleware): Promise<{ server: Server; url: string }> {
  const app = new Koa();
  app.use(errorHandler({ log: () => {} }));
  app.use(bodyParser());
  app.use(layer);
  app.use(handler);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('Idempotency-Key and unexpected errors', () => {
  let test: TestApp;
  let server: Server;
  let url: string;
  let calls = 0;

  beforeAll(async () => {
    test = await startTestApp();
    ({ server, url } = await serveBehind(idempotency({ connection: test.connection }), async (ctx) => {
      calls += 1;
      if (calls === 1) throw new Error('database fell over');
      ctx.status = 201;
      ctx.body = { success: true, call: calls };
    }));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await test.close();
  });

  it('releases the key after a 500, so the retry runs and its answer is the one kept', async () => {
    const send = () =>
      fetch(`${url}/api/anything`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': 'retry-after-500' },
        body: '{"a":1}',
      });
    const failed = await send();
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ success: false, message: expect.any(String), code: 'SERVER_ERROR' });
    const retried = await send();
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ success: true, call: 2 });
    const replayed = await send();
    expect(replayed.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await replayed.json()).toEqual({ success: true, call: 2 });
    expect(calls).toBe(2);
  });
});

describe('Idempotency-Key with a check beside its claim (the admin guard, a comment limit)', () => {
  let test: TestApp;
  let server: Server;
  let url: string;
  let calls = 0;
  /** What the check answers next: a refusal, or (null) a pass; `settled` marks when it answered. */
  let refusal: HttpError | null = null;
  const order: string[] = [];

  beforeAll(async () => {
    test = await startTestApp();
    ({ server, url } = await serveBehind(
      idempotency({
        connection: test.connection,
        beside: () => {
          const answer = refusal;
          return {
            scope: 'u:beside-test',
            // Answers after the key's claim has: the refusal must still come first.
            done: new Promise<void>((resolve, reject) =>
              setTimeout(() => {
                order.push('checked');
                if (answer) reject(answer);
                else resolve();
              }, 30),
            ),
          };
        },
      }),
      async (ctx) => {
        order.push('ran');
        calls += 1;
        ctx.status = 201;
        ctx.body = { success: true, call: calls };
      },
    ));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await test.close();
  });

  const send = (key: string) =>
    fetch(`${url}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
      body: '{"a":1}',
    });

  it('runs nothing until the check passes; a refusal is the answer and gives the key back', async () => {
    refusal = new HttpError('NOT_ADMIN', 'Only administrators can do this.');
    const refused = await send('beside-refused-1');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: 'Only administrators can do this.', code: 'NOT_ADMIN' });
    expect(calls).toBe(0);

    // The same key once the check passes: it runs (the key was given back, not kept as refused).
    refusal = null;
    order.length = 0;
    const passed = await send('beside-refused-1');
    expect(passed.status).toBe(201);
    expect(await passed.json()).toEqual({ success: true, call: 1 });
    expect(order).toEqual(['checked', 'ran']);

    // A replay waits for the check too, and is refused while it refuses.
    refusal = new HttpError('RATE_LIMITED', 'Too many attempts. Please wait 1 minute and try again.');
    const replayRefused = await send('beside-refused-1');
    expect(replayRefused.status).toBe(429);
    refusal = null;
    const replayed = await send('beside-refused-1');
    expect(replayed.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await replayed.json()).toEqual({ success: true, call: 1 });
    expect(calls).toBe(1);

    // The record is the check's scope's (the token's user), as scopeOf would name it after the check.
    const records = await test.connection.collection(IDEMPOTENCY_COLLECTION).find({ _id: { $regex: '^u:beside-test ' } as never }).toArray();
    expect(records.length).toBeGreaterThan(0);
  });
});
