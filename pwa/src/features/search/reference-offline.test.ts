// @vitest-environment node
// A device offline that never fetched the full reference parser (the service worker keeps it only
// once a search fetched it, vite.config.ts): "John 3:16" still finds the article citing
// John 3:14-18, read by query-reference.ts in the worker's own file.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '@fw/contracts';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { SearchEngine } from './search-engine.ts';
import { stampOf } from './search-protocol.ts';

// The parser's file cannot be fetched: what a dynamic import does offline before it was cached.
vi.mock('bible-passage-reference-parser', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const ARTICLE: Article = {
  _id: '1'.padStart(24, '0'),
  title: 'He gave his Son',
  subtitle: '',
  category: 'Life',
  content: '<p>God loved the world so much (<a href="/bible/john/3#v14-18">John 3:14-18</a>) that he gave.</p>',
  scripture: ['John.3.14-John.3.18'],
  isPublished: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(async () => {
  await resetDb();
  await applyArticlePage({ cursor: '1', removed: [], articles: [ARTICLE] });
});

describe('search by reference without the full parser', () => {
  it('finds the article citing a range around the verse, the citation as its preview', async () => {
    const all = await db.articles.toArray();
    const ids = all.map((a) => a._id);
    const engine = new SearchEngine(0, null);
    const answer = await engine.search(
      'john 3:16',
      { key: 1, ids },
      { key: 2, ids, stamps: all.map(stampOf), titles: all.map((a) => a.title), categories: all.map((a) => a.category) },
    );
    engine.close();
    expect(Array.from(answer.hits)).toEqual([0]);
    expect(answer.previews[0]?.match).toBe('John 3:14-18');
  });
});
