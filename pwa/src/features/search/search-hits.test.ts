// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import type { ArticleSummary } from '../../db/db.ts';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { SearchEngine, type ListRef } from './search-engine.ts';
import { SearchHits } from './search-hits.ts';
import { stampOf, transferablesOf } from './search-protocol.ts';

const summary = (n: number): ArticleSummary =>
  ({ _id: `a${n}`, title: `Title ${n}` }) as unknown as ArticleSummary;
const preview = (n: number) => ({ before: '', match: `m${n}`, after: '' });

describe('a search answer on the page', () => {
  const articles = Array.from({ length: 6 }, (_, n) => summary(n));

  it('makes cards for the hits asked for only, at their places in the list', () => {
    const hits = SearchHits.found(articles, Int32Array.from([1, 3, 4, 5]), [preview(1), null]);
    expect(hits.length).toBe(4);
    expect(hits.article(2)).toBe(articles[4]);
    expect(hits.slice(1, 3)).toEqual([
      { article: articles[3], preview: null },
      { article: articles[4], preview: undefined },
    ]);
    expect(hits.slice().map((h) => h.article._id)).toEqual(['a1', 'a3', 'a4', 'a5']);
    expect(hits.slice(3, 99)).toHaveLength(1);
    expect(() => hits.article(4)).toThrow(RangeError);
  });

  it('asks for the missing previews of the shown hits and keeps the ones it has', () => {
    const hits = SearchHits.found(articles, Int32Array.from([0, 2, 5]), [preview(0)]);
    expect(hits.missingPreviews(2)).toEqual([1]);
    expect(hits.missingPreviews(10)).toEqual([1, 2]);
    const more = hits.withPreviews([2], [preview(5)]);
    expect(more.slice().map((h) => h.preview)).toEqual([preview(0), undefined, preview(5)]);
    expect(more.missingPreviews(10)).toEqual([1]);
    // The earlier answer is not changed (React compares them).
    expect(hits.slice(2)[0]!.preview).toBeUndefined();
  });

  it('lists every article without previews when nothing was searched', () => {
    const hits = SearchHits.unsearched(articles);
    expect(hits.slice().map((h) => h.article)).toEqual(articles);
    expect(hits.slice().every((h) => h.preview === null)).toBe(true);
    expect(hits.missingPreviews(10)).toEqual([]);
  });

  it('refuses places outside the list', () => {
    expect(() => SearchHits.found(articles, Int32Array.from([6]), [])).toThrow(/not in the list/);
  });
});

describe('the worker’s reply', () => {
  it('moves a typed array’s buffer with the reply instead of copying it', async () => {
    const hits = Int32Array.from([3, 9, 27]);
    const result = { hits, previews: [null] };
    expect(transferablesOf(result)).toEqual([hits.buffer]);
    expect(transferablesOf([1, 2])).toEqual([]);
    expect(transferablesOf(null)).toEqual([]);

    const { port1, port2 } = new MessageChannel();
    const received = new Promise<{ result: typeof result }>((resolve) => {
      port2.onmessage = (event) => resolve(event.data as { result: typeof result });
    });
    port1.postMessage({ id: 1, result }, transferablesOf(result));
    // Moved: the sender's array is emptied, the receiver has the places.
    expect(hits.length).toBe(0);
    expect(Array.from((await received).result.hits)).toEqual([3, 9, 27]);
    port1.close();
    port2.close();
  });
});

const make = (n: number, body: string, version = 1): Article => ({
  _id: String(n).padStart(24, '0'),
  title: `Article ${n}`,
  subtitle: '',
  category: 'Life',
  content: `<p>${body}</p>`,
  isPublished: true,
  version,
  createdAt: `2025-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  updatedAt: `2025-01-0${version}T00:00:00.000Z`,
});

describe('the engine’s answer', () => {
  beforeEach(resetDb);

  it('is every hit’s place as an Int32Array of its own, also when a kept list outlives a change', async () => {
    await applyArticlePage({
      cursor: '1',
      removed: [],
      articles: Array.from({ length: 8 }, (_, n) => make(n, n % 2 ? 'Grace abounds.' : 'Nothing.')),
    });
    const stored = await db.articles.orderBy('createdAt').reverse().toArray();
    const ids = stored.map((a) => a._id);
    const listed: ListRef = { key: 1, ids };
    const all: ListRef = {
      key: 2,
      ids,
      stamps: stored.map(stampOf),
      titles: stored.map((a) => a.title),
      categories: stored.map((a) => a.category),
    };
    const engine = new SearchEngine(60_000, null);
    const first = await engine.search('grace', listed, all);
    expect(first.hits).toBeInstanceOf(Int32Array);
    // Its own buffer, no bigger: a view of a larger one would move (or copy) all of it.
    expect(first.hits.buffer.byteLength).toBe(first.hits.byteLength);
    // Newest first: articles 7, 5, 3, 1 at places 0, 2, 4, 6.
    expect(Array.from(first.hits)).toEqual([0, 2, 4, 6]);

    // Article 3 changes (it moves in the index); the page's lists are the same, sent by key.
    await applyArticlePage({ cursor: '2', removed: [], articles: [make(3, 'More grace.', 2)] });
    await engine.articlesChanged([make(3, '')._id], []);
    const again = await engine.search('grace', { key: 1 }, { key: 2 });
    expect(Array.from(again.hits)).toEqual([0, 2, 4, 6]);
    expect(again.previews[2]).toEqual({ before: 'More ', match: 'grace', after: '.' });
    engine.close();
  });
});
