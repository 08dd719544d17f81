import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../../../test/reset-db.ts';
import { db } from '../../db/db.ts';
import { loadIndex, saveIndex } from './saved-index.ts';
import { SearchIndex, type IndexSnapshot } from './search-index.ts';

beforeEach(resetDb);

function sampleIndex(articles: number): SearchIndex {
  const index = new SearchIndex();
  for (let n = 0; n < articles; n++) {
    const text = `Article ${n} speaks of Grace and İstanbul, ${'hope '.repeat(n % 7)}cafe\u0301 ${n * 31}`;
    index.upsert({
      id: `a${n}`,
      stamp: `1|${n}`,
      title: `Title ${n}`,
      category: 'Life',
      text,
      textLower: text.toLowerCase(),
    });
  }
  index.trim();
  return index;
}

/** Typed arrays as plain ones: a structured clone may come back from another realm's constructors. */
function plain(snap: IndexSnapshot | null) {
  if (!snap) return snap;
  return {
    ...snap,
    listEnds: Array.from(snap.listEnds),
    wordStarts: Array.from(snap.wordStarts),
    lowerAts: snap.lowerAts.map((d) => (d ? Array.from(d) : d)),
    postings: Array.from(snap.postings),
    diffAts: snap.diffAts.map((d) => (d ? Array.from(d) : d)),
  };
}

describe('the saved search index', () => {
  it('comes back equal from many small parts, and a new save replaces every old part', async () => {
    const snap = sampleIndex(57).snapshot();
    await saveIndex(snap, { textPartArticles: 5, postingsPartEntries: 100 });
    expect(await db.searchIndex.count()).toBeGreaterThan(20);
    expect(plain(await loadIndex())).toEqual(plain(snap));

    const smaller = sampleIndex(3).snapshot();
    await saveIndex(smaller, { textPartArticles: 5, postingsPartEntries: 100 });
    expect(plain(await loadIndex())).toEqual(plain(smaller));
    expect((await db.searchIndex.toArray()).every((p) => !p.key.includes(':text:1'))).toBe(true);
  });

  it('is absent until saved, and a copy missing a part is refused rather than read half', async () => {
    expect(await loadIndex()).toBeNull();
    await saveIndex(sampleIndex(12).snapshot(), { textPartArticles: 5, postingsPartEntries: 100 });
    await db.searchIndex.delete('index:v2:text:1');
    await expect(loadIndex()).rejects.toThrow(/missing/);
  });
});
