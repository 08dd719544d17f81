// A writer killed mid-write leaves a change number claimed and never settled (db/sequence.ts).
// Readers must not wait a minute for it: an overdue number whose writer never began writing is
// abandoned, and one whose change is already written is passed, so a write acknowledged through
// a live instance reaches every reader within seconds. A number whose writer is still writing
// keeps holding readers, so no cursor passes a change that is yet to arrive.
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseUri, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle } from '../../../test/content-fixtures.ts';
import { sequenceOn, SEQ_SETTLE_EXPECTED_MS, type ClaimDoc, type FateDoc } from '../../db/sequence.ts';
import { CLAIM_STALE_MS } from '../../db/claim.ts';
import { IDEMPOTENCY_COLLECTION } from '../../db/key-records.ts';
import { articleModel } from '../articles/article.model.ts';
import { changeRef } from './tombstone.model.ts';
import { READ_MODEL_MAX_AGE_MS } from './read-model.ts';

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
    expect(fate?.state).toBe('abandoned');
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

  it('keeps holding readers below a number whose writer is still writing', async () => {
    const records = writer.connection.collection<{ _id: string; state: string; attempt: number; createdAt: Date }>(
      IDEMPOTENCY_COLLECTION,
    );
    const key = `slow-${crypto.randomUUID()}`;
    await records.insertOne({ _id: key, state: 'pending', attempt: 0, createdAt: new Date() });
    const id = newId();
    const seq = await sequenceOn(writer.connection).claim(changeRef('article', id), { id: key, attempt: 0 });
    const later = await createArticle(writer, token);
    // Overdue, and more: the claim is older than the bound, but its writer is writing.
    await sleep(SEQ_SETTLE_EXPECTED_MS + READ_MODEL_MAX_AGE_MS * 2);
    expect(SEQ_SETTLE_EXPECTED_MS * 4).toBeLessThan(CLAIM_STALE_MS);
    for (const app of [writer, reader]) expect((await app.request('GET', `/api/articles/${later._id}`)).status).toBe(404);
    // Its write lands: both are read, the slow one first in the feed.
    await articleModel(writer.connection).create({
      _id: id,
      title: 'Written slowly',
      subtitle: 'Slow',
      content: '<p>Slow</p>',
      category: 'Life',
      isPublished: true,
      wasPublished: true,
      version: 1,
      seq,
    });
    const started = Date.now();
    expect(await seenAfter(later._id, started)).toEqual([expect.any(Number), expect.any(Number)]);
    const feed = await reader.request<{ articles: { _id: string }[] }>('GET', '/api/sync/articles?limit=100');
    const order = feed.body.articles.map((a) => a._id);
    expect(order.indexOf(id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(id)).toBeLessThan(order.indexOf(later._id));
  }, 60_000);
});
