// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { SearchEngine, type ListRef } from './search-engine.ts';
import { stampOf } from './search-protocol.ts';
import type { FileStore } from './text-file.ts';

const ARTICLES = 40;
/** Long enough that a few texts are a small part of the file. */
const FILLER = 'steady words of comfort for the family '.repeat(80);

/** The origin's files in memory, counting the bytes read and able to lose a file while open. */
function memoryFiles() {
  const files = new Map<string, Uint8Array>();
  const state = { bytesRead: 0, gone: false };
  const store: FileStore = {
    async write(name, bytes) {
      files.set(name, bytes.slice());
    },
    async open(name) {
      const blob = new Blob([files.get(name)!.slice()]);
      return {
        size: blob.size,
        slice(from: number, to: number) {
          if (state.gone) throw new Error('NotFoundError: the file was removed');
          state.bytesRead += to - from;
          return blob.slice(from, to);
        },
      } as Blob;
    },
    async removeAllBut(name) {
      for (const key of [...files.keys()]) if (key !== name) files.delete(key);
    },
  };
  return { store, files, state };
}

const make = (n: number): Article => ({
  _id: String(n).padStart(24, '0'),
  title: `Article ${n}`,
  subtitle: '',
  category: n % 2 ? 'Life' : 'Hope',
  content: `<p>${n % 3 === 0 ? 'Grace abounds. ' : ''}Number ${n}. ${FILLER}</p>`,
  isPublished: true,
  version: 1,
  createdAt: `2025-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  updatedAt: '2025-01-01T00:00:00.000Z',
});

let keys = 0;
async function lists(): Promise<[ListRef, ListRef]> {
  const all = await db.articles.orderBy('createdAt').reverse().toArray();
  const ids = all.map((a) => a._id);
  return [
    { key: ++keys, ids },
    {
      key: ++keys,
      ids,
      stamps: all.map(stampOf),
      titles: all.map((a) => a.title),
      categories: all.map((a) => a.category),
    },
  ];
}

beforeEach(async () => {
  await resetDb();
  await applyArticlePage({
    cursor: '1',
    removed: [],
    articles: Array.from({ length: ARTICLES }, (_, n) => make(n)),
  });
});

const PHRASE = 'abounds. number 3';

/** An engine's answers before the reload, its index then saved to `store`. */
async function savedAnswers(store: FileStore) {
  const before = new SearchEngine(60_000, store);
  const grace = await before.search('grace', ...(await lists()));
  const phrase = await before.search(PHRASE, ...(await lists()));
  await before.flush();
  before.close();
  return { grace, phrase };
}

describe('the first search after a reload', () => {
  it('reads the word lists and the shown hits’ texts, not every text, and answers the same', async () => {
    const { store, files, state } = memoryFiles();
    const full = await savedAnswers(store);
    expect(files.size).toBe(1);
    // Hand-written: every third article, newest first.
    const [, all] = await lists();
    expect(Array.from(full.grace.hits, (at) => all.titles![at])).toEqual(
      [39, 36, 33, 30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0].map((n) => `Article ${n}`),
    );
    expect(Array.from(full.phrase.hits, (at) => all.titles![at])).toEqual(
      [39, 36, 33, 30, 3].map((n) => `Article ${n}`),
    );
    const fileBytes = [...files.values()][0]!.length;

    const reloaded = new SearchEngine(60_000, store);
    const paged = await reloaded.search('grace', ...(await lists()), 2);
    expect(paged.hits).toEqual(full.grace.hits);
    expect(paged.previews).toEqual(full.grace.previews.slice(0, 2));
    expect(paged.previews[0]).toMatchObject({ before: '', match: 'Grace' });
    expect(state.bytesRead).toBeGreaterThan(0);
    expect(state.bytesRead).toBeLessThan(fileBytes / 2);

    // More previews, then a phrase: its candidates' texts are read (the rest comes later).
    const later = await reloaded.previews(
      'grace',
      Array.from(full.grace.hits.slice(2), (at) => ({ _id: all.ids![at]!, title: '', category: '' })),
    );
    expect(later).toEqual(full.grace.previews.slice(2));
    expect(await reloaded.search(PHRASE, ...(await lists()))).toEqual(full.phrase);
    reloaded.close();
  });

  it('rebuilds from the stored articles when the saved file goes away while it is read', async () => {
    const { store, state } = memoryFiles();
    const full = await savedAnswers(store);

    const reloaded = new SearchEngine(60_000, store);
    expect(await reloaded.search('grace', ...(await lists()), 1)).toEqual({
      hits: full.grace.hits,
      previews: full.grace.previews.slice(0, 1),
    });
    const readBefore = state.bytesRead;
    state.gone = true;
    expect(await reloaded.search(PHRASE, ...(await lists()))).toEqual(full.phrase);
    expect(await reloaded.search('grace', ...(await lists()))).toEqual(full.grace);
    expect(state.bytesRead).toBe(readBefore);
    expect(await reloaded.stats()).toMatchObject({ articles: ARTICLES });
    reloaded.close();
  });
});
