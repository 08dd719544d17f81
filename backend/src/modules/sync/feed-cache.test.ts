// The feed's shared-body cache is keyed by the page's place in the feed, not by the
// request's text. A visitor sending hundreds of distinct cursors (foreign epochs, numbers beyond
// the horizon, leading zeros, every number in range) and every limit makes the server keep a
// small fixed number of pages, and a second such run keeps none more; every answer is still
// right: a contiguous slice of the feed that skips nothing and repeats less than a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFeedSchema, type ArticleFeed } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { NO_COMMENT_LIMIT, createArticle } from '../../../test/content-fixtures.ts';
import { readModelOn } from './read-model.ts';
import { CACHED_PAGE_SIZES, EXACT_TAIL } from './feed-pages.ts';

const ARTICLES = 40;
const seqOf = (cursor: string) => Number(cursor.split('.')[1]);

/** Seeded, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => (state = (state * 48271) % 2147483647) % n;
}

describe('the feed cache under odd cursors and limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    const { token } = await createUser(app);
    for (let i = 0; i < ARTICLES; i++) await createArticle(app, token, { title: `Cache ${i}` });
  });
  afterAll(() => app.close());

  it('keeps a small fixed number of pages whatever is asked, and answers each rightly', async () => {
    const model = readModelOn(app.connection);
    const whole = articleFeedSchema.parse((await app.request('GET', '/api/sync/articles?limit=500')).body);
    const order = whole.articles.map((a) => a._id);
    expect(order).toHaveLength(ARTICLES);
    const epoch = whole.cursor.split('.')[0]!;
    const { horizon } = await model.current();
    // The change number of each article, in feed order (all published: their latest change).
    const docs = await app.connection.collection('articles').find({}).toArray();
    const seqs = new Map(docs.map((d) => [String(d._id), d.seq as number]));
    const seqAt = order.map((id) => seqs.get(id)!);

    /** Distinct query texts: foreign epochs, bare numbers, beyond the horizon, leading zeros, all in range. */
    function queries(round: number): { since: string; limit: number }[] {
      const pick = random(round * 7919);
      const texts: string[] = [];
      for (let i = 0; i < 100; i++) {
        texts.push(`${pick(2 ** 30).toString(16).padStart(8, '0')}${round}.${pick(1e6)}`);
        texts.push(`${epoch}.${horizon + 1 + pick(1e9)}${pick(1e5)}`);
        texts.push(`${pick(1e9) + 1}`);
      }
      for (let zeros = 3 * round - 3; zeros < 3 * round; zeros++)
        for (let s = 0; s <= horizon; s++) texts.push(`${epoch}.${'0'.repeat(zeros)}${s}`);
      return [...new Set(texts)].map((since, i) => ({ since, limit: 1 + ((i * 37 + round) % 500) }));
    }

    const wrong: string[] = [];
    async function ask({ since, limit }: { since: string; limit: number }) {
      const res = await app.request<ArticleFeed>('GET', `/api/sync/articles?since=${since}&limit=${limit}`);
      const at = `since=${since} limit=${limit}`;
      if (res.status !== 200) return wrong.push(`${at}: ${res.status}`);
      const page = articleFeedSchema.parse(res.body);
      const ids = page.articles.map((a) => a._id);
      const size = CACHED_PAGE_SIZES.findLast((s) => s <= limit) ?? limit;
      const [head, tail] = since.split('.');
      if (tail === undefined || head !== epoch) {
        // Another database's cursor: the first page, from the start, with reset.
        if (!page.reset || ids.join() !== order.slice(0, Math.min(size, ARTICLES)).join())
          wrong.push(`${at}: not the reset page`);
        return;
      }
      if (page.reset) return wrong.push(`${at}: reset`);
      const clamped = Math.min(Number(tail), horizon);
      const position = seqAt.filter((s) => s <= clamped).length;
      if (position === ARTICLES) {
        if (ids.length || seqOf(page.cursor) !== clamped) wrong.push(`${at}: ${page.cursor}, not empty at ${clamped}`);
        return;
      }
      // A contiguous slice of the feed that covers the device's place, within one page.
      const start = order.indexOf(ids[0]!);
      const end = start + ids.length;
      if (start < 0 || ids.join() !== order.slice(start, end).join()) return wrong.push(`${at}: not a slice`);
      if (start > position || end <= position) wrong.push(`${at}: ${start}-${end} skips ${position}`);
      if (ids.length > size || position - start >= Math.min(size, ARTICLES - position))
        wrong.push(`${at}: ${start}-${end} repeats too much from ${position}`);
      if (seqOf(page.cursor) !== seqAt[end - 1] || page.hasMore !== end < ARTICLES)
        wrong.push(`${at}: cursor ${page.cursor} or hasMore`);
    }

    const before = model.bodies.count;
    const first = queries(1);
    for (const query of first) await ask(query);
    const afterFirst = model.bodies.count;
    const second = queries(2);
    for (const query of second) await ask(query);
    const afterSecond = model.bodies.count;

    expect(first.length + second.length).toBeGreaterThan(600);
    // At 40 entries every place within EXACT_TAIL of the end is exact; the page of 16 from each of
    // them, the rest of the feed from each (shared by the larger sizes), and each size's first
    // page, with and without reset.
    expect(afterFirst - before).toBeLessThanOrEqual(2 * (EXACT_TAIL + 1) + 2 * CACHED_PAGE_SIZES.length);
    expect(afterSecond).toBe(afterFirst);
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 60_000);
});
