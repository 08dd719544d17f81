// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '@fw/contracts';
import { SEARCH_PREVIEW_CONTEXT_CHARS } from '@fw/contracts/text';
import { db } from '../../db/db.ts';
import { applyArticlePage } from '../../sync/pull.ts';
import { resetDb } from '../../../test/reset-db.ts';
import {
  forgetSearchIndex,
  saveSearchIndex,
  searchArticles,
  searchIndexStats,
  withPreviews,
} from './search.ts';

/** Every hit as a card (the page makes cards only for those it shows). */
const search = async (...args: Parameters<typeof searchArticles>) =>
  (await searchArticles(...args)).slice();

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
    const hits = await search('GENTLE WORDS', await all());
    expect(hits.map((h) => h.article.title)).toEqual(['Patience at Home']);
    const preview = hits[0]!.preview!;
    expect(preview.match).toBe('Gentle words');
    expect(preview.before.startsWith('…')).toBe(true);
    expect(preview.after.endsWith('…')).toBe(true);
    expect(preview.after.length).toBe(SEARCH_PREVIEW_CONTEXT_CHARS + 1);
  });

  it('matches titles and categories', async () => {
    expect(
      (await search('gentle', await all())).map((h) => h.article.title).sort(),
    ).toEqual(['Gentle Courage', 'Patience at Home']);
    expect((await search('proof', await all())).map((h) => h.article.title)).toEqual([
      'Ancient Cities',
    ]);
  });

  it('finds nothing for text that is only inside markup', async () => {
    expect(await search('strong', await all())).toEqual([]);
  });

  it('lists everything without a query', async () => {
    expect(await search('  ', await all())).toHaveLength(3);
  });
});

describe('searchArticles keeps its index in step with the device', () => {
  const all = () => db.articles.orderBy('createdAt').reverse().toArray();

  it('sees articles added, changed and removed by later syncs', async () => {
    expect((await search('lighthouse', await all())).length).toBe(0);

    await applyArticlePage({
      cursor: '2',
      removed: [],
      articles: [make('4', 'Keepers', 'Hope', '<p>The <b>Lighthouse</b> keeper.</p>')],
    });
    expect((await search('lighthouse', await all())).map((h) => h.preview?.match)).toEqual([
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
    expect(await search('lighthouse', await all())).toEqual([]);
    expect((await search('harbour', await all())).map((h) => h.article.title)).toEqual([
      'Keepers',
    ]);

    await applyArticlePage({ cursor: '4', removed: ['4'.padStart(24, '0')], articles: [] });
    expect(await search('harbour', await all())).toEqual([]);
    expect((await searchIndexStats()).articles).toBe(3);
  });

  it('searches one tab while the index follows the whole list', async () => {
    const everything = await all();
    const spirit = everything.filter((a) => a.category === 'Spirit');
    expect(
      (await search('gentle', spirit, everything)).map((h) => h.article.title),
    ).toEqual(['Gentle Courage']);
    expect((await searchIndexStats()).articles).toBe(3);
  });
});

describe('search over synced HTML: entities, diacritics and markup', () => {
  const all = () => db.articles.orderBy('createdAt').reverse().toArray();
  beforeEach(async () => {
    await applyArticlePage({
      cursor: '9',
      removed: [],
      articles: [
        make(
          '5',
          'Mornings',
          'Life',
          '<p>Breakfast at the caf&eacute; with &Eacute;lodie &amp; Zo&euml;.</p>',
        ),
        make('6', 'Evenings', 'Life', '<p>A cafe\u0301 by the sea, &#x4E2D;&#25991; signs.</p>'),
        make(
          '7',
          'Stre\u0301ngth',
          'Spirit',
          '<p>The <b>Gen</b>tle<i>ness</i> of <em>a</em>n elder.</p>',
        ),
      ],
    });
  });

  it('finds named and numeric references as the characters they stand for', async () => {
    const hits = await search('élodie & zoë', await all());
    expect(hits.map((h) => h.preview)).toEqual([
      { before: 'Breakfast at the café with ', match: 'Élodie & Zoë', after: '.' },
    ]);
    expect((await search('中文', await all())).map((h) => h.preview?.match)).toEqual([
      '中文',
    ]);
    expect(await search('eacute', await all())).toEqual([]);
  });

  it('finds a word whatever form its accents are written in', async () => {
    const found = await search('CAFÉ', await all());
    expect(found.map((h) => h.article.title)).toEqual(['Evenings', 'Mornings']);
    expect(found.map((h) => h.preview?.match)).toEqual(['cafe\u0301'.normalize('NFC'), 'café']);
    expect(
      (await search('cafe\u0301 by', await all())).map((h) => h.article.title),
    ).toEqual(['Evenings']);
    expect((await search('stréngth', await all())).map((h) => h.preview)).toEqual([
      { before: '', match: 'Stréngth', after: '' },
    ]);
  });

  it('finds words that markup splits, and not words made of separate ones', async () => {
    expect((await search('gentleness', await all())).map((h) => h.preview)).toEqual([
      { before: 'The ', match: 'Gentleness', after: ' of an elder.' },
    ]);
    expect((await search('of an elder', await all())).length).toBe(1);
    expect(await search('breakfastat', await all())).toEqual([]);
  });
});

describe('the saved index', () => {
  const all = () => db.articles.orderBy('createdAt').reverse().toArray();

  it('answers after a reload without reading the bodies again, and catches up with changes', async () => {
    const before = await search('gentle', await all());
    await saveSearchIndex();
    forgetSearchIndex();

    const reads = vi.spyOn(db.bodies, 'bulkGet');
    try {
      expect(await search('gentle', await all())).toEqual(before);
      expect(reads).not.toHaveBeenCalled();

      // Changed while the app was closed: only that article is read again.
      await applyArticlePage({
        cursor: '5',
        removed: [],
        articles: [{ ...make('3', 'Ancient Cities', 'Proof', '<p>Gentle digs.</p>'), version: 2 }],
      });
      forgetSearchIndex();
      const after = await search('gentle', await all());
      expect(after.map((h) => h.article.title).sort()).toEqual([
        'Ancient Cities',
        'Gentle Courage',
        'Patience at Home',
      ]);
      expect(reads.mock.calls.flatMap(([ids]) => [...ids])).toEqual(['3'.padStart(24, '0')]);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('articles the page lists before they are stored', () => {
  it('match by title and category, as the rule says, until their bodies arrive', async () => {
    const stored = await db.articles.toArray();
    const notYet = {
      ...stored[0]!,
      _id: '9'.padStart(24, '0'),
      title: 'Lanterns at Dusk',
      category: 'Hope',
    };
    const listed = [...stored, notYet];
    expect(
      (await search('lantern', listed)).map((h) => [h.article.title, h.preview]),
    ).toEqual([['Lanterns at Dusk', { before: '', match: 'Lantern', after: 's at Dusk' }]]);
    expect((await search('hope', listed)).map((h) => h.article.title)).toEqual([
      'Lanterns at Dusk',
    ]);
  });
});

describe('previews a screenful at a time', () => {
  const all = () => db.articles.orderBy('createdAt').reverse().toArray();

  it('sends every hit in order but builds only the previews asked for, then the rest on request', async () => {
    await applyArticlePage({
      cursor: '8',
      removed: [],
      articles: [
        make('4', 'Harbour Lights', 'Life', '<p>A gentle tide.</p>'),
        make('5', 'Gentleness', 'Hope', '<p>Nothing here.</p>'),
      ],
    });
    const fullHits = await searchArticles('gentle', await all());
    const full = fullHits.slice();
    expect(full.map((h) => h.article.title).sort()).toEqual([
      'Gentle Courage',
      'Gentleness',
      'Harbour Lights',
      'Patience at Home',
    ]);

    const pagedHits = await searchArticles('gentle', await all(), undefined, 1);
    const paged = pagedHits.slice();
    expect(paged.map((h) => h.article._id)).toEqual(full.map((h) => h.article._id));
    expect(paged[0]!.preview).toEqual(full[0]!.preview);
    expect(paged.slice(1).map((h) => h.preview)).toEqual([undefined, undefined, undefined]);

    const three = await withPreviews('gentle', pagedHits, 3);
    expect(three.slice(0, 3)).toEqual(full.slice(0, 3));
    expect(three.slice()[3]!.preview).toBeUndefined();
    expect((await withPreviews('gentle', three, 10)).slice()).toEqual(full);
    // Nothing missing: the same hits back, no call to the worker.
    const complete = await withPreviews('gentle', fullHits, 10);
    expect(complete).toBe(fullHits);
    // Hand-written: the title match's preview is the title, the body's is cut around the word.
    expect(full.find((h) => h.article.title === 'Gentleness')!.preview).toEqual({
      before: '',
      match: 'Gentle',
      after: 'ness',
    });
    expect(full.find((h) => h.article.title === 'Harbour Lights')!.preview).toEqual({
      before: 'A ',
      match: 'gentle',
      after: ' tide.',
    });
  });
});
