// Group commit (batched-insert.ts): inserts into one collection made in one turn, or while one is on
// its way, go in fewer round trips, and each caller still learns its own insert's outcome.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Collection, CommandStartedEvent } from 'mongodb';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { batchedInsert } from './batched-insert.ts';
import { isDuplicateKey } from './duplicate-key.ts';
import { isDatabaseUnreachable } from './unreachable.ts';

describe('batched inserts', () => {
  let app: TestApp;
  let inserts = 0;
  const docs = () => app.connection.collection<{ _id: string; n: number }>('batched_under_test');

  beforeAll(async () => {
    app = await startTestApp({}, { monitorCommands: true });
    app.connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
      if (event.commandName === 'insert' && event.command.insert === 'batched_under_test') inserts += 1;
    });
    // The collection exists before anything is counted.
    await batchedInsert(docs(), { _id: 'first', n: 0 });
  });
  afterAll(() => app.close());

  it('sends a lone insert at once, in one round trip', async () => {
    inserts = 0;
    await batchedInsert(docs(), { _id: 'alone', n: 1 });
    expect(inserts).toBe(1);
    expect(await docs().findOne({ _id: 'alone' })).toEqual({ _id: 'alone', n: 1 });
  });

  it('sends the inserts made in one turn as one insert', async () => {
    inserts = 0;
    const ids = Array.from({ length: 30 }, (_, i) => `turn-${i}`);
    await Promise.all(ids.map((_id, n) => batchedInsert(docs(), { _id, n })));
    expect(inserts).toBe(1);
    const stored = await Promise.all(ids.map((_id) => docs().findOne({ _id })));
    expect(stored.map((doc) => doc?.n)).toEqual(ids.map((_, n) => n));
  });

  it('joins inserts made while one is on its way, and sends them together the moment it answers', async () => {
    const sent: unknown[][] = [];
    let answer = () => {};
    const collection = {
      insertOne: (doc: unknown) => (sent.push([doc]), new Promise<void>((resolve) => (answer = resolve))),
      insertMany: (many: unknown[]) => (sent.push(many), Promise.resolve()),
    } as unknown as Collection<{ _id: string }>;
    const first = batchedInsert(collection, { _id: 'lead' });
    // Each of the others in a turn of its own, after the first went.
    const behind: Promise<void>[] = [];
    for (const _id of ['a', 'b', 'c']) {
      await null;
      behind.push(batchedInsert(collection, { _id }));
    }
    expect(sent).toEqual([[{ _id: 'lead' }]]);
    answer();
    await Promise.all([first, ...behind]);
    expect(sent).toEqual([[{ _id: 'lead' }], [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]]);
  });

  it('refuses only the taken id of a batch, as its own duplicate-key error', async () => {
    await batchedInsert(docs(), { _id: 'taken', n: 1 });
    const outcomes = await Promise.allSettled([
      batchedInsert(docs(), { _id: 'lead', n: 0 }),
      batchedInsert(docs(), { _id: 'free-1', n: 1 }),
      batchedInsert(docs(), { _id: 'taken', n: 2 }),
      batchedInsert(docs(), { _id: 'free-2', n: 3 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isDuplicateKey((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect((await docs().findOne({ _id: 'taken' }))?.n).toBe(1);
    expect(await docs().countDocuments({ _id: { $in: ['free-1', 'free-2'] } })).toBe(2);
  });
});

describe('batched inserts when the database is away', () => {
  it('gives each caller an error the error handler knows as the database being away', async () => {
    // FerretDB on PostgreSQL answers a batch sent while PostgreSQL restarts with an InternalError
    // per document (db/unreachable.ts); a lone insert's error is a MongoServerError of that kind.
    const away = 'failed to connect to `user=ferret database=fw`: dial error (connection refused)';
    let release = () => {};
    const collection = {
      insertOne: () => new Promise<void>((resolve) => (release = resolve)),
      insertMany: (docs: unknown[]) =>
        Promise.reject(
          Object.assign(new Error(away), {
            name: 'MongoBulkWriteError',
            code: 1,
            writeErrors: docs.map((_, index) => ({ index, code: 1, errmsg: away })),
          }),
        ),
    } as unknown as Collection<{ _id: string }>;
    const first = batchedInsert(collection, { _id: 'lead' });
    // On its way before the others are made (inserts made in one turn would go with it).
    await null;
    const joined = [batchedInsert(collection, { _id: 'a' }), batchedInsert(collection, { _id: 'b' })];
    release();
    await first;
    const outcomes = await Promise.allSettled(joined);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(isDatabaseUnreachable((outcome as PromiseRejectedResult).reason)).toBe(true);
      expect(isDuplicateKey((outcome as PromiseRejectedResult).reason)).toBe(false);
    }
  });
});

describe('batched inserts when the driver never answers', () => {
  afterEach(() => vi.useRealTimers());

  it('fails the batch after its limit as the database unreachable, and sends the inserts waiting behind it', async () => {
    vi.useFakeTimers();
    const sent: unknown[][] = [];
    // The first insert is never answered (as seen after a restart of FerretDB under load); the rest are.
    const collection = {
      insertOne: (doc: unknown) => (sent.push([doc]), sent.length === 1 ? new Promise(() => {}) : Promise.resolve()),
      insertMany: (many: unknown[]) => (sent.push(many), Promise.resolve()),
    } as unknown as Collection<{ _id: string }>;
    const first = batchedInsert(collection, { _id: 'unanswered' }).then(() => 'in', (error: unknown) => error);
    await null;
    const behind = batchedInsert(collection, { _id: 'behind' }).then(() => 'in');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(sent).toEqual([[{ _id: 'unanswered' }]]);

    await vi.advanceTimersByTimeAsync(1_500);
    const failure = await first;
    expect(isDatabaseUnreachable(failure)).toBe(true);
    expect(await behind).toBe('in');
    expect(sent).toEqual([[{ _id: 'unanswered' }], [{ _id: 'behind' }]]);
  });
});
