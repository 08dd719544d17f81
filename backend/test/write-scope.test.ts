// A write's scope is the request's own (db/write-scope.ts): the idempotency middleware sets it once,
// and every change the request's code makes, however deep, is recorded under that request's key,
// never under the key of a request that ran at the same time. Work the request starts but does not
// own (the scheduled publisher's timer, the read model's move of a late write) is recorded under
// no key.
//
// Two calls, mounted on a small Koa app over the real middleware, services and database: one
// approves a comment (and may be held at an await until the test lets it go on), the other starts
// the publish schedule and stays open until the test ends it.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import Koa from 'koa';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_COLLECTION, keyRecordsOn, sequenceOn, type ClaimDoc, type KeyDoc } from '../src/db/claims/index.ts';
import { runInWriteScope } from '../src/db/write-scope.ts';
import { readModelOn } from '../src/modules/sync/read-model.ts';
import { changeRef } from '../src/modules/sync/tombstone.model.ts';
import { idempotency, REPLAYED_HEADER } from '../src/middleware/idempotency.ts';
import { commentsService } from '../src/modules/comments/comments.service.ts';
import { startPublishSchedule, type PublishSchedule } from '../src/modules/articles/scheduled-publish.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { NO_COMMENT_LIMIT, addComment, approveComment, createArticle, landLateArticle, newKey, saveArticle } from './content-fixtures.ts';

const CALLER = 'write-scope-test';
/** The key record's id the middleware makes for a call of this app (middleware/idempotency.ts). */
const recordOf = (path: string, key: string) => `u:${CALLER} POST ${path} ${key}`;

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("a write's scope comes from the request that makes it", () => {
  let app: TestApp;
  let admin: string;
  let server: http.Server;
  let base: string;
  /** Per comment id: the handler says when it is waiting, then waits for the test to let it go on. */
  const holds = new Map<string, { waiting: Deferred; goOn: Deferred }>();
  let scheduleRunning: Deferred | undefined;
  const schedules: PublishSchedule[] = [];

  beforeAll(async () => {
    // The app's own publish check is far off, so only the schedule started below publishes.
    app = await startTestApp({ ...NO_COMMENT_LIMIT, publishCheckMs: 3_600_000 });
    ({ token: admin } = await createUser(app));
    const comments = commentsService(app.connection);
    const koa = new Koa();
    koa.use(async function signedIn(ctx, next) {
      (ctx.state as { user?: { _id: string } }).user = { _id: CALLER };
      await next();
    });
    koa.use(idempotency({ connection: app.connection }));
    koa.use(async function handle(ctx) {
      if (ctx.path === '/approve') {
        const id = ctx.get('x-comment');
        const hold = holds.get(id);
        if (hold) {
          hold.waiting.resolve();
          await hold.goOn.promise;
        }
        await comments.approve(id);
        ctx.body = { success: true, approved: id };
      } else if (ctx.path === '/start-schedule') {
        schedules.push(startPublishSchedule(app.connection, { intervalMs: 25, log: () => {} }));
        // The request stays open while its timer works.
        await scheduleRunning?.promise;
        ctx.body = { success: true };
      }
    });
    server = http.createServer(koa.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const schedule of schedules) schedule.stop();
    scheduleRunning?.resolve();
    await new Promise((r) => server.close(r));
    await app.close();
  });

  const call = async (path: string, key: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'Idempotency-Key': key, ...headers } });
    return { status: res.status, body: (await res.json()) as unknown, replayed: res.headers.get(REPLAYED_HEADER) };
  };
  const claimsOf = (ref: string) =>
    app.connection.collection<ClaimDoc>('seq_claims').find({ ref }).sort({ n: 1 }).toArray();

  it('records each of two interleaved requests under its own key, and replays each its own answer', async () => {
    const article = await createArticle(app, admin);
    const [first, second] = [await addComment(app, article._id), await addComment(app, article._id)];
    const [firstKey, secondKey] = [newKey(), newKey()];
    const hold = { waiting: deferred(), goOn: deferred() };
    holds.set(first._id, hold);

    // The first request waits inside its handler while the second one runs from start to end.
    const firstCall = call('/approve', firstKey, { 'x-comment': first._id });
    await hold.waiting.promise;
    const secondAnswer = await call('/approve', secondKey, { 'x-comment': second._id });
    hold.goOn.resolve();
    const firstAnswer = await firstCall;
    expect(firstAnswer).toEqual({ status: 200, body: { success: true, approved: first._id }, replayed: null });
    expect(secondAnswer).toEqual({ status: 200, body: { success: true, approved: second._id }, replayed: null });

    // Each comment's newest claim is its approval's (adding it took one too).
    const firstClaim = (await claimsOf(`comment:${first._id}`)).at(-1);
    const secondClaim = (await claimsOf(`comment:${second._id}`)).at(-1);
    expect(firstClaim?.key).toBe(recordOf('/approve', firstKey));
    expect(secondClaim?.key).toBe(recordOf('/approve', secondKey));

    holds.delete(first._id);
    expect(await call('/approve', firstKey, { 'x-comment': first._id })).toEqual({ ...firstAnswer, replayed: 'true' });
    expect(await call('/approve', secondKey, { 'x-comment': second._id })).toEqual({ ...secondAnswer, replayed: 'true' });
  });

  it('records no write of a timer a request started under that request\'s key', async () => {
    // A published article with an approved comment, then taken back to a draft due shortly: its
    // publication renumbers the comment, a change that would be held by a key if it had one.
    const published = await createArticle(app, admin);
    const comment = await addComment(app, published._id);
    await approveComment(app, admin, comment._id);
    const publishAtMs = Date.now() + 1000;
    const draft = await saveArticle(app, admin, {
      _id: published._id,
      version: published.version,
      title: published.title,
      subtitle: published.subtitle,
      content: published.content,
      isPublished: false,
      publishAt: new Date(publishAtMs).toISOString(),
    });
    expect(draft.status).toBe(200);
    const claimsBefore = (await claimsOf(`comment:${comment._id}`)).length;

    scheduleRunning = deferred();
    const key = newKey();
    const open = call('/start-schedule', key);
    // The request is still open (its key record pending) while the timer publishes the draft and
    // renumbers its comment; wait until that renumbering is written and settled one way or the other.
    const renumbered = async () => (await claimsOf(`comment:${comment._id}`)).slice(claimsBefore);
    await vi.waitFor(
      async () => {
        const [claim] = await renumbered();
        expect(claim?.key !== undefined || claim?.done === true).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    const claims = await renumbered();
    expect(claims).toHaveLength(1);
    expect(claims[0]).not.toHaveProperty('key');
    expect(claims[0]).toMatchObject({ done: true });
    // Settled, so public reads show the publication (and the comment) while the request still runs.
    expect((await app.request('GET', `/api/articles/${published._id}`)).status).toBe(200);

    scheduleRunning.resolve();
    expect((await open).status).toBe(200);
    // Its reads would otherwise be the ones that find the late write of the next test.
    for (const schedule of schedules.splice(0)) schedule.stop();
  });
  it("records no move of a late write under the key of the request whose read came upon it", async () => {
    const connection = app.connection;
    // A writer that stalled within its write: its number claimed under a record left pending.
    const stalledKey = `stalled-${crypto.randomUUID()}`;
    await connection
      .collection<KeyDoc>(IDEMPOTENCY_COLLECTION)
      .insertOne({ _id: stalledKey, state: 'pending', fingerprint: '', attempt: 0, createdAt: new Date() });
    const id = new mongoose.Types.ObjectId().toHexString();
    const ref = changeRef('article', id);
    const seq = await sequenceOn(connection).claim(ref, { id: stalledKey, attempt: 0 });
    // Readers give that number up once it is overdue: a later change becomes visible past it.
    const later = await createArticle(app, admin);
    await vi.waitFor(
      async () => expect((await app.request('GET', `/api/articles/${later._id}`)).status).toBe(200),
      { timeout: 20_000, interval: 100 },
    );
    // The write lands at its old number after all; the read model moves it to a fresh number when
    // a read next looks, here the read of a request that holds a key record of its own.
    await landLateArticle(connection, id, seq);
    const opened = await keyRecordsOn(connection).open(`u:${CALLER} POST /read ${newKey()}`, 'fingerprint');
    if (opened.kind !== 'claimed') throw new Error(`a fresh key was ${opened.kind}`);
    const moves = async () => (await claimsOf(ref)).filter((claim) => claim.n > seq);
    await vi.waitFor(
      async () => {
        await runInWriteScope(opened.scope, () => readModelOn(connection).current());
        const [move] = await moves();
        expect(move?.key !== undefined || move?.done === true).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    const moved = await moves();
    expect(moved).toHaveLength(1);
    expect(moved[0]).not.toHaveProperty('key');
    expect(moved[0]).toMatchObject({ done: true });
    await opened.scope.finish(null);
  });
});
