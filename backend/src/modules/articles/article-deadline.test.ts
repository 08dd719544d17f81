// A save answered 503 by the time limit stored nothing (middleware/timeout.ts, http/deadline.ts):
// not the article, not its pictures; and its retry with the same Idempotency-Key stores it once.
// One instance has a deadline too short for any save (so every save there runs out of time before
// its first write), another on the same database the usual one, as behind a load balancer.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@fw/contracts';
import { startTestApp, testDatabaseUri, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { articleInput, newKey, saveArticle, type SaveBody } from '../../../test/content-fixtures.ts';
import { dataUrl, noisyPhoto } from '../../../test/image-fixtures.ts';
import { imageHash } from '../images/image-encode.ts';
import { imageStore } from '../images/image-store.ts';
import { IDEMPOTENCY_COLLECTION, readKeyRecord, type KeyDoc } from '../../db/claims/index.ts';
import { DEADLINE_MESSAGES } from '../../http/deadline.ts';
import { articleModel } from './article.model.ts';

describe('a save the time limit answered 503', () => {
  let hurried: TestApp;
  let usual: TestApp;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    const mongoUri = testDatabaseUri();
    hurried = await startTestApp({ mongoUri, requestDeadlineMs: 1 });
    usual = await startTestApp({ mongoUri, jwtSecret: hurried.config.jwtSecret });
    ({ token, user: { _id: userId } } = await createUser(usual));
  });
  afterAll(async () => {
    await hurried?.close();
    await usual?.close();
  });

  /**
   * Waits until the request with `key` has finished in the background (stored or refused): its
   * record exists (the time may run out before the request reached it) and is no longer pending.
   */
  async function settledRecord(key: string): Promise<KeyDoc> {
    const keys = usual.connection.collection<KeyDoc>(IDEMPOTENCY_COLLECTION);
    const id = `u:${userId} POST /api/articles/add ${key}`;
    for (let waited = 0; waited < 20_000; waited += 50) {
      const record = await readKeyRecord(keys, id);
      if (record && record.state !== 'pending') return record;
      await sleep(50);
    }
    throw new Error('the timed-out save never finished');
  }

  it('stores neither the article nor its picture, and the retry with the same key stores it once', async () => {
    const photo = await noisyPhoto(1200, 800);
    const key = newKey();
    // The same body every time (articleInput alone makes a new title per call).
    const input = articleInput({ content: `<p>With a picture</p><p><img src="${dataUrl(photo)}" alt="a field"></p>` });
    const headers = { [HEADERS.IDEMPOTENCY_KEY]: key };

    const late = await saveArticle(hurried, token, input, headers);
    expect(late.status).toBe(503);
    expect(late.body.message).toBe(DEADLINE_MESSAGES.NOTHING_SAVED);

    // The refused save went on in the background until its first write; it must have stopped there.
    const record = await settledRecord(key);
    expect(record.state).toBe('released');
    expect(await articleModel(usual.connection).countDocuments({})).toBe(0);
    expect(await imageStore(usual.connection).meta(imageHash(photo))).toBeNull();
    const list = await usual.request<{ articles: unknown[] }>('GET', '/api/admin/articles', { token });
    expect(list.body.articles).toEqual([]);

    const retry = await saveArticle(usual, token, input, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const again = await saveArticle(usual, token, input, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as SaveBody).article._id).toBe(retry.body.article._id);
    expect(await articleModel(usual.connection).countDocuments({})).toBe(1);
    expect(await imageStore(usual.connection).meta(imageHash(photo))).not.toBeNull();
  }, 60_000);
});
