// The idempotency store as an attacker meets it: a key belongs to its
// caller and is checked after the login check; what is kept is small and bounded; no body the
// parser accepts makes the layer fail.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLongWindowMs, startTestApp, type TestApp } from '../../test/harness.ts';
import { createUser, type CreatedUser } from '../../test/fixtures.ts';
import { NO_COMMENT_LIMIT, articleInput, createArticle, newKey, saveArticle } from '../../test/content-fixtures.ts';
import { errorHandler } from './error-handler.ts';
import { IDEMPOTENCY_COLLECTION } from '../db/claims/index.ts';
import { IDEMPOTENCY_ANON_ANSWER_MAX_BYTES, REPLAYED_HEADER, idempotency } from './idempotency.ts';
import { QUOTE_MAX_CHARS } from '../http/validate.ts';

const withKey = (key: string) => ({ 'Idempotency-Key': key });
/** A field name far longer than any message may quote (any size far past the quote limit behaves alike; 2 MB keeps the test quick). */
const HUGE_NAME = 'N'.repeat(2 * 1024 * 1024);

describe('Idempotency-Key belongs to its caller', () => {
  let app: TestApp;
  let admin: CreatedUser;
  let otherAdmin: CreatedUser;
  const storedBytes = async () => {
    const docs = await app.connection.collection(IDEMPOTENCY_COLLECTION).find({}).toArray();
    return docs.reduce((sum, doc) => sum + JSON.stringify(doc).length, 0);
  };

  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    admin = await createUser(app);
    otherAdmin = await createUser(app);
  });
  afterAll(() => app.close());

  it('never replays an answer to a request without a token, with an expired token or with another user\'s token', async () => {
    const key = newKey();
    const draft = articleInput({ isPublished: false, content: '<p>The secret draft</p>' });
    const first = await saveArticle(app, admin.token, draft, withKey(key));
    expect(first.status).toBe(201);

    const expired = jwt.sign({ sub: admin.user._id, exp: Math.floor(Date.now() / 1000) - 60 }, app.config.jwtSecret);
    for (const token of [undefined, 'garbage', `Bearer ${expired}`]) {
      const res = await app.request('POST', '/api/articles/add', {
        token,
        headers: withKey(key),
        body: { article: JSON.stringify(draft) },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get(REPLAYED_HEADER)).toBeNull();
      expect(JSON.stringify(res.body)).not.toContain('secret draft');
    }
    // The same key with another body from a stranger is not a "key in use" 409 either.
    const stranger = await app.request('POST', '/api/articles/add', {
      headers: withKey(key),
      body: { article: JSON.stringify(articleInput()) },
    });
    expect(stranger.status).toBe(401);

    // Another administrator's key K is another key: it runs as their own request.
    const other = await saveArticle(app, otherAdmin.token, draft, withKey(key));
    expect(other.headers.get(REPLAYED_HEADER)).toBeNull();
    // The owner still gets the replay.
    const again = await saveArticle(app, admin.token, draft, withKey(key));
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('keeps visitors apart by address: another address gets no replay', async () => {
    // An anonymous call with a record (a reminder's save), behind a proxy this app trusts for one hop.
    const koa = new Koa({ proxy: true, maxIpsCount: 1 });
    koa.use(errorHandler({ log: () => {} }));
    koa.use(bodyParser());
    koa.use(idempotency({ connection: app.connection }));
    let runs = 0;
    koa.use((ctx) => {
      runs += 1;
      ctx.status = 201;
      ctx.body = { success: true, run: runs };
    });
    const server = await new Promise<Server>((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const key = newKey();
      const send = (ip: string) =>
        fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/anything`, {
          method: 'PUT',
          headers: { ...withKey(key), 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: '{"same":true}',
        });
      expect((await send('10.1.0.1')).headers.get(REPLAYED_HEADER)).toBeNull();
      const again = await send('10.1.0.1');
      expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(await again.json()).toEqual({ success: true, run: 1 });
      const elsewhere = await send('10.1.0.2');
      expect(elsewhere.headers.get(REPLAYED_HEADER)).toBeNull();
      expect(await elsewhere.json()).toEqual({ success: true, run: 2 });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('keeps no echo of a huge field name, and stores nothing for a read that carries a key', async () => {
    const article = await createArticle(app, admin.token);
    const before = await storedBytes();
    for (let i = 0; i < 4; i++) {
      for (const [path, body] of [
        ['/api/articles/comments', { articleId: article._id, [HUGE_NAME]: 1 }],
        ['/api/articles/add-comment', { article: article._id, name: 'A', content: 'B', [HUGE_NAME]: 1 }],
      ] as const) {
        const res = await app.request('POST', path, { headers: withKey(newKey()), body });
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body).length).toBeLessThan(QUOTE_MAX_CHARS + 100);
      }
    }
    // Eight requests carrying 16 MB of field names: a few hundred bytes kept per recorded refusal.
    expect((await storedBytes()) - before).toBeLessThan(4 * 1024);
  });

  it('answers a body nested a million levels deep with 400, key or not', async () => {
    const deep = `${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}`;
    for (const headers of [withKey(newKey()), {}]) {
      const res = await app.request('POST', '/api/articles/add-comment', { headers, rawBody: deep });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.stringContaining('nested too deeply'), code: 'INVALID_INPUT' });
      const admins = await app.request('POST', '/api/articles/toggle-publish', { token: admin.token, headers, rawBody: deep });
      expect(admins.status).toBe(400);
    }
  });
});

describe('Idempotency-Key store bounds', () => {
  let test: TestApp;
  let server: Server;
  let url: string;
  const BUDGET = { limit: 5, windowMs: runLongWindowMs() };

  beforeAll(async () => {
    test = await startTestApp();
    const koa = new Koa();
    koa.use(errorHandler({ log: () => {} }));
    koa.use(bodyParser());
    koa.use(idempotency({ connection: test.connection, anonymousBudget: BUDGET }));
    koa.use((ctx) => {
      const size = Number((ctx.request as { body?: { size?: number } }).body?.size ?? 10);
      ctx.status = 201;
      ctx.body = { success: true, filler: 'x'.repeat(size) };
    });
    server = await new Promise((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/anything`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await test.close();
  });

  const send = (key: string, size: number) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ size }),
    });
  const records = () => test.connection.collection<{ body?: string }>(IDEMPOTENCY_COLLECTION).find({}).toArray();

  it('keeps no anonymous answer over its size cap (the retry runs again instead)', async () => {
    const key = newKey();
    expect((await send(key, IDEMPOTENCY_ANON_ANSWER_MAX_BYTES + 1)).status).toBe(201);
    const again = await send(key, IDEMPOTENCY_ANON_ANSWER_MAX_BYTES + 1);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    for (const record of await records()) expect(record.body?.length ?? 0).toBeLessThanOrEqual(IDEMPOTENCY_ANON_ANSWER_MAX_BYTES);
  });

  it('keeps at most its budget of new anonymous records per window, all callers together', async () => {
    for (let i = 0; i < BUDGET.limit * 3; i++) expect((await send(newKey(), 100)).status).toBe(201);
    const kept = (await records()).filter((r) => r.body !== undefined);
    expect(kept.length).toBeLessThanOrEqual(BUDGET.limit);
    expect(kept.length).toBeGreaterThan(0);
  });
});

describe('a toggle whose answer was lost', () => {
  let app: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app);
  });
  afterAll(() => app.close());

  it('is applied once when the retry comes after the stored answer was lost', async () => {
    const article = await createArticle(app, admin.token, { isPublished: true });
    const key = newKey();
    const toggle = () =>
      app.request('POST', '/api/articles/toggle-publish', {
        token: admin.token,
        headers: withKey(key),
        body: { id: article._id },
      });
    const first = await toggle();
    expect(first.body).toMatchObject({ message: 'Article unpublished.', article: { isPublished: false, version: 2 } });
    // The database failed between applying the toggle and storing its answer: the key is free again.
    const records = app.connection.collection(IDEMPOTENCY_COLLECTION);
    expect((await records.deleteMany({ _id: { $regex: key } } as never)).deletedCount).toBeGreaterThan(0);
    const retry = await toggle();
    expect(retry.status).toBe(200);
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(retry.body).toMatchObject({ message: 'Article unpublished.', article: { isPublished: false, version: 2 } });
    // A new toggle (another key) still toggles.
    const next = await app.request('POST', '/api/articles/toggle-publish', {
      token: admin.token,
      headers: withKey(newKey()),
      body: { id: article._id },
    });
    expect(next.body).toMatchObject({ article: { isPublished: true, version: 3 } });
  });
});
