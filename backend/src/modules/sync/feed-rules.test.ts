// Feed rules beyond paging: a cursor from another database starts the device over, and
// drafts never published are never named in `removed`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFeedSchema, commentFeedSchema, type ArticleFeed } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { NO_COMMENT_LIMIT, createArticle, saveArticle } from '../../../test/content-fixtures.ts';

describe('feed cursors carry the database epoch', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    ({ token: admin } = await createUser(app));
    for (let i = 0; i < 3; i++) await createArticle(app, admin, { title: `Epoch ${i}` });
  });
  afterAll(() => app.close());

  const pull = async (query: string) => {
    const res = await app.request<ArticleFeed>('GET', `/api/sync/articles${query}`);
    expect(res.status, query).toBe(200);
    return articleFeedSchema.parse(res.body);
  };

  it('continues from a cursor of this database without a reset', async () => {
    const first = await pull('?limit=2');
    expect(first.reset).toBeUndefined();
    expect(first.articles).toHaveLength(2);
    const epoch = first.cursor.split('.')[0]!;
    expect(epoch).toMatch(/^[0-9a-f]{12}$/);
    const next = await pull(`?limit=2&since=${first.cursor}`);
    expect(next.reset).toBeUndefined();
    expect(next.articles.map((a) => a.title)).toEqual(['Epoch 2']);
  });

  it('answers a cursor from another database (or one without an epoch) from the start, with reset', async () => {
    const all = await pull('');
    const [epoch, seq] = all.cursor.split('.');
    const otherEpoch = epoch === 'aaaaaaaaaaaa' ? 'bbbbbbbbbbbb' : 'aaaaaaaaaaaa';
    // The other database's number may well be beyond everything here: it must not skip a thing.
    for (const cursor of [`${otherEpoch}.${seq}`, `${otherEpoch}.1`, seq!]) {
      const page = await pull(`?since=${cursor}`);
      expect(page.reset, cursor).toBe(true);
      expect(page.articles.map((a) => a._id).sort()).toEqual(all.articles.map((a) => a._id).sort());
      expect(page.cursor).toBe(all.cursor);
    }
    const comments = await app.request('GET', `/api/sync/comments?since=${otherEpoch}.5`);
    expect(commentFeedSchema.parse(comments.body).reset).toBe(true);
  });
});

describe('drafts in the public feed', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  const removedSince = async (since?: string) => {
    const query = since ? `?since=${since}` : '';
    return articleFeedSchema.parse((await app.request('GET', `/api/sync/articles${query}`)).body);
  };
  const toggle = (id: string) =>
    app.request('POST', '/api/articles/toggle-publish', { token: admin, body: { id } });
  const remove = (id: string) =>
    app.request('DELETE', '/api/articles/delete', { token: admin, body: { id } });

  it('never names a draft that was never published, edited or deleted', async () => {
    const start = (await removedSince()).cursor;
    const draft = await createArticle(app, admin, { isPublished: false });
    const edited = await createArticle(app, admin, { isPublished: false });
    expect(
      (await saveArticle(app, admin, { _id: edited._id, version: 1, isPublished: false, title: 'Again' })).status,
    ).toBe(200);
    const deleted = await createArticle(app, admin, { isPublished: false });
    expect((await remove(deleted._id)).status).toBe(200);
    // Positive control: a published article unpublished, and one deleted, are named.
    const shown = await createArticle(app, admin);
    const gone = await createArticle(app, admin);
    expect((await toggle(shown._id)).status).toBe(200);
    expect((await remove(gone._id)).status).toBe(200);

    for (const since of [undefined, start]) {
      const page = await removedSince(since);
      for (const hidden of [draft, edited, deleted]) {
        expect(page.removed, since).not.toContain(hidden._id);
        expect(page.articles.map((a) => a._id)).not.toContain(hidden._id);
      }
      expect(page.removed.sort()).toEqual([shown._id, gone._id].sort());
    }
  });

  it('names a draft once it was published and then unpublished again', async () => {
    const article = await createArticle(app, admin, { isPublished: false });
    const before = (await removedSince()).cursor;
    await toggle(article._id);
    await toggle(article._id);
    expect((await removedSince(before)).removed).toEqual([article._id]);
    expect((await app.request('GET', `/api/articles/${article._id}`)).status).toBe(404);
  });
});
