// Logins must not stall readers: passwords are hashed and checked on the password
// pool's threads, and a login past its queue is refused at once with 503 BUSY. Asserted on the
// order of answers, not on timings: a busy machine makes timings say anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createArticle } from '../../../test/content-fixtures.ts';
import { PASSWORD_BUSY_MESSAGE, PASSWORD_BUSY_RETRY_AFTER_S } from './password-pool.ts';

const LOGIN = '/api/admin/login';
const ADMIN = { name: 'Burst Admin', email: 'burst@example.test', password: 'a password for the burst' };
const CREDENTIALS = { email: ADMIN.email, password: ADMIN.password };

/** The first registration: an admin whose password is hashed at the production cost. */
async function registerAdmin(app: TestApp): Promise<string> {
  const res = await app.request<{ token: string }>('POST', '/api/admin/register', { body: ADMIN });
  expect(res.status).toBe(201);
  return res.body.token;
}

describe('a burst of logins and a public read', () => {
  let app: TestApp;
  let articleId: string;
  beforeAll(async () => {
    // One thread: the burst then holds ~60 ms of bcrypt per login still to do when the read comes.
    app = await startTestApp({ passwordHashing: { threads: 1, queueMax: 64 } });
    articleId = (await createArticle(app, await registerAdmin(app)))._id;
  });
  afterAll(() => app.close());

  it('keeps answering GET /api/articles/:id while a burst of logins is being checked', async () => {
    const BURST = 12;
    let burstOver = false;
    const logins = Promise.all(Array.from({ length: BURST }, () => app.request('POST', LOGIN, { body: CREDENTIALS })));
    void logins.finally(() => (burstOver = true)).catch(() => {});
    // One reader, one read after another, for as long as the burst lasts.
    let reads = 0;
    while (!burstOver) {
      const read = await app.request('GET', `/api/articles/${articleId}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ success: true, article: { _id: articleId } });
      reads++;
    }
    expect((await logins).map((res) => res.status)).toEqual(Array(BURST).fill(200));
    // A read needs no hash, a login ~60 ms of one: with the hashing beside the event loop the
    // reader gets dozens of reads in per login. On the event loop itself (before the pool) every
    // read waited behind the hashes queued meanwhile: a handful of reads for the whole burst.
    expect(reads).toBeGreaterThan(2 * BURST);
  });
});

describe('a full password queue', () => {
  let app: TestApp;
  beforeAll(async () => {
    // One job running and one waiting at most: a burst of logins overflows it.
    app = await startTestApp({ passwordHashing: { threads: 1, queueMax: 1 } });
    await registerAdmin(app);
  });
  afterAll(() => app.close());

  it('refuses the logins past it with 503 BUSY and Retry-After, and checks the others', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => app.request('POST', LOGIN, { body: CREDENTIALS })));
    const refused = answers.filter((res) => res.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.body).toEqual({ success: false, message: PASSWORD_BUSY_MESSAGE, code: 'BUSY' });
      expect(res.headers.get('retry-after')).toBe(String(PASSWORD_BUSY_RETRY_AFTER_S));
    }
    const checked = answers.filter((res) => res.status !== 503);
    expect(checked.length).toBeGreaterThanOrEqual(2);
    for (const res of checked) expect(res.status).toBe(200);
  });
});
