// @vitest-environment node
// Bible search over the kept books (bible-search.ts): its word index is kept in IndexedDB and read
// back by a new worker instead of being built again while the kept books stay the same; a query of
// several words answers a screenful before it has checked every candidate, the count after; the
// articles' saved index (saved-index.ts) shares the table and leaves the Bible's alone.
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { BIBLE_INDEX_KEY, BibleSearch } from './bible-search.ts';
import { saveIndex } from './saved-index.ts';
import { SearchIndex } from './search-index.ts';

const PSALM_136 = Array.from({ length: 26 }, (_, n) => `Give thanks (${n + 1}); for his lovingkindness endureth for ever.`);
const PSALM_36 = Array.from({ length: 12 }, (_, n) => (n % 2 ? `His lovingkindness is precious (${n + 1}).` : `Thy mercy, O God (${n + 1}).`));

beforeEach(async () => {
  await resetDb();
  await db.bibleChapters.bulkPut([
    { id: 'Ps.136', verses: PSALM_136 },
    { id: 'Ps.36', verses: PSALM_36 },
  ]);
  await db.bibleBooks.put({ osis: 'Ps', file: 'psalms.1.json', brBytes: 1 });
});

describe('Bible search', () => {
  it('keeps its word index on the device and a new worker reads it instead of building it again', async () => {
    expect((await new BibleSearch().find('lovingkindness', 20)).count).toBe(32);
    expect((await db.searchIndex.get(BIBLE_INDEX_KEY))?.value).toMatchObject({ stamp: 'Ps:psalms.1.json' });
    // The text changes under the same kept book: the kept index, not a new one, answers the count.
    await db.bibleChapters.put({ id: 'Ps.136', verses: PSALM_136.map(() => 'Give thanks.') });
    const reloaded = await new BibleSearch().find('lovingkindness', 3);
    expect(reloaded.count).toBe(32);
    expect(reloaded.verses.map((v) => v.title)).toEqual(['Psalm 36:2', 'Psalm 36:4', 'Psalm 36:6']);
    // Another file for the book (a new build's text): the index is built again.
    await db.bibleBooks.put({ osis: 'Ps', file: 'psalms.2.json', brBytes: 1 });
    expect((await new BibleSearch().find('lovingkindness', 3)).count).toBe(6);
  });

  it('reads the kept index while idle, before the first search asks for it, and builds none itself', async () => {
    const fresh = new BibleSearch();
    await fresh.warm();
    expect(await db.searchIndex.get(BIBLE_INDEX_KEY)).toBeUndefined();
    await new BibleSearch().find('mercy', 1);
    const warmed = new BibleSearch();
    await warmed.warm();
    // Gone from the device after the read: the search answers from the index read ahead.
    await db.searchIndex.delete(BIBLE_INDEX_KEY);
    await db.bibleChapters.put({ id: 'Ps.136', verses: PSALM_136.map(() => 'Give thanks.') });
    expect((await warmed.find('lovingkindness', 1)).count).toBe(32);
  });

  it('answers a screenful of a longer query first and counts the rest after', async () => {
    const search = new BibleSearch();
    const first = await search.find('his lovingkindness', 5);
    expect(first.verses.map((v) => v.title)).toEqual(['Psalm 36:2', 'Psalm 36:4', 'Psalm 36:6', 'Psalm 36:8', 'Psalm 36:10']);
    expect(first.verses[0]!.preview).toMatchObject({ match: 'His lovingkindness' });
    expect(first).toMatchObject({ count: null, more: true, books: 1 });
    await expect(search.count('his lovingkindness')).resolves.toBe(32);
    // A screenful that checked every candidate carries its count.
    await expect(search.find('thy mercy', 20)).resolves.toMatchObject({ count: 6, more: false });
  });

  it('keeps the Bible’s index when the articles’ index is saved', async () => {
    await new BibleSearch().find('mercy', 20);
    await saveIndex(new SearchIndex().snapshot(), undefined, null);
    expect(await db.searchIndex.get(BIBLE_INDEX_KEY)).toBeDefined();
  });
});
