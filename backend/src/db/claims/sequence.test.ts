// The change sequence: unique numbers even when many changes run at once (FerretDB's $inc loses
// increments), and a horizon that never passes a change still being written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandStartedEvent, CommandSucceededEvent } from 'mongodb';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { SEQ_CLAIM_KEEP_MS, sequenceOn, type ClaimDoc } from './sequence.ts';
import { CLAIM_STALE_MS } from './claim.ts';
import { SEQ_SETTLE_EXPECTED_MS } from './sequence-fates.ts';
import { IDEMPOTENCY_COLLECTION } from './key-records.ts';
import { readModelOn } from '../../modules/sync/read-model.ts';

/** vi.waitFor gives up after 1 s by default; a busy 2-core machine can take longer. */
const SLOW_MACHINE_WAIT = { timeout: 20_000, interval: 50 };

describe('sequence', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('hands out unique, contiguous numbers to concurrent changes', async () => {
    const sequence = sequenceOn(app.connection);
    const numbers = await Promise.all(
      Array.from({ length: 40 }, () => sequence.next(async (seq) => seq)),
    );
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(40);
    expect(sorted.at(-1)! - sorted[0]! + 1).toBe(40);
    expect((await sequence.horizon()).committed).toBe(sorted.at(-1));
  });

  it('holds the horizon below a change still being written, and releases it when done (even on failure)', async () => {
    const sequence = sequenceOn(app.connection);
    const start = (await sequence.horizon()).committed;
    let finishSlow!: () => void;
    let slowSeq = 0;
    const slow = sequence.next(
      (seq) =>
        new Promise<void>((resolve) => {
          slowSeq = seq;
          finishSlow = resolve;
        }),
    );
    await vi.waitFor(() => expect(slowSeq).toBeGreaterThan(0), SLOW_MACHINE_WAIT);
    const fast = await sequence.next(async (seq) => seq);
    expect(fast).toBe(slowSeq + 1);
    expect((await sequence.horizon()).committed).toBe(start);

    finishSlow();
    await slow;
    expect((await sequence.horizon()).committed).toBe(fast);

    await expect(sequence.next(() => Promise.reject(new Error('write failed')))).rejects.toThrow(
      'write failed',
    );
    expect((await sequence.horizon()).committed).toBe(fast + 1);
  });

  it('stops waiting for a change left unsettled by a crashed writer', async () => {
    const sequence = sequenceOn(app.connection);
    const claims = app.connection.collection<ClaimDoc>('seq_claims');
    const before = (await sequence.horizon()).committed;
    // A writer claimed the next number, then died before writing and settling it.
    await claims.insertOne({
      _id: String(before + 1),
      n: before + 1,
      at: new Date(Date.now() - CLAIM_STALE_MS - 1000),
      ref: 'article:000000000000000000000000',
      done: false,
    });
    const next = await sequence.next(async (seq) => seq);
    expect(next).toBe(before + 2);
    expect((await sequence.horizon()).committed).toBe(next);
  });

  it('leaves a claim made after the walk began to the next walk, so a stream of writes cannot keep a walk going', async () => {
    const sequence = sequenceOn(app.connection);
    const claims = app.connection.collection<ClaimDoc>('seq_claims');
    const before = await sequence.horizon();
    // Made while a walk ran, by an instance whose clock is a little ahead, settled already.
    const later = new Date(Date.now() + SEQ_SETTLE_EXPECTED_MS + 1500);
    await claims.insertOne({ _id: String(before.claimed + 1), n: before.claimed + 1, at: later, done: true });
    const now = await sequence.horizon();
    expect(now).toMatchObject({ claimed: before.claimed, committed: before.committed });
    // The walks that begin once it is in the past take it, and the claims above it.
    await vi.waitFor(async () => expect((await sequence.horizon()).committed).toBe(before.claimed + 1), SLOW_MACHINE_WAIT);
    expect(await sequence.next(async (seq) => seq)).toBe(before.claimed + 2);
  });

  it('holds the horizon below a change made under a key record until that record is finished', async () => {
    const sequence = sequenceOn(app.connection);
    const records = app.connection.collection<{ _id: string; state: string; attempt: number }>(IDEMPOTENCY_COLLECTION);
    const start = (await sequence.horizon()).committed;
    await records.insertOne({ _id: 'held-by-a-request', state: 'pending', attempt: 0 });
    const held = await sequence.claim('article:000000000000000000000001', { id: 'held-by-a-request', attempt: 0 });
    const after = await sequence.next(async (seq) => seq);
    expect(after).toBe(held + 1);
    // Another instance (a fresh sequence on its own connection) must wait too.
    const other = await startTestApp({ mongoUri: app.config.mongoUri });
    try {
      expect((await sequence.horizon()).committed).toBe(start);
      expect((await sequenceOn(other.connection).horizon()).committed).toBe(start);
      await records.updateOne({ _id: 'held-by-a-request' }, { $set: { state: 'done' } });
      expect((await sequenceOn(other.connection).horizon()).committed).toBe(after);
      // A record taken over by a retry (a later attempt) settles the earlier attempt's changes.
      const retried = await sequence.claim('article:000000000000000000000002', { id: 'held-by-a-request', attempt: 0 });
      await records.updateOne({ _id: 'held-by-a-request' }, { $set: { state: 'pending', attempt: 1 } });
      expect((await sequenceOn(other.connection).horizon()).committed).toBe(retried);
    } finally {
      await other.connection.close();
    }
  });

  it('finds the newest number even when the hint lags behind (lost updates)', async () => {
    const sequence = sequenceOn(app.connection);
    const newest = await sequence.next(async (seq) => seq);
    await app.connection
      .collection<{ _id: string; value: number }>('counters')
      .updateOne({ _id: 'seq' }, { $set: { value: newest - 5 } });
    expect((await sequence.horizon()).committed).toBe(newest);
    expect(await sequence.next(async (seq) => seq)).toBe(newest + 1);
  });

  it('deletes old claims but keeps the recent ones the next numbers depend on', async () => {
    const fresh = await startTestApp();
    try {
      // The app reads the (empty) horizon as it starts; the old claims come after that read.
      await readModelOn(fresh.connection).current();
      const claims = fresh.connection.collection<{ _id: string; n: number; at: Date }>(
        'seq_claims',
      );
      const old = new Date(Date.now() - SEQ_CLAIM_KEEP_MS - 1000);
      await claims.insertMany(
        Array.from({ length: 300 }, (_, i) => ({ _id: String(i + 1), n: i + 1, at: old })),
      );
      await fresh.connection
        .collection<{ _id: string; value: number }>('counters')
        .insertOne({ _id: 'seq', value: 300 });
      const sequence = sequenceOn(fresh.connection);
      expect(await sequence.next(async (seq) => seq)).toBe(301);
      // The prune is a deleteMany nothing awaits: wait for its effect, generously.
      await vi.waitFor(async () => expect(await claims.countDocuments({})).toBeLessThan(300), SLOW_MACHINE_WAIT);
      expect(await claims.countDocuments({ n: { $gte: 200 } })).toBe(102);
      expect(await sequence.next(async (seq) => seq)).toBe(302);
      expect((await sequence.horizon()).committed).toBe(302);
    } finally {
      await fresh.close();
    }
  });

  it('keeps one epoch per database', async () => {
    const { epoch } = await sequenceOn(app.connection).horizon();
    expect(epoch).toMatch(/^[0-9a-f]{12}$/);
    const other = await startTestApp();
    try {
      expect((await sequenceOn(other.connection).horizon()).epoch).not.toBe(epoch);
    } finally {
      await other.close();
    }
  });
});

describe('sequence claims made at once by one process', () => {
  let app: TestApp;
  let refused = 0;
  /** Reads of whole collections (a filter without `_id`), while `scans` is set. */
  let scans: string[] | null = null;
  beforeAll(async () => {
    app = await startTestApp({}, { monitorCommands: true });
    app.connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
      const filter = event.command.filter as Record<string, unknown> | undefined;
      if (scans && event.commandName === 'find' && !(filter && '_id' in filter)) scans.push(String(event.command.find));
    });
    app.connection.getClient().on('commandSucceeded', (event: CommandSucceededEvent) => {
      const reply = event.reply as { writeErrors?: unknown[] };
      if (event.commandName === 'insert') refused += reply.writeErrors?.length ?? 0;
    });
  });
  afterAll(() => app.close());

  it('try different numbers: none is refused for a number another claim of the process took', async () => {
    const sequence = sequenceOn(app.connection);
    await sequence.next(async (seq) => seq);
    refused = 0;
    const numbers = await Promise.all(Array.from({ length: 30 }, () => sequence.next(async (seq) => seq)));
    expect(new Set(numbers).size).toBe(30);
    expect(refused).toBe(0);
  });

  it('fills the number of a claim whose insert failed, so readers pass it once those above are in', async () => {
    const sequence = sequenceOn(app.connection);
    const model = readModelOn(app.connection);
    await model.current();
    const claims = app.connection.collection<ClaimDoc>('seq_claims');
    const insertOne = claims.insertOne.bind(claims);
    let failed = false;
    const spy = vi.spyOn(claims, 'insertOne').mockImplementation(((doc: ClaimDoc, ...rest: unknown[]) => {
      if (!failed && doc.ref === `article:${'f'.repeat(24)}`) {
        failed = true;
        return Promise.reject(new Error('connection reset'));
      }
      return (insertOne as (...args: unknown[]) => Promise<unknown>)(doc, ...rest);
    }) as never);
    const before = (await sequence.horizon()).claimed;
    try {
      const losing = sequence.next(async (seq) => seq, `article:${'f'.repeat(24)}`);
      // Its claim goes on its own (claims made in one turn would go as one insert, db/batched-insert.ts).
      await null;
      const [lost, kept] = await Promise.allSettled([
        losing,
        sequence.next(async (seq) => seq, `article:${'e'.repeat(24)}`),
      ]);
      expect(lost.status).toBe('rejected');
      const above = (kept as PromiseFulfilledResult<number>).value;
      // The two were handed consecutive numbers; the lost one's is the gap.
      expect(above).toBe(before + 2);
      await vi.waitFor(async () => expect((await sequence.horizon()).committed).toBeGreaterThanOrEqual(above), SLOW_MACHINE_WAIT);
      // The failed claim's number holds a claim naming nothing: no change is read for it.
      const filled = await claims.findOne({ _id: String(above - 1) });
      expect(filled).toMatchObject({ n: above - 1, done: true, gap: true });
      expect(filled?.ref).toBeUndefined();
      // The read model passes it as naming nothing: no whole collection is read again for it.
      scans = [];
      await vi.waitFor(async () => expect((await model.current()).horizon).toBeGreaterThanOrEqual(above), SLOW_MACHINE_WAIT);
      expect(scans).toEqual([]);
    } finally {
      scans = null;
      spy.mockRestore();
    }
  });
});
