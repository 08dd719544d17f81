import { beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import { SEARCH_PREVIEW_CONTEXT_CHARS } from '@fw/contracts/text';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { searchArticles } from './search.ts';

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
  await applyArticlePage({
    cursor: '1',
    removed: [],
    articles: [
      make('1', 'Patience at Home', 'Life', `<p>${'a '.repeat(60)}<strong>Gentle</strong>&nbsp;words calm a household.${' z'.repeat(60)}</p>`),
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
    expect((await searchArticles('gentle', await all())).map((h) => h.article.title).sort()).toEqual(['Gentle Courage', 'Patience at Home']);
    expect((await searchArticles('proof', await all())).map((h) => h.article.title)).toEqual(['Ancient Cities']);
  });

  it('finds nothing for text that is only inside markup', async () => {
    expect(await searchArticles('strong', await all())).toEqual([]);
  });

  it('lists everything without a query', async () => {
    expect(await searchArticles('  ', await all())).toHaveLength(3);
  });
});
