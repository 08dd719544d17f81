// @vitest-environment node
// Search by reference: "John 3:16" finds the article citing John 3:14-18 (the server's links and
// OSIS list), with that citation as the preview; text search is unchanged beside it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { SearchEngine, type ListRef } from './search-engine.ts';
import { stampOf } from './search-protocol.ts';
import { referenceQuery } from './reference-search.ts';

const article = (n: number, content: string, scripture?: string[]): Article => ({
  _id: String(n).padStart(24, '0'),
  title: `Article ${n}`,
  subtitle: '',
  category: 'Life',
  content,
  ...(scripture ? { scripture } : {}),
  isPublished: true,
  version: 1,
  createdAt: `2025-01-01T00:00:0${n}.000Z`,
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const ARTICLES = [
  article(1, '<p>God loved the world so much (<a href="/bible/john/3#v14-18">Joh 3:14-18</a>) that he gave.</p>', ['John.3.14-John.3.18']),
  article(2, '<p>Nicodemus came by night (<a href="/bible/john/3#v1-2">John 3:1, 2</a>).</p>', ['John.3.1-John.3.2']),
  article(3, '<p>Read <a href="/bible/psalms/83#v18">Ps 83:18</a> together.</p>', ['Ps.83.18']),
  article(4, '<p>No citation, but the words John 3:16 written as plain text.</p>'),
];

let keys = 0;
async function lists(): Promise<[ListRef, ListRef]> {
  const all = await db.articles.orderBy('createdAt').toArray();
  const ids = all.map((a) => a._id);
  return [{ key: ++keys, ids }, { key: ++keys, ids, stamps: all.map(stampOf), titles: all.map((a) => a.title), categories: all.map((a) => a.category) }];
}

beforeEach(async () => {
  await resetDb();
  await applyArticlePage({ cursor: '1', removed: [], articles: ARTICLES });
});

describe('search by reference', () => {
  it('reads references in the forms people type, and nothing else', async () => {
    expect((await referenceQuery('john 3:16'))?.map((r) => [r.book.osis, r.chapter, r.verse])).toEqual([['John', 3, 16]]);
    expect((await referenceQuery('jn 3:16'))?.map((r) => r.book.osis)).toEqual(['John']);
    expect((await referenceQuery('psalm 83'))?.map((r) => [r.book.osis, r.chapter, r.verse])).toEqual([['Ps', 83, undefined]]);
    expect(await referenceQuery('john 3:16 love')).toBeNull();
    expect(await referenceQuery('family')).toBeNull();
    expect(await referenceQuery('2025')).toBeNull();
  });

  it('finds articles citing any verse of the passage, with the citation as the preview', async () => {
    const engine = new SearchEngine(60_000, null);
    const [listed, all] = await lists();
    const answer = await engine.search('john 3:16', listed, all);
    expect(Array.from(answer.hits, (at) => all.titles![at])).toEqual(['Article 1', 'Article 4']);
    // Article 1 by its citation "Joh 3:14-18"; article 4 by its text, as before.
    expect(answer.previews[0]?.match).toBe('Joh 3:14-18');
    expect(answer.previews[1]?.match).toBe('John 3:16');
    expect(await engine.previews('john 3:16', [{ _id: ARTICLES[0]!._id, title: 'Article 1', category: 'Life' }])).toEqual([answer.previews[0]]);

    const psalm = await engine.search('psalm 83', ...(await lists()));
    expect(Array.from(psalm.hits, (at) => all.titles![at])).toEqual(['Article 3']);
    expect(psalm.previews[0]?.match).toBe('Ps 83:18');
    engine.close();
  });

  it('follows an article that changes its citations', async () => {
    const engine = new SearchEngine(60_000, null);
    const [firstListed, firstAll] = await lists();
    const before = await engine.search('john 3:1', firstListed, firstAll);
    expect(Array.from(before.hits, (at) => firstAll.titles![at])).toEqual(['Article 2', 'Article 4']);
    const changed = { ...ARTICLES[1]!, content: '<p>Nothing cited now.</p>', scripture: undefined, version: 2 };
    delete changed.scripture;
    await applyArticlePage({ cursor: '2', removed: [], articles: [changed] });
    const [listed, all] = await lists();
    const answer = await engine.search('john 3:1', listed, all);
    // Article 4 still ("John 3:16" contains "john 3:1" as text); article 2 no longer cites it.
    expect(Array.from(answer.hits, (at) => all.titles![at])).toEqual(['Article 4']);
    engine.close();
  });
});
