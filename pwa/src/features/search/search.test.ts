import { beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import { SEARCH_PREVIEW_CONTEXT_CHARS } from '@fw/contracts/text';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { forgetSearchIndex, searchArticles, searchIndexStats } from './search.ts';

const make = (id: string, title: string, category: string, content: string): Article => ({
  _id: id.padStart(24, '0'),
  title,
  subtitle: '',
  category,
  content,
  isPublished: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

beforeEach(async () => {
  await resetDb();
  forgetSearchIndex();
  await applyArticlePage({
    cursor: '1',
    removed: [],
    articles: [
      make(
        '1',
        'Patience at Home',
        'Life',
        `<p>${'a '.repeat(60)}<strong>Gentle</strong>&nbsp;words calm a household.${' z'.repeat(60)}</p>`,
      ),
      make('2', 'Gentle Courage', 'Spirit', '<p>Standing firm.</p>'),
      make('3', 'Ancient Cities', 'Proof', '<p>Digs at <em>Nineveh</em>.</p>'),
    ],
  });
});

describe('searchArticles', () => {
  const all = () => db.articles.toArray();

  it('matches body text case-insensitively, across markup and entities', async () => {
    const hits = await searchArticles('GENTLE WORDS', await all());
    expect(hits.map((h) => h.article.title)).toEqual(['Patience at Home']);
    const preview = hits[0]!.preview!;
    expect(preview.match).toBe('Gentle words');
    expect(preview.before.startsWith('…')).toBe(true);
    expect(preview.after.endsWith('…')).toBe(true);
    expect(preview.after.length).toBe(SEARCH_PREVIEW_CONTEXT_CHARS + 1);
  });

  it('matches titles and categories', async () => {
    expect(
      (await searchArticles('gentle', await all())).map((h) => h.article.title).sort(),
    ).toEqual(['Gentle Courage', 'Patience at Home']);
    expect((await searchArticles('proof', await all())).map((h) => h.article.title)).toEqual([
      'Ancient Cities',
    ]);
  });

  it('finds nothing for text that is only inside markup', async () => {
    expect(await searchArticles('strong', await all())).toEqual([]);
  });

  it('lists everything without a query', async () => {
    expect(await searchArticles('  ', await all())).toHaveLength(3);
  });
});

describe('searchArticles keeps its index in step with the device', () => {
  const all = () => db.articles.orderBy('createdAt').reverse().toArray();

  it('sees articles added, changed and removed by later syncs', async () => {
    expect((await searchArticles('lighthouse', await all())).length).toBe(0);

    await applyArticlePage({
      cursor: '2',
      removed: [],
      articles: [make('4', 'Keepers', 'Hope', '<p>The <b>Lighthouse</b> keeper.</p>')],
    });
    expect((await searchArticles('lighthouse', await all())).map((h) => h.preview?.match)).toEqual([
      'Lighthouse',
    ]);

    // A new version of an article replaces what the index knew of it.
    await applyArticlePage({
      cursor: '3',
      removed: [],
      articles: [
        {
          ...make('4', 'Keepers', 'Hope', '<p>The harbour light.</p>'),
          version: 2,
          updatedAt: '2025-02-01T00:00:00.000Z',
        },
      ],
    });
    expect(await searchArticles('lighthouse', await all())).toEqual([]);
    expect((await searchArticles('harbour', await all())).map((h) => h.article.title)).toEqual([
      'Keepers',
    ]);

    await applyArticlePage({ cursor: '4', removed: ['4'.padStart(24, '0')], articles: [] });
    expect(await searchArticles('harbour', await all())).toEqual([]);
    expect(searchIndexStats().articles).toBe(3);
  });

  it('searches one tab while the index follows the whole list', async () => {
    const everything = await all();
    const spirit = everything.filter((a) => a.category === 'Spirit');
    expect(
      (await searchArticles('gentle', spirit, everything)).map((h) => h.article.title),
    ).toEqual(['Gentle Courage']);
    expect(searchIndexStats().articles).toBe(3);
  });
});
