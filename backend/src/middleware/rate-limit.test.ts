import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runLongWindowMs, startTestApp, TEST_RATE_LIMITS, type TestApp } from '../../test/harness.ts';
import { createUser, type CreatedUser } from '../../test/fixtures.ts';
import { countingConnection } from '../../test/counted-collection.ts';
import { errorHandler } from './error-handler.ts';
import { RATE_LIMIT_COLLECTION, SEQ_CLAIMS_COLLECTION, windowSlots } from '../db/claims/index.ts';
import { commentRateLimit, tooManyMessage } from './rate-limit.ts';
import {
  LOGIN_ADDRESS_FACTOR,
  LOGIN_DELAY_BASE_MS,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FREE_FAILURES,
  loginFailureDelayMs,
} from './login-limits.ts';

/** A window that lasts the run, so no test sees its counter start again. */
const WINDOW_MS = runLongWindowMs();
const TINY = { limit: 2, windowMs: WINDOW_MS };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectTooMany(res: { status: number; body: Record<string, unknown>; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/), code: 'RATE_LIMITED' });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
}

describe('login limits (failures per email and address, per address; slower failures per email)', () => {
  let app: TestApp;
  let admin: CreatedUser;
  const login = (email: string, ip: string, password = 'wrong password') =>
    app.request('POST', '/api/admin/login', { body: { email, password }, headers: from(ip) });
  const addressLimit = TINY.limit * LOGIN_ADDRESS_FACTOR;

  beforeAll(async () => {
    // trustProxy lets each test speak from an address of its own via X-Forwarded-For.
    app = await startTestApp({ trustProxy: true, rateLimits: { ...TEST_RATE_LIMITS, login: TINY, register: TINY } });
    admin = await createUser(app);
  });
  afterAll(() => app.close());

  it('refuses an address that keeps failing for one email, even with the right password then', async () => {
    expect((await login(admin.user.email, '10.0.0.1')).status).toBe(401);
    expect((await login(admin.user.email, '10.0.0.1')).status).toBe(401);
    expectTooMany(await login(admin.user.email, '10.0.0.1', admin.user.password));
  });

  it('lets the owner in with the right password from a new address during an attack on the email', async () => {
    // The attack: failures on the admin's email from many addresses (on main this locked the email).
    for (let i = 0; i < 12; i++) expect([401, 429]).toContain((await login(admin.user.email, `10.0.1.${i}`)).status);
    const owner = await login(admin.user.email, '10.0.1.200', admin.user.password);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('still limits an attacker rotating emails from one address', async () => {
    for (let i = 0; i < addressLimit; i++) expect((await login(`rot${i}@example.test`, '10.0.2.1')).status).toBe(401);
    expectTooMany(await login('rot-next@example.test', '10.0.2.1'));
    expectTooMany(await login(admin.user.email, '10.0.2.1', admin.user.password));
  });

  it('counts a burst of simultaneous failures exactly (no lost increments)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login(`burst${i}@example.test`, '10.0.9.9')));
    expect(results.filter((r) => r.status === 401)).toHaveLength(addressLimit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(12 - addressLimit);
  });

  it('counts malformed attempts as failures', async () => {
    const junk = { body: { email: 'x' }, headers: from('10.0.3.1') };
    expect((await app.request('POST', '/api/admin/login', junk)).status).toBe(400);
    expect((await app.request('POST', '/api/admin/login', junk)).status).toBe(400);
    expectTooMany(await app.request('POST', '/api/admin/login', junk));
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < addressLimit + 2; i++) {
      expect((await login(admin.user.email, '10.0.4.1', admin.user.password)).status).toBe(200);
    }
  });

  it('refuses the third registration from one address', async () => {
    const register = (n: number) =>
      app.request('POST', '/api/admin/register', {
        body: { name: `R ${n}`, email: `r${n}@example.test`, password: 'long enough' },
        headers: from('10.0.5.1'),
      });
    expect((await register(1)).status).toBe(201);
    expect((await register(2)).status).toBe(201);
    expectTooMany(await register(3));
  });

  it('counts only well-formed registrations per email: junk sent with an address does not block its owner', async () => {
    const victim = 'victim@example.test';
    for (let i = 0; i < TINY.limit + 3; i++) {
      const junk = await app.request('POST', '/api/admin/register', {
        body: { name: 'X', email: victim, password: 'short' },
        headers: from(`10.0.8.${i}`),
      });
      expect(junk.status).toBe(400);
    }
    const real = await app.request('POST', '/api/admin/register', {
      body: { name: 'Victim', email: victim, password: 'long enough' },
      headers: from('10.0.8.200'),
    });
    expect(real.status).toBe(201);
  });

  it('still limits well-formed registrations per email, whatever the address', async () => {
    const register = (i: number) =>
      app.request('POST', '/api/admin/register', {
        body: { name: `E ${i}`, email: 'busy-email@example.test', password: 'long enough' },
        headers: from(`10.0.10.${i}`),
      });
    for (let i = 0; i < TINY.limit; i++) expect((await register(i)).status).toBe(201);
    expectTooMany(await register(TINY.limit));
  });

  it('shares its counters with another instance on the same database', async () => {
    const twin = await startTestApp({ mongoUri: app.config.mongoUri, trustProxy: true, rateLimits: app.config.rateLimits });
    try {
      await login('d@example.test', '10.0.6.1');
      await login('d@example.test', '10.0.6.1');
      const res = await twin.request('POST', '/api/admin/login', {
        body: { email: 'd@example.test', password: 'whatever' },
        headers: from('10.0.6.1'),
      });
      expectTooMany(res);
    } finally {
      await twin.connection.close();
    }
  });

  it('stores one slot per failure, by _id, in rate_limits', async () => {
    await login('g@example.test', '10.0.7.1');
    const ids = (await app.connection.collection(RATE_LIMIT_COLLECTION).find({}).toArray()).map((d) => String(d._id));
    expect(ids).toContainEqual(expect.stringMatching(/^login-ip:10\.0\.7\.1:\d+#1$/));
    expect(ids).toContainEqual(expect.stringMatching(/^login-pair:g@example\.test\|10\.0\.7\.1:\d+#1$/));
    expect(ids).toContainEqual(expect.stringMatching(/^login-email:g@example\.test:\d+#1$/));
  });
});

describe('loginFailureDelayMs', () => {
  it('lets the first failures through at once, then doubles up to the cap', () => {
    const delays = Array.from({ length: 12 }, (_, i) => loginFailureDelayMs(i + 1));
    expect(delays.slice(0, LOGIN_FREE_FAILURES)).toEqual([0, 0, 0]);
    expect(delays[LOGIN_FREE_FAILURES]).toBe(LOGIN_DELAY_BASE_MS);
    expect(delays[LOGIN_FREE_FAILURES + 1]).toBe(2 * LOGIN_DELAY_BASE_MS);
    expect(Math.max(...delays)).toBe(LOGIN_DELAY_MAX_MS);
    expect(loginFailureDelayMs(1_000_000)).toBe(LOGIN_DELAY_MAX_MS);
  });
});

describe('commentRateLimit', () => {
  let app: TestApp;
  let server: Server | undefined;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    if (server) await new Promise((r) => server!.close(r));
    server = undefined;
  });
  afterAll(() => app.close());

  /**
   * A stand-in for the comment route: a handler that takes the visitor's hit (the comment's write
   * takes it beside its change number, comments.service.ts) and then always succeeds.
   */
  async function commentEndpoint(comment = TINY, connection = app.connection): Promise<string> {
    const koa = new Koa();
    koa.use(errorHandler({ log: () => {} }));
    koa.use(bodyParser());
    const limit = commentRateLimit({ connection, config: { rateLimits: { ...TEST_RATE_LIMITS, comment } } });
    koa.use(async (ctx) => {
      await limit(ctx)?.();
      ctx.body = { success: true, message: 'Comment received.' };
    });
    server = await new Promise<Server>((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/articles/add-comment`;
  }

  it('lets the limit through, then answers 429 with a message and Retry-After', async () => {
    const url = await commentEndpoint();
    const post = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ success: false, message: expect.stringContaining('Too many attempts.'), code: 'RATE_LIMITED' });
  });

  it('refuses a visitor past the limit with no database call once it knows the window is full', async () => {
    const { connection, calls } = countingConnection(app, SEQ_CLAIMS_COLLECTION);
    // A window of its own (its start is its id): the test before filled this address's window.
    const url = await commentEndpoint({ limit: 2, windowMs: runLongWindowMs(2) }, connection);
    const post = () => fetch(url, { method: 'POST' });
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([200, 200, 429]);
    calls.length = 0;
    const flood = await Promise.all(Array.from({ length: 20 }, post));
    expect(flood.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 429));
    expect(Number(flood[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(calls.map((call) => call.method).filter((method) => method !== 'deleteMany')).toEqual([]);
  });

  it('sweeps expired windows away, since FerretDB has no TTL index', async () => {
    // Beside the change numbers' claims, so a comment's slot and its number go as one insert.
    const counters = app.connection.collection<{ _id: string; expiresAt: Date }>(SEQ_CLAIMS_COLLECTION);
    await counters.insertOne({ _id: 'comment-ip:old:0#1', expiresAt: new Date(Date.now() - 1000) });
    const url = await commentEndpoint({ limit: 100, windowMs: WINDOW_MS });
    await fetch(url, { method: 'POST' });
    await expect.poll(() => counters.countDocuments({ _id: 'comment-ip:old:0#1' }), { timeout: 5000 }).toBe(0);
    expect(await counters.countDocuments({})).toBeGreaterThan(0);
  });
});

describe('a shared budget taken in blocks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('hands out at most its limit across instances, one insert per block', async () => {
    const slots = app.connection.collection(RATE_LIMIT_COLLECTION);
    const budget = { limit: 25, windowMs: WINDOW_MS };
    // Two instances, each with its own memory of the block it holds.
    const [a, b] = [1, 2].map(() => windowSlots({ connection: app.connection, bucket: 'budget-test', ...budget, blockSize: 10 }));
    const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a! : b!).take()));
    // 25 allowed, but blocks of 10: two whole blocks, never more than the limit.
    expect(taken.filter((t) => t.allowed)).toHaveLength(20);
    expect(await slots.countDocuments({ _id: { $regex: '^budget-test:' } } as never)).toBe(2);
    expect(a!.knownFull() && b!.knownFull()).toBe(true);
  });
});

describe('tooManyMessage', () => {
  it.each([
    [1, 'Too many attempts. Please wait 1 minute and try again.'],
    [60, 'Too many attempts. Please wait 1 minute and try again.'],
    [61, 'Too many attempts. Please wait 2 minutes and try again.'],
    [900, 'Too many attempts. Please wait 15 minutes and try again.'],
  ])('%i seconds → %s', (seconds, message) => {
    expect(tooManyMessage(seconds)).toBe(message);
  });
});
