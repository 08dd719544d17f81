import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '@fw/contracts';
import { LIMITS } from '@fw/contracts/limits';
import { db, getMeta } from '../db/db.ts';
import { ScriptedServer } from '../../test/scripted-server.ts';
import { resetDb } from '../../test/reset-db.ts';
import { applyArticlePage, pullArticles, pullComments } from './pull.ts';
import { META } from '../db/meta-keys.ts';

const art = (n: number, extra: Partial<Article> = {}): Article => ({
  _id: `64f0000000000000000001${String(n).padStart(2, '0')}`,
  title: `Title ${n}`,
  subtitle: 'Sub',
  category: 'Hope',
  content: `<h2>Heading</h2><p>Body&nbsp;${n} &amp; more</p>`,
  isPublished: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

let server: ScriptedServer;
beforeEach(async () => {
  await resetDb();
  server = new ScriptedServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('pullArticles', () => {
  it('follows pages, stores each body\'s HTML apart from its summary, and keeps the last cursor', async () => {
    const pages: Record<string, Record<string, unknown>> = {
      '': { success: true, articles: [art(1), art(2)], removed: [], cursor: '2', hasMore: true },
      '2': { success: true, articles: [art(3)], removed: [], cursor: '3', hasMore: false },
    };
    server.script = (call) => {
      const since = new URL(call.path, 'http://x').searchParams.get('since') ?? '';
      return { status: 200, body: pages[since]! };
    };
    expect(await pullArticles()).toBe(2);
    expect(await db.articles.count()).toBe(3);
    expect(await db.bodies.get(art(1)._id)).toEqual({ _id: art(1)._id, content: art(1).content });
    expect((await db.articles.get(art(1)._id)) as object).not.toHaveProperty('content');
    expect(await getMeta(META.ARTICLES_CURSOR)).toBe('3');
  });

  it('gives way between pages when asked to, and goes on from its cursor later', async () => {
    const pages: Record<string, Record<string, unknown>> = {
      '': { success: true, articles: [art(1)], removed: [], cursor: '1', hasMore: true },
      '1': { success: true, articles: [art(2)], removed: [], cursor: '2', hasMore: false },
    };
    // A sign-in comes while the first page is on its way.
    let signedIn = false;
    server.script = (call) => {
      signedIn = true;
      return { status: 200, body: pages[new URL(call.path, 'http://x').searchParams.get('since') ?? '']! };
    };
    expect(await pullArticles(() => signedIn)).toBe(-1);
    expect(server.calls).toHaveLength(1);
    expect(await getMeta(META.ARTICLES_CURSOR)).toBe('1');
    expect(await pullArticles()).toBe(1);
    expect(await db.articles.count()).toBe(2);
  });

  it('asks for article pages of the size it reads as they arrive until the feed ends', async () => {
    const pages: Record<string, Record<string, unknown>> = {
      '': { success: true, articles: [art(1)], removed: [], cursor: '1', hasMore: true, total: 3 },
      '1': { success: true, articles: [art(2)], removed: [], cursor: '2', hasMore: true },
      '2': { success: true, articles: [art(3)], removed: [], cursor: '3', hasMore: false },
    };
    server.script = (call) => ({ status: 200, body: pages[new URL(call.path, 'http://x').searchParams.get('since') ?? '']! });
    expect(await pullArticles()).toBe(3);
    expect(server.calls.map((call) => call.path)).toEqual([
      `/api/sync/articles?limit=${LIMITS.SYNC_ARTICLE_PAGE_ITEMS}`,
      `/api/sync/articles?limit=${LIMITS.SYNC_ARTICLE_PAGE_ITEMS}&since=1`,
      `/api/sync/articles?limit=${LIMITS.SYNC_ARTICLE_PAGE_ITEMS}&since=2`,
    ]);
    expect(await db.articles.count()).toBe(3);
  });

  it('marks a first sync in progress with the total the first page gives, and clears it at the end', async () => {
    const pages: Record<string, Record<string, unknown> | 'offline'> = {
      '': { success: true, articles: [art(1), art(2)], removed: [], cursor: '2', hasMore: true, total: 3 },
      '2': 'offline',
    };
    server.script = (call) => {
      const page = pages[new URL(call.path, 'http://x').searchParams.get('since') ?? '']!;
      return page === 'offline' ? page : { status: 200, body: page };
    };
    // Cut off after the first page: the device knows it is part-way through its first sync.
    await expect(pullArticles()).rejects.toThrow();
    expect(await getMeta(META.FIRST_SYNC)).toEqual({ total: 3 });
    pages['2'] = { success: true, articles: [art(3)], removed: [], cursor: '3', hasMore: false };
    await pullArticles();
    expect(await getMeta(META.FIRST_SYNC)).toBeUndefined();

    // A later sync (from a cursor) is not a first sync, even when it spans several pages.
    pages['3'] = { success: true, articles: [art(4)], removed: [], cursor: '4', hasMore: true };
    pages['4'] = 'offline';
    await expect(pullArticles()).rejects.toThrow();
    expect(await getMeta(META.FIRST_SYNC)).toBeUndefined();
  });

  it('removes tombstoned articles with their comments, and asks only for what changed', async () => {
    await db.articles.put({ ...art(1), content: undefined } as never);
    await db.bodies.put({ _id: art(1)._id, content: '' });
    await db.comments.put({ _id: '64f0000000000000000002aa', article: art(1)._id, name: 'A', content: 'B', createdAt: '', isApproved: true });
    await db.meta.put({ key: META.ARTICLES_CURSOR, value: '10' });
    server.script = () => ({ status: 200, body: { success: true, articles: [], removed: [art(1)._id], cursor: '11', hasMore: false } });
    await pullArticles();
    expect(server.calls[0]?.path).toBe(`/api/sync/articles?limit=${LIMITS.SYNC_ARTICLE_PAGE_ITEMS}&since=10`);
    expect(await db.articles.count()).toBe(0);
    expect(await db.bodies.count()).toBe(0);
    expect(await db.comments.count()).toBe(0);
  });

  it('leaves the cursor where it was when a page fails, so nothing is skipped', async () => {
    await db.meta.put({ key: META.ARTICLES_CURSOR, value: '5' });
    server.script = () => ({ status: 500, body: { success: false, message: 'down' } });
    await expect(pullArticles()).rejects.toThrow('down');
    expect(await getMeta(META.ARTICLES_CURSOR)).toBe('5');
  });
});

describe('a feed page of many articles', () => {
  const many = (count: number) => Array.from({ length: count }, (_, n) => art(n));

  it('is written in several transactions with turns between them, the cursor moving with the last', async () => {
    // What another task sees while the page is written: [articles stored, cursor].
    const seen: [number, string | undefined][] = [];
    let writing = true;
    const look = async () => {
      while (writing) {
        seen.push(await db.transaction('r', [db.articles, db.meta], async () => [await db.articles.count(), await getMeta<string>(META.ARTICLES_CURSOR)]));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    const looking = look();
    await applyArticlePage({ articles: many(200), removed: [], cursor: '200', hasMore: false });
    writing = false;
    await looking;
    // Part of the page stored, cursor not moved yet: other tasks ran between its transactions.
    expect(seen.some(([count, cursor]) => count > 0 && count < 200 && cursor === undefined)).toBe(true);
    // Never the cursor without every article of its page.
    expect(seen.every(([count, cursor]) => cursor === undefined || count === 200)).toBe(true);
    expect(await db.articles.count()).toBe(200);
    expect(await getMeta(META.ARTICLES_CURSOR)).toBe('200');
  });
});

describe('a cursor from another database (reset)', () => {
  it('drops what the feed brought before and keeps only the new database’s articles', async () => {
    await db.articles.bulkPut([art(1), art(2)].map((a) => ({ ...a, content: undefined }) as never));
    await db.bodies.bulkPut([art(1), art(2)].map((a) => ({ _id: a._id, content: '', text: '', textLower: '' })));
    await db.meta.put({ key: META.ARTICLES_CURSOR, value: 'aaaaaaaaaaaa.50' });
    const pages: Record<string, Record<string, unknown>> = {
      'aaaaaaaaaaaa.50': { success: true, articles: [art(3)], removed: [], cursor: 'bbbbbbbbbbbb.3', hasMore: true, reset: true },
      'bbbbbbbbbbbb.3': { success: true, articles: [art(4)], removed: [], cursor: 'bbbbbbbbbbbb.4', hasMore: false },
    };
    server.script = (call) => ({ status: 200, body: pages[new URL(call.path, 'http://x').searchParams.get('since')!]! });
    expect(await pullArticles()).toBe(2);
    expect((await db.articles.toArray()).map((a) => a._id).sort()).toEqual([art(3)._id, art(4)._id]);
    expect((await db.bodies.toArray()).map((b) => b._id).sort()).toEqual([art(3)._id, art(4)._id]);
    expect(await getMeta(META.ARTICLES_CURSOR)).toBe('bbbbbbbbbbbb.4');
  });

  it('drops approved comments but keeps this device’s own awaiting approval', async () => {
    const comment = (id: string, isApproved: boolean) => ({
      _id: id, article: art(1)._id, name: 'A', content: 'B', createdAt: '', isApproved,
    });
    await db.comments.bulkPut([comment('64f0000000000000000003a1', true), { ...comment('64f0000000000000000003a2', false), own: 1 }]);
    await db.meta.put({ key: META.COMMENTS_CURSOR, value: 'aaaaaaaaaaaa.9' });
    server.script = () => ({
      status: 200,
      body: { success: true, comments: [comment('64f0000000000000000003a3', true)], removed: [], cursor: 'bbbbbbbbbbbb.2', hasMore: false, reset: true },
    });
    await pullComments();
    expect((await db.comments.toArray()).map((c) => c._id).sort()).toEqual(['64f0000000000000000003a2', '64f0000000000000000003a3']);
  });
});

describe('pullComments', () => {
  it('replaces this device’s pending copy with the approved one', async () => {
    const id = '64f0000000000000000002bb';
    await db.comments.put({ _id: id, article: art(1)._id, name: 'Me', content: 'Hi', createdAt: '', isApproved: false, own: 1 });
    server.script = () => ({
      status: 200,
      body: { success: true, comments: [{ _id: id, article: art(1)._id, name: 'Me', content: 'Hi', createdAt: '2025', isApproved: true }], removed: [], cursor: '4', hasMore: false },
    });
    await pullComments();
    const stored = await db.comments.get(id);
    expect(stored).toMatchObject({ isApproved: true });
    expect(stored?.own).toBeUndefined();
  });
});
