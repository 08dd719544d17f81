// Two backend instances on one database, as behind a load balancer: concurrent writes through
// both while devices pull from both, page by page, each page from either instance. Every change
// must reach every device exactly once, in order, with no gap; and a poll through one instance
// sees a change made through the other within READ_MODEL_MAX_AGE_MS. Half the writers send an
// Idempotency-Key with every write, as the PWA does (their changes are settled by the key's
// record, db/write-change.ts), half send none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFeedSchema, commentFeedSchema, type Article, type Comment } from '@fw/contracts';
import { startTestApp, testDatabaseUri, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { NO_COMMENT_LIMIT, addComment, createArticle, newKey, saveArticle } from './content-fixtures.ts';
import { READ_MODEL_MAX_AGE_MS } from '../src/modules/sync/read-model.ts';
import { articleModel } from '../src/modules/articles/article.model.ts';

const WRITERS = 4;
const ROUNDS_PER_WRITER = 6;
const DEVICES = 4;
const PAGE_ITEMS = 3;

/** Seeded choice of instance per request, so a failure can be replayed. */
function chooser(seed: number) {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) % 2;
}

interface Device {
  cursor?: string;
  held: Map<string, Article>;
  /** Every `<id>@<version>` received, to prove nothing came twice. */
  received: string[];
  removals: number;
  pick: () => number;
}

describe('two instances on one database', () => {
  const apps: TestApp[] = [];
  let admin: string;

  beforeAll(async () => {
    const mongoUri = testDatabaseUri();
    apps.push(await startTestApp({ ...NO_COMMENT_LIMIT, mongoUri }));
    // Same secret, as instances behind one load balancer share it.
    apps.push(await startTestApp({ ...NO_COMMENT_LIMIT, mongoUri, jwtSecret: apps[0]!.config.jwtSecret }));
    ({ token: admin } = await createUser(apps[0]!));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  /** Pulls one page through the instance the device picks, checking order as it applies it. */
  async function pullPage(device: Device): Promise<boolean> {
    const app = apps[device.pick()]!;
    const query = `?limit=${PAGE_ITEMS}${device.cursor ? `&since=${device.cursor}` : ''}`;
    const res = await app.request('GET', `/api/sync/articles${query}`);
    expect(res.status).toBe(200);
    const page = articleFeedSchema.parse(res.body);
    expect(page.reset).toBeUndefined();
    if (device.cursor) expect(Number(page.cursor.split('.')[1])).toBeGreaterThanOrEqual(Number(device.cursor.split('.')[1]));
    for (const article of page.articles) {
      const before = device.held.get(article._id);
      // In order: a device never receives an older version after a newer one.
      if (before) expect(article.version).toBeGreaterThan(before.version);
      device.received.push(`${article._id}@${article.version}`);
      device.held.set(article._id, article);
    }
    for (const id of page.removed) {
      device.held.delete(id);
      device.removals += 1;
    }
    device.cursor = page.cursor;
    return page.hasMore;
  }

  async function pullToEnd(device: Device) {
    while (await pullPage(device));
  }

  it('delivers every change made through either instance to devices pulling from both', async () => {
    const devices: Device[] = Array.from({ length: DEVICES }, (_, i) => ({
      held: new Map(),
      received: [],
      removals: 0,
      pick: chooser(i + 11),
    }));
    let writing = true;

    async function writer(w: number) {
      const pick = chooser(w + 101);
      const headers = (): Record<string, string> => (w % 2 === 0 ? { 'Idempotency-Key': newKey() } : {});
      for (let round = 0; round < ROUNDS_PER_WRITER; round++) {
        const through = () => apps[pick()]!;
        const created = await saveArticle(through(), admin, { title: `W${w} R${round}` }, headers());
        expect(created.status).toBe(201);
        const article = created.body.article;
        const edit = await saveArticle(through(), admin, { _id: article._id, version: 1, title: `W${w} R${round} edited` }, headers());
        expect(edit.status).toBe(200);
        if (round % 3 === 1) {
          const off = await through().request('POST', '/api/articles/toggle-publish', { token: admin, headers: headers(), body: { id: article._id } });
          expect(off.status).toBe(200);
        }
        if (round % 3 === 2) {
          const gone = await through().request('DELETE', '/api/articles/delete', { token: admin, headers: headers(), body: { id: article._id } });
          expect(gone.status).toBe(200);
        }
      }
    }

    async function device(d: Device) {
      while (writing) await pullToEnd(d);
    }

    const pulling = devices.map(device);
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    writing = false;
    await Promise.all(pulling);

    // After the writes, each device catches up through either instance.
    const truth = (await articleModel(apps[0]!.connection).find({ isPublished: true }).lean()).map((doc) => ({
      id: String(doc._id),
      version: doc.version,
    }));
    expect(truth).toHaveLength(WRITERS * (ROUNDS_PER_WRITER / 3));
    for (const d of devices) {
      // Within the documented staleness every instance has every change.
      await new Promise((resolve) => setTimeout(resolve, READ_MODEL_MAX_AGE_MS));
      await pullToEnd(d);
      const held = [...d.held.values()].map((a) => ({ id: a._id, version: a.version }));
      expect(held.sort((a, b) => a.id.localeCompare(b.id))).toEqual(truth.sort((a, b) => a.id.localeCompare(b.id)));
      // Exactly once: no version of any article arrived twice.
      expect(new Set(d.received).size).toBe(d.received.length);
    }
  });

  it('a poll through one instance sees a change made through the other within the staleness bound', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    // Both instances answered recently, so B holds a model checked before the write below.
    const before = articleFeedSchema.parse((await b.request('GET', '/api/sync/articles')).body);
    const etag = (await b.request('GET', '/api/articles/all')).headers.get('etag')!;
    const article = await createArticle(a, admin, { title: 'Made through A' });
    // Through A itself: at once (its own write).
    expect((await a.request('GET', `/api/articles/${article._id}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, READ_MODEL_MAX_AGE_MS + 1));
    const after = articleFeedSchema.parse((await b.request('GET', `/api/sync/articles?since=${before.cursor}`)).body);
    expect(after.articles.map((x) => x._id)).toEqual([article._id]);
    expect((await b.request('GET', '/api/articles/all', { headers: { 'if-none-match': etag } })).status).toBe(200);
    expect((await b.request('GET', `/api/articles/${article._id}`)).status).toBe(200);
  });

  /** The ids of the comments a device pulling the whole comment feed through `app` shows. */
  async function shownComments(app: TestApp): Promise<string[]> {
    const shown: Comment[] = [];
    let since = '';
    for (let hasMore = true; hasMore; ) {
      const page = commentFeedSchema.parse((await app.request('GET', `/api/sync/comments${since}`)).body);
      shown.push(...page.comments);
      since = `?since=${page.cursor}`;
      hasMore = page.hasMore;
    }
    return shown.map((c) => c._id);
  }

  it('a publish toggle renumbers a comment approved through the other instance a moment before', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const article = await createArticle(a, admin, { title: 'Unpublished after a fresh approval' });
    const comment = await addComment(a, article._id);
    // A checks its model now; the approval through B comes well within the staleness bound, so
    // only A's own toggle makes A look again before it renumbers the article's comments.
    await a.request('GET', '/api/sync/comments');
    const key = () => ({ 'Idempotency-Key': newKey() });
    const approved = await b.request('PUT', '/api/admin/comments/approve', { token: admin, headers: key(), body: { id: comment._id } });
    expect(approved.status).toBe(200);
    // B shows the approved comment at once; only a new number tells it the article went away.
    expect(await shownComments(b)).toContain(comment._id);
    const off = await a.request('POST', '/api/articles/toggle-publish', { token: admin, headers: key(), body: { id: article._id } });
    expect(off.body).toMatchObject({ article: { isPublished: false } });
    await new Promise((resolve) => setTimeout(resolve, READ_MODEL_MAX_AGE_MS + 1));
    // The comment of an unpublished article is not shown to devices, through either instance.
    for (const app of apps) expect(await shownComments(app)).not.toContain(comment._id);
  });
});
