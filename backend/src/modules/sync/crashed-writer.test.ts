// A writer killed mid-write leaves a change number claimed and never settled (db/claims/sequence.ts).
// Readers must not wait a minute for it: an overdue number whose change is already written is
// passed, and one whose writer died before writing or whose write is under way is given up and
// watched: should that write land later, it is moved to a fresh number, so no device whose cursor
// went past the old one misses it. A write acknowledged through a live instance
// reaches every reader within seconds either way.
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseUri, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle, landLateArticle } from '../../../test/content-fixtures.ts';
import { sequenceOn, SEQ_SETTLE_EXPECTED_MS, type ClaimDoc, type FateDoc, CLAIM_STALE_MS, IDEMPOTENCY_COLLECTION } from '../../db/claims/index.ts';
import { articleModel } from '../articles/article.model.ts';
import { changeRef } from './tombstone.model.ts';

/** Far below the minute the old rule waited, far above the 2 s it takes, for a busy machine. */
const SEEN_WITHIN_MS = 20_000;

describe('a writer killed mid-write', () => {
  let writer: TestApp;
  let reader: TestApp;
  let token: string;

  beforeAll(async () => {
    const mongoUri = testDatabaseUri();
    writer = await startTestApp({ mongoUri });
    // The other instance: it never made the claims, so it knows only what the database says.
    reader = await startTestApp({ mongoUri, jwtSecret: writer.config.jwtSecret });
    ({ token } = await createUser(writer));
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
  });

  /** How long until `id` can be read through each instance (polling), or null past the bound. */
  async function seenAfter(id: string, startedMs: number): Promise<(number | null)[]> {
    return Promise.all(
      [writer, reader].map(async (app) => {
        while (Date.now() - startedMs < SEEN_WITHIN_MS) {
          if ((await app.request('GET', `/api/articles/${id}`)).status === 200) return Date.now() - startedMs;
          await sleep(100);
        }
        return null;
      }),
    );
  }

  const newId = () => new mongoose.Types.ObjectId().toHexString();

  it('abandons a number whose writer died before writing, and shows the next write within seconds', async () => {
    const { claimed } = await sequenceOn(writer.connection).horizon();
    const dead = claimed + 1;
    // The claim as a killed writer left it: claimed, no fate, never written nor settled.
    await writer.connection.collection<ClaimDoc>('seq_claims').insertOne({
      _id: String(dead),
      n: dead,
      at: new Date(),
      ref: changeRef('article', newId()),
      done: false,
    });
    const started = Date.now();
    const article = await createArticle(writer, token);
    expect(await seenAfter(article._id, started)).toEqual([expect.any(Number), expect.any(Number)]);
    const fate = await writer.connection.collection<FateDoc>('seq_fates').findOne({ _id: String(dead) });
    expect(fate).toMatchObject({ state: 'abandoned', late: true });
  }, 60_000);

  it('passes a number whose writer died after writing, before its key record settled it', async () => {
    const records = writer.connection.collection<{ _id: string; state: string; attempt: number; createdAt: Date }>(
      IDEMPOTENCY_COLLECTION,
    );
    const key = `crashed-${crypto.randomUUID()}`;
    await records.insertOne({ _id: key, state: 'pending', attempt: 0, createdAt: new Date() });
    const id = newId();
    // The killed request claimed its number and wrote its article; its record stays pending.
    const seq = await sequenceOn(writer.connection).claim(changeRef('article', id), { id: key, attempt: 0 });
    await articleModel(writer.connection).create({
      _id: id,
      title: 'Written before the crash',
      subtitle: 'Kept',
      content: '<p>Kept</p>',
      category: 'Life',
      isPublished: true,
      wasPublished: true,
      version: 1,
      seq,
    });
    const started = Date.now();
    const article = await createArticle(writer, token);
    expect(await seenAfter(article._id, started)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(await seenAfter(id, started)).toEqual([expect.any(Number), expect.any(Number)]);
  }, 60_000);

  it('gives up a number whose writer stalled within its write, and moves its write to a fresh number when it lands', async () => {
    const records = writer.connection.collection<{ _id: string; state: string; attempt: number; createdAt: Date }>(
      IDEMPOTENCY_COLLECTION,
    );
    const key = `stalled-${crypto.randomUUID()}`;
    await records.insertOne({ _id: key, state: 'pending', attempt: 0, createdAt: new Date() });
    const id = newId();
    // Claimed and being written, but the write has not landed.
    const seq = await sequenceOn(writer.connection).claim(changeRef('article', id), { id: key, attempt: 0 });
    const started = Date.now();
    const later = await createArticle(writer, token);
    expect(await seenAfter(later._id, started)).toEqual([expect.any(Number), expect.any(Number)]);
    const fates = writer.connection.collection<FateDoc>('seq_fates');
    expect(await fates.findOne({ _id: String(seq) })).toMatchObject({ state: 'abandoned', late: true });

    // A device is now past the given-up number.
    const cursors = await Promise.all(
      [writer, reader].map(async (app) => (await app.request<{ cursor: string }>('GET', '/api/sync/articles?limit=100')).body.cursor),
    );
    // The stalled write lands after all, at its old number.
    await landLateArticle(writer.connection, id, seq);
    // The device still gets it: moved to a fresh number, after its cursor, on both instances.
    const landedAt = Date.now();
    const received = await Promise.all(
      [writer, reader].map(async (app, i) => {
        while (Date.now() - landedAt < SEEN_WITHIN_MS) {
          const page = await app.request<{ articles: { _id: string }[] }>('GET', `/api/sync/articles?limit=100&since=${cursors[i]}`);
          if (page.body.articles.some((a) => a._id === id)) return true;
          await sleep(200);
        }
        return false;
      }),
    );
    expect(received).toEqual([true, true]);
    expect((await articleModel(writer.connection).findById(id).lean())!.seq).toBeGreaterThan(seq);
    expect(await fates.countDocuments({ _id: `${seq}:moved` })).toBe(1);
    expect(SEQ_SETTLE_EXPECTED_MS).toBeLessThan(CLAIM_STALE_MS);
  }, 90_000);
});
