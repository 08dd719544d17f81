// The delta feeds over HTTP: every change after a cursor, in a total order, with removals; paging
// neither skips nor repeats a change; 304 while nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  articleFeedSchema,
  commentFeedSchema,
  type Article,
  type ArticleFeed,
  type CommentFeed,
} from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import {
  NO_COMMENT_LIMIT,
  addComment,
  approveComment,
  createArticle,
  saveArticle,
} from '../../../test/content-fixtures.ts';

type Feed = 'articles' | 'comments';

/** The change number in a cursor (`<epoch>.<number>`). */
const seqOf = (cursor: string) => Number(cursor.split('.')[1]);

describe('delta feeds', () => {
  let app: TestApp;
  let admin: string;

  const pull = async <T extends ArticleFeed | CommentFeed>(
    feed: Feed,
    query = '',
    headers?: Record<string, string>,
  ) => app.request<T>('GET', `/api/sync/${feed}${query}`, { headers });
  const toggle = (id: string) =>
    app.request('POST', '/api/articles/toggle-publish', { token: admin, body: { id } });
  const remove = (id: string) =>
    app.request('DELETE', '/api/articles/delete', { token: admin, body: { id } });

  /** Pages through the article feed from `since` with `limit`, as a device would. */
  async function pullAll(since: string | undefined, limit: number) {
    const pages: ArticleFeed[] = [];
    let cursor = since;
    for (;;) {
      const res = await pull<ArticleFeed>(
        'articles',
        `?limit=${limit}${cursor === undefined ? '' : `&since=${cursor}`}`,
      );
      expect(res.status).toBe(200);
      const page = articleFeedSchema.parse(res.body);
      expect(page.articles.length + page.removed.length).toBeLessThanOrEqual(limit);
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) return { pages, cursor };
    }
  }

  /** What a device holds after applying pages in order. */
  function apply(pages: ArticleFeed[], start = new Map<string, Article>()) {
    const held = new Map(start);
    for (const page of pages) {
      for (const article of page.articles) held.set(article._id, article);
      for (const id of page.removed) held.delete(id);
    }
    return held;
  }

  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('starts empty with cursor "0" and answers the contract shape', async () => {
    for (const feed of ['articles', 'comments'] as const) {
      const res = await pull(feed);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        [feed]: [],
        removed: [],
        cursor: expect.stringMatching(/^[0-9a-f]+\.0$/),
        hasMore: false,
        // The first page tells a device how many articles its first sync will bring.
        ...(feed === 'articles' ? { total: 0 } : {}),
      });
    }
  });

  it('pages ~25 changes with limit=4 without gaps or repeats and ends where a full pull ends', async () => {
    const { cursor: before } = await pullAll(undefined, 500);
    const made: Article[] = [];
    for (let i = 0; i < 10; i++)
      made.push(await createArticle(app, admin, { title: `Feed ${i}`, isPublished: i !== 9 }));
    for (const article of made.slice(0, 4)) {
      expect(
        (
          await saveArticle(app, admin, {
            _id: article._id,
            version: 1,
            title: `${article.title} edited`,
          })
        ).status,
      ).toBe(200);
    }
    await toggle(made[4]!._id); // unpublished → removed
    await toggle(made[5]!._id);
    await toggle(made[5]!._id); // unpublished and back → present
    await toggle(made[9]!._id); // draft published → present
    await remove(made[6]!._id); // deleted → removed
    await remove(made[1]!._id); // edited then deleted → removed
    for (let i = 0; i < 4; i++) await createArticle(app, admin, { title: `Late ${i}` });

    const paged = await pullAll(before, 4);
    const whole = await pullAll(before, 500);
    // The feed sends each thing's latest state, so 25 changes to 14 articles are 14 entries (2 of them removals).
    const entries = (pages: ArticleFeed[]) =>
      pages
        .flatMap((p) => [...p.articles.map((a) => `+${a._id}`), ...p.removed.map((id) => `-${id}`)])
        .sort();
    expect(paged.pages).toHaveLength(4);
    expect(whole.pages).toHaveLength(1);
    expect(entries(paged.pages)).toEqual(entries(whole.pages));
    expect(entries(whole.pages)).toHaveLength(14);
    expect(paged.cursor).toBe(whole.cursor);

    // Every change is seen exactly once across pages: cursors strictly grow, no id repeats
    // unless it changed again, and the device ends with the same articles as a full pull.
    const cursors = paged.pages.map((p) => seqOf(p.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(cursors.length);
    const pagedHeld = apply(paged.pages);
    const wholeHeld = apply(whole.pages);
    expect([...pagedHeld.keys()].sort()).toEqual([...wholeHeld.keys()].sort());
    expect([...pagedHeld.values()].map((a) => a.version).sort()).toEqual(
      [...wholeHeld.values()].map((a) => a.version).sort(),
    );

    const published = await app.request<{ articles: Article[] }>('GET', '/api/articles/all');
    const expected = published.body.articles.filter(
      (a) => made.some((m) => m._id === a._id) || a.title.startsWith('Late'),
    );
    expect([...pagedHeld.keys()].sort()).toEqual(expected.map((a) => a._id).sort());
    for (const article of expected) expect(pagedHeld.get(article._id)).toEqual(article);

    // A first sync (no cursor) is told the published total on its first page only.
    const first = await pullAll(undefined, 4);
    expect(first.pages.length).toBeGreaterThan(1);
    expect(first.pages[0]!.total).toBe(published.body.articles.length);
    expect(first.pages.slice(1).every((p) => p.total === undefined)).toBe(true);
    expect(apply(first.pages).size).toBe(published.body.articles.length);

    const removedAnywhere = new Set(paged.pages.flatMap((p) => p.removed));
    for (const gone of [made[1]!, made[4]!, made[6]!]) expect(removedAnywhere).toContain(gone._id);
    expect(pagedHeld.get(made[0]!._id)?.title).toBe('Feed 0 edited');
  });

  it('reports an unpublished article as removed, and brings it back when republished', async () => {
    const article = await createArticle(app, admin);
    const { cursor } = (await pull<ArticleFeed>('articles')).body;
    await toggle(article._id);
    const off = (await pull<ArticleFeed>('articles', `?since=${cursor}`)).body;
    expect(off).toMatchObject({ articles: [], removed: [article._id], hasMore: false });
    await toggle(article._id);
    const on = (await pull<ArticleFeed>('articles', `?since=${off.cursor}`)).body;
    expect(on.removed).toEqual([]);
    expect(on.articles).toEqual([
      expect.objectContaining({ _id: article._id, isPublished: true, version: 3 }),
    ]);
  });

  it('feeds approved comments, removals of deleted ones, and hides those of unpublished articles', async () => {
    const article = await createArticle(app, admin);
    const start = (await pull<CommentFeed>('comments')).body.cursor;
    const kept = await addComment(app, article._id, { content: 'kept' });
    const deleted = await addComment(app, article._id, { content: 'deleted' });
    const waiting = await addComment(app, article._id, { content: 'waiting' });
    await approveComment(app, admin, kept._id);
    await approveComment(app, admin, deleted._id);

    const first = commentFeedSchema.parse((await pull('comments', `?since=${start}`)).body);
    expect(first.comments.map((c) => c.content).sort()).toEqual(['deleted', 'kept']);
    expect(first.comments.map((c) => c._id)).not.toContain(waiting._id);

    await app.request('DELETE', '/api/admin/comments/delete', {
      token: admin,
      body: { id: deleted._id },
    });
    const second = (await pull<CommentFeed>('comments', `?since=${first.cursor}`)).body;
    expect(second).toMatchObject({ comments: [], removed: [deleted._id] });

    await toggle(article._id);
    const third = (await pull<CommentFeed>('comments', `?since=${second.cursor}`)).body;
    expect(third).toMatchObject({ comments: [], removed: [kept._id] });
    await toggle(article._id);
    const fourth = (await pull<CommentFeed>('comments', `?since=${third.cursor}`)).body;
    expect(fourth.comments.map((c) => c._id)).toEqual([kept._id]);

    await app.request('DELETE', '/api/articles/delete', {
      token: admin,
      body: { id: article._id },
    });
    const fifth = (await pull<CommentFeed>('comments', `?since=${fourth.cursor}`)).body;
    expect(fifth.removed).toEqual([kept._id]);
  });

  it('answers 304 while nothing changed, for each page (named by its place, not its text)', async () => {
    for (const feed of ['articles', 'comments'] as const) {
      const { cursor } = (await pull<ArticleFeed | CommentFeed>(feed)).body;
      const epoch = cursor.split('.')[0]!;
      const first = await pull(feed, '?since=0&limit=3');
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      // The same page however the cursor is written; another page has another tag.
      for (const since of ['0', `${epoch}.0`, `${epoch}.000`])
        expect((await pull(feed, `?since=${since}&limit=3`, { 'if-none-match': etag })).status, since).toBe(304);
      expect((await pull(feed, `?since=${cursor}&limit=3`, { 'if-none-match': etag })).status).toBe(200);
    }
    const etag = (await pull('articles')).headers.get('etag')!;
    await createArticle(app, admin);
    expect((await pull('articles', '', { 'if-none-match': etag })).status).toBe(200);
  });

  it('lays a page out one entry per line: what comes first on the first line, the rest on the last', async () => {
    for (let i = 0; i < 3; i++) await createArticle(app, admin, { title: `Line ${i}` });
    for (const feed of ['articles', 'comments'] as const) {
      const res = await fetch(`${app.url}/api/sync/${feed}?limit=1000`);
      const text = await res.text();
      const lines = text.split('\n');
      const page = JSON.parse(text) as Record<string, unknown>;
      const entries = page[feed] as unknown[];
      expect(lines[0]).toMatch(new RegExp(`^\\{"success":true(,"total":\\d+)?,"${feed}":\\[$`));
      expect(JSON.parse(`${lines[0]}]}`)).toEqual({ success: true, ...(feed === 'articles' ? { total: page.total } : {}), [feed]: [] });
      expect(lines.slice(1, -1).map((line, i) => JSON.parse(i < entries.length - 1 ? line.slice(0, -1) : line))).toEqual(entries);
      expect(JSON.parse(`{"_":[${lines.at(-1)}`)).toEqual({ _: [], removed: page.removed, cursor: page.cursor, hasMore: false });
    }
    expect(((await pull<ArticleFeed>('articles', '?limit=1000')).body.articles.length)).toBeGreaterThanOrEqual(3);
  });

  it('refuses a bad cursor, limit or unknown parameter with 400 and a message', async () => {
    for (const feed of ['articles', 'comments'] as const) {
      for (const query of [
        '?since=abc',
        '?since=-1',
        '?limit=0',
        `?limit=${LIMITS.SYNC_PAGE_MAX_ITEMS + 1}`,
        '?limit=x',
        '?since=1&since=2',
        '?page=2',
      ]) {
        const res = await pull(feed, query);
        expect(res.status, `${feed}${query}`).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
  });
});
