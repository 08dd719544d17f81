// One table per claim kind (db/claims/index.ts says what each guarantees): every row races
// callers from two backend instances on one real database, the way production runs them.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstances, type TestApp } from '../../../test/harness.ts';
import {
  BY_THING,
  CLAIM_STALE_MS,
  IDEMPOTENCY_COLLECTION,
  RATE_LIMIT_COLLECTION,
  claimOrHolder,
  keyRecordsOn,
  sequenceOn,
  versionClaims,
  windowSlots,
  type ClaimDoc,
  type ClaimedThings,
  type FateDoc,
} from './index.ts';
import { TOP_EVERY } from './window-slots.ts';
import { countingConnection } from '../../../test/counted-collection.ts';
import { readKeyRecord, type KeyDoc, type KeyOpening } from './key-records.ts';

/**
 * Windows start at multiples of their length since 1970, so a row of an hour-long window could
 * straddle the full hour and see its count reset (one did, at 22:00 UTC, 1,294 slots in). This
 * one began in 1970 and ends in 2109.
 */
const WINDOW_MS = 2 ** 42;
/** Overdue for the sequence (SEQ_SETTLE_EXPECTED_MS) yet far from stale (CLAIM_STALE_MS). */
const OVERDUE_MS = 5_000;
const STALE_AT = () => new Date(Date.now() - CLAIM_STALE_MS - 1_000);
const FRESH_AT = () => new Date();

let a: TestApp;
let b: TestApp;
/** Callers alternate between the two instances. */
const instance = (i: number) => (i % 2 === 0 ? a : b);
const uniqueId = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  [a, b] = await startTwoInstances();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('claim by insert: exactly one caller holds an id', () => {
  const claims = (app: TestApp) =>
    app.connection.collection<{ _id: string; by: number }>('claims_table_test');

  it.each([
    { name: 'two racers for a free id', racers: 2, taken: false, winners: 1 },
    { name: 'twenty racers for a free id', racers: 20, taken: false, winners: 1 },
    { name: 'five racers for an id already held', racers: 5, taken: true, winners: 0 },
  ])('$name: $winners winner(s)', async ({ racers, taken, winners }) => {
    const id = uniqueId('claim');
    if (taken) await claims(a).insertOne({ _id: id, by: -1 });
    const outcomes = await Promise.all(
      Array.from({ length: racers }, (_, by) =>
        claimOrHolder(claims(instance(by)), { _id: id, by }),
      ),
    );
    const won = outcomes.flatMap((outcome, by) => (outcome.mine ? [by] : []));
    expect(won).toHaveLength(winners);
    const holder = taken ? -1 : won[0];
    for (const outcome of outcomes)
      if (!outcome.mine) expect(outcome.holder).toEqual({ _id: id, by: holder });
  });
});

describe('Idempotency-Key records: one request runs under a key, a replay gets the first answer', () => {
  const FIRST_ANSWER = { status: 201, body: '{"success":true,"first":true}' };
  const keys = () => a.connection.collection<KeyDoc>(IDEMPOTENCY_COLLECTION);
  const record = (id: string, state: KeyDoc['state'], createdAt: Date): KeyDoc => ({
    _id: id,
    state,
    fingerprint: 'same body',
    createdAt,
    attempt: 0,
  });

  it.each([
    { name: 'two racers for a new key', before: 'none', runs: [0] },
    { name: 'two replays after the first answer was kept', before: 'answered', runs: [] },
    { name: 'two retries while the holder still runs', before: 'running', runs: [] },
    {
      name: 'two retries of a holder that crashed (pending past the stale time)',
      before: 'crashed',
      runs: [1],
    },
    { name: 'two retries of a key given back', before: 'released', runs: [1] },
  ])('$name: runs under attempts $runs', async ({ before, runs }) => {
    const id = uniqueId('key');
    if (before === 'answered') {
      const first = await keyRecordsOn(a.connection).open(id, 'same body');
      if (first.kind !== 'claimed') throw new Error(`the first open was ${first.kind}`);
      await first.scope.finish(FIRST_ANSWER);
    }
    if (before === 'running') await keys().insertOne(record(id, 'pending', FRESH_AT()));
    if (before === 'crashed') await keys().insertOne(record(id, 'pending', STALE_AT()));
    if (before === 'released') await keys().insertOne(record(id, 'released', FRESH_AT()));

    const openings: KeyOpening[] = await Promise.all(
      [0, 1].map((i) => keyRecordsOn(instance(i).connection).open(id, 'same body')),
    );
    expect(openings.flatMap((o) => (o.kind === 'claimed' ? [o.scope.key?.attempt] : []))).toEqual(
      runs,
    );
    if (before === 'answered') {
      for (const o of openings)
        expect(o).toMatchObject({ kind: 'held', record: { state: 'done', ...FIRST_ANSWER } });
    }
  });
});

describe('Idempotency-Key records after the database was away', () => {
  const ANSWER = { status: 201, body: '{"success":true}' };
  const keys = () => a.connection.collection<KeyDoc>(IDEMPOTENCY_COLLECTION);

  it.each([
    { name: 'given back: the retry runs', answer: null, next: { kind: 'claimed', scope: { key: { attempt: 1 } } } },
    { name: 'answered: the retry gets the answer', answer: ANSWER, next: { kind: 'held', record: { state: 'done', ...ANSWER } } },
  ])('an answer the database refused is stored by the retry to the same instance, $name', async ({ answer, next }) => {
    const id = uniqueId('key');
    // The attempt's answer (an insert of `<id>=0`) fails once, as with the database away.
    let refused = 0;
    const { connection } = countingConnection(a, IDEMPOTENCY_COLLECTION, ({ method, args }) =>
      method === 'insertOne' && (args[0] as KeyDoc)._id === `${id}=0` && refused++ === 0,
    );
    const opening = await keyRecordsOn(connection).open(id, 'same body');
    if (opening.kind !== 'claimed') throw new Error(`the first open was ${opening.kind}`);
    await expect(opening.scope.finish(answer)).rejects.toThrow(/connection closed/);

    // Before, the retry was told "still being processed" until the claim was a minute old.
    expect(await keyRecordsOn(connection).open(id, 'same body')).toMatchObject(next);
    expect(refused).toBe(2);
    if (answer) expect(await readKeyRecord(keys(), id)).toMatchObject({ state: 'done', ...ANSWER });
  });

  it('a retry that took over a crashed holder and died before its update blocks the key only until its mark is stale', async () => {
    const id = uniqueId('key');
    await keys().insertOne({ _id: id, state: 'pending', fingerprint: 'same body', createdAt: STALE_AT(), attempt: 0 });
    // The taker wins its take-over, then its update of the record fails.
    const { connection } = countingConnection(a, IDEMPOTENCY_COLLECTION, ({ method }) => method === 'updateOne');
    await expect(keyRecordsOn(connection).open(id, 'same body')).rejects.toThrow(/connection closed/);
    // Its take-over is as old as a dead taker's (every document of this key but the record).
    const marks = (await keys().find({}, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id).filter((other) => other.startsWith(id) && other !== id);
    expect(marks).toHaveLength(1);
    await keys().updateMany({ _id: { $in: marks } }, { $set: { createdAt: STALE_AT() } });

    const openings = await Promise.all([0, 1].map((i) => keyRecordsOn(instance(i).connection).open(id, 'same body')));
    expect(openings.flatMap((o) => (o.kind === 'claimed' ? [o.scope.key?.attempt] : []))).toEqual([1]);
  });
});

describe('version claims: one change moves a record from one version to the next', () => {
  const COLLECTION = 'versions_table_test';
  const claimsOf = (app: TestApp) => versionClaims(app.connection, COLLECTION);

  it.each([
    {
      name: '2 racers for version 2 of a record at 1',
      held: 'none',
      stored: 1,
      racers: 2,
      winners: 1,
    },
    {
      name: '16 racers taking over a crashed claim of version 2 (record still at 1)',
      held: 'stale',
      stored: 1,
      racers: 16,
      winners: 1,
    },
    {
      name: '2 racers after a stale claim whose change arrived (record at 2)',
      held: 'stale',
      stored: 2,
      racers: 2,
      winners: 0,
    },
    {
      name: '2 racers against a live claim of version 2',
      held: 'fresh',
      stored: 1,
      racers: 2,
      winners: 0,
    },
  ] as const)('$name: $winners winner(s)', async ({ held, stored, racers, winners }) => {
    const id = uniqueId('record');
    if (held !== 'none') {
      const at = held === 'stale' ? STALE_AT() : FRESH_AT();
      await a.connection
        .collection(COLLECTION)
        .insertOne({ _id: `${id}:2` as never, article: id, at });
    }
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        claimsOf(instance(i)).claim(id, 2, async () => stored),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(winners);
    // Whoever won, version 2 is claimed once.
    const versionTwo = await a.connection
      .collection(COLLECTION)
      .countDocuments({ _id: `${id}:2` as never });
    expect(versionTwo).toBe(1);
  });
});

describe('change sequence: unique contiguous numbers, each settled or fated', () => {
  it.each([
    { name: 'one instance, 20 writers at once', instances: 1, writers: 20, crashed: false },
    { name: 'two instances, 20 writers at once', instances: 2, writers: 20, crashed: false },
    {
      name: 'two instances, 10 writers past a number whose writer died before writing',
      instances: 2,
      writers: 10,
      crashed: true,
    },
  ])('$name', async ({ instances, writers, crashed }) => {
    const sequenceOf = (i: number) => sequenceOn(instance(i % instances).connection);
    const start = Math.max(
      ...(await Promise.all([a, b].map((app) => sequenceOn(app.connection).horizon()))).map(
        (h) => h.claimed,
      ),
    );
    const dead = start + 1;
    if (crashed) {
      // As a writer killed between its claim and its write left it: claimed, unsettled, no fate.
      await a.connection.collection<ClaimDoc>('seq_claims').insertOne({
        _id: String(dead),
        n: dead,
        at: new Date(Date.now() - OVERDUE_MS),
        done: false,
      });
    }
    const numbers = await Promise.all(
      Array.from({ length: writers }, (_, i) => sequenceOf(i).next(async (n) => n)),
    );

    expect(new Set(numbers).size).toBe(writers);
    const expected = Array.from({ length: writers + (crashed ? 1 : 0) }, (_, i) => start + 1 + i);
    expect([...numbers, ...(crashed ? [dead] : [])].sort((x, y) => x - y)).toEqual(expected);
    const last = expected.at(-1)!;
    // The dead claim names nothing, so nothing carries its number: readers give it up.
    const things: ClaimedThings = { seqOf: async () => null, move: async () => {} };
    for (const app of [a, b])
      expect((await sequenceOn(app.connection).horizon({ things })).committed).toBe(last);

    const claims = await a.connection
      .collection<ClaimDoc>('seq_claims')
      .find({ n: { $gt: start, $lte: last } })
      .toArray();
    const fates = await a.connection
      .collection<FateDoc>('seq_fates')
      .find({ n: { $gt: start, $lte: last } })
      .toArray();
    const fateOf = new Map(fates.map((f) => [f.n, f.state]));
    const outcome = (n: number) =>
      claims.find((c) => c.n === n)?.done ? 'settled' : fateOf.get(n);
    expect(expected.map(outcome)).toEqual(
      expected.map((n) => (crashed && n === dead ? 'abandoned' : 'settled')),
    );
  });

  it('a number settled by its thing: another instance passes it once the thing carries it, at once, and one whose write stamped nothing by its settlement', async () => {
    const writer = sequenceOn(a.connection);
    const reader = sequenceOn(b.connection);
    const carried = new Map<number, number>();
    const things: ClaimedThings = { seqOf: async (claim) => carried.get(claim.n) ?? null, move: async () => {} };
    const n = await writer.claim('comment:by-thing', BY_THING);
    // Young and not on its thing yet: being written, so the reader stops below it.
    expect((await reader.horizon({ things })).committed).toBe(n - 1);
    carried.set(n, n);
    // Well before SEQ_SETTLE_EXPECTED_MS: the thing alone says it is written.
    expect((await reader.horizon({ things })).committed).toBe(n);
    // A repeat's number: its insert stamped nothing, so its writer settles it.
    const m = await writer.claim('comment:by-thing', BY_THING);
    expect((await reader.horizon({ things })).committed).toBe(m - 1);
    await writer.settle(m);
    expect((await reader.horizon({ things })).committed).toBe(m);
    const stored = await a.connection.collection<ClaimDoc>('seq_claims').find({ n: { $in: [n, m] } }).toArray();
    expect(stored.map(({ n: number, byThing, done, key }) => ({ number, byThing, done, key })).sort((x, y) => x.number - y.number)).toEqual([
      { number: n, byThing: true, done: undefined, key: undefined },
      { number: m, byThing: true, done: true, key: undefined },
    ]);
  });
});

describe('window slots: each counted hit takes one slot, across instances', () => {
  it.each([
    {
      name: 'two instances, limit 5, 8 hits at once',
      limit: 5,
      blockSize: 1,
      hits: 8,
      takenBefore: 0,
      allowed: 5,
    },
    {
      name: 'two instances, limit 5, 4 hits at once',
      limit: 5,
      blockSize: 1,
      hits: 4,
      takenBefore: 0,
      allowed: 4,
    },
    {
      name: 'two instances after a third took 2 of 5 slots, 6 hits',
      limit: 5,
      blockSize: 1,
      hits: 6,
      takenBefore: 2,
      allowed: 3,
    },
    {
      name: 'two instances taking blocks of 3 from a budget of 9, 12 hits',
      limit: 9,
      blockSize: 3,
      hits: 12,
      takenBefore: 0,
      allowed: 9,
    },
    {
      name: 'two instances after a third took 20 of 40 slots, 30 hits',
      limit: 40,
      blockSize: 1,
      hits: 30,
      takenBefore: 20,
      allowed: 20,
    },
    {
      name: 'two instances taking blocks of 50 from a budget of 2,000, 2,100 hits',
      limit: 2_000,
      blockSize: 50,
      hits: 2_100,
      takenBefore: 0,
      allowed: 2_000,
    },
  ])('$name: $allowed allowed', async ({ limit, blockSize, hits, takenBefore, allowed }) => {
    const bucket = uniqueId('slots');
    const limiters = [a, b].map((app) =>
      windowSlots({ connection: app.connection, bucket, limit, windowMs: WINDOW_MS, blockSize }),
    );
    if (takenBefore) {
      const third = windowSlots({
        connection: a.connection,
        bucket,
        limit,
        windowMs: WINDOW_MS,
        blockSize,
      });
      for (let i = 0; i < takenBefore; i++) expect((await third.take('who')).allowed).toBe(true);
    }
    const taken = await Promise.all(
      Array.from({ length: hits }, (_, i) => limiters[i % 2]!.take('who')),
    );
    const slots = taken.filter((t) => t.allowed).map((t) => t.slot);
    expect(slots).toHaveLength(allowed);
    // Counted once: no two allowed hits share a slot, and none reuses one taken before.
    expect(new Set(slots).size).toBe(allowed);
    for (const slot of slots) expect(slot).toBeGreaterThan(takenBefore);
    const stored = await a.connection
      .collection(RATE_LIMIT_COLLECTION)
      .countDocuments({ _id: { $regex: `^${bucket}:.*#\\d+$` } as never });
    expect(stored).toBe(Math.ceil((takenBefore + allowed) / blockSize));
  });
});

describe('window slots: a fresh instance pays the same whatever others counted', () => {
  it.each([
    { name: 'after another instance took 5,000 slots', takenBefore: 5_000 },
    { name: 'after another instance took 5,007 slots (its top lags by 7)', takenBefore: 5_007 },
    { name: 'in a window nobody used yet', takenBefore: 0 },
  ])('$name: the first hit costs at most TOP_EVERY + 2 calls', async ({ takenBefore }) => {
    const bucket = uniqueId('slots-fresh');
    /** A shared budget: far more slots than a limit per person. */
    const limit = 10_000;
    const first = windowSlots({ connection: a.connection, bucket, limit, windowMs: WINDOW_MS });
    for (let i = 1; i <= takenBefore; i++) expect((await first.take('all')).slot).toBe(i);
    const { connection, calls } = countingConnection(b, RATE_LIMIT_COLLECTION);
    const fresh = windowSlots({ connection, bucket, limit, windowMs: WINDOW_MS });
    const taken = await fresh.take('all');
    expect(taken).toMatchObject({ allowed: true, slot: takenBefore + 1 });
    // The sweep of expired windows (once per RATE_LIMIT_SWEEP_INTERVAL_MS, not awaited) is no
    // part of what a hit costs.
    const perHit = calls.map((call) => call.method).filter((method) => method !== 'deleteMany');
    expect(perHit.length, `calls: ${[...new Set(perHit)].join()}`).toBeLessThanOrEqual(TOP_EVERY + 2);
  }, 120_000);
});

describe('window slots: hits at once from one instance do not walk the slots one another took', () => {
  it('20 hits at once on a window nobody used, then 20 more: each hit tries about one slot', async () => {
    const bucket = uniqueId('slots-burst');
    const { connection, calls } = countingConnection(a, RATE_LIMIT_COLLECTION);
    /** The slot ids the limiter tried to insert since the last look. */
    const tried = () => {
      const ids = calls.flatMap(({ method, args }) => {
        if (method === 'insertOne') return [(args[0] as { _id: string })._id];
        if (method === 'insertMany') return (args[0] as { _id: string }[]).map((doc) => doc._id);
        return [];
      });
      calls.length = 0;
      return ids;
    };
    // A shared budget (topped: more than 16 slots), as the anonymous key budget and a comment limit.
    const limiter = windowSlots({ connection, bucket, limit: 10_000, windowMs: WINDOW_MS });
    const burst = () => Promise.all(Array.from({ length: 20 }, () => limiter.take('all')));

    const first = await burst();
    // Each caller tries a slot no other caller of this instance tried: 20 tries (walking from
    // slot to slot behind one another, as they once did, took 210).
    expect(new Set(first.map((t) => t.slot)).size).toBe(20);
    expect(tried(), 'slots tried by the first burst').toHaveLength(20);

    const second = await burst();
    expect(second.map((t) => t.slot).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    expect(tried()).toHaveLength(20);
  });
});
