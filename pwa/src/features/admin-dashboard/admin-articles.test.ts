// @vitest-environment node
// The dashboard and All Articles read the device's copy a page at a time by its indexes: the
// counts, the newest first in the server's order, the title filter, and whether more follow.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';
import { db } from '../../db/db.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { adminArticleRow } from '../../sync/article-store.ts';
import { readArticles, readDashboard } from './admin-articles.ts';
import { withTotal } from '../../components/ui/table-window.ts';

function article(n: number, isPublished: boolean, createdAt = `2025-01-${String(n).padStart(2, '0')}T00:00:00.000Z`): Article {
  return {
    _id: `65a1b2c3d4e5f60718293a${String(n).padStart(2, '0')}`,
    title: `A${n}`,
    subtitle: '',
    content: '',
    category: '',
    isPublished,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

const store = (...articles: Article[]) => db.adminArticles.bulkPut(articles.map((a) => adminArticleRow(a)));

beforeEach(resetDb);

describe('the dashboard', () => {
  it('counts articles, drafts and comments, and lists the newest few', async () => {
    await store(article(1, true), article(2, false), article(3, true), article(4, false), article(5, true), article(6, true), article(7, true));
    await db.adminComments.bulkPut(
      Array.from({ length: 12 }, (_, n) => ({
        _id: `65a1b2c3d4e5f60718293b${String(n).padStart(2, '0')}`,
        article: null,
        name: 'N',
        content: 'C',
        isApproved: n % 2 === 0,
        status: n % 2 === 0 ? ('approved' as const) : ('waiting' as const),
        createdAt: '2025-01-01T00:00:00.000Z',
      })),
    );
    const data = await readDashboard();
    expect(data.totalArticles).toBe(7);
    expect(data.totalDrafts).toBe(2);
    expect(data.totalComments).toBe(12);
    expect(data.recentArticles.map((a) => a.title)).toEqual(['A7', 'A6', 'A5', 'A4', 'A3']);
    expect(data.recentArticles).toHaveLength(DASHBOARD_RECENT_ARTICLES);
  });

  it('starts at zero with an empty list', async () => {
    expect(await readDashboard()).toEqual({ totalArticles: 0, totalComments: 0, totalDrafts: 0, recentArticles: [] });
  });

  it('counts an article published since as no draft', async () => {
    await store(article(1, false));
    expect((await readDashboard()).totalDrafts).toBe(1);
    await store(article(1, true));
    expect((await readDashboard()).totalDrafts).toBe(0);
  });
});

describe('All Articles', () => {
  it('breaks ties on the date by id, newest id first, as the server does', async () => {
    const same = '2025-02-01T00:00:00.000Z';
    await store(article(1, true, same), article(2, true, same));
    expect((await readArticles('', 10)).rows.map((a) => a.title)).toEqual(['A2', 'A1']);
  });

  it('answers a page and says more follow (the count is read apart)', async () => {
    await store(...Array.from({ length: 9 }, (_, n) => article(n + 1, n % 3 !== 0)));
    const first = await readArticles('', 4);
    expect(first.rows.map((a) => a.title)).toEqual(['A9', 'A8', 'A7', 'A6']);
    expect(first.more).toBe(true);
    expect(first.total).toBeUndefined();
    expect(withTotal(first, 9)?.total).toBe(9);
    // A filtered page keeps what it found: the list's count is not its own.
    expect(withTotal({ ...first, q: 'a' }, 9)?.total).toBeUndefined();
    const all = await readArticles('', 9);
    expect(all.rows).toHaveLength(9);
    expect(all.more).toBe(false);
  });

  it('keeps the titles that contain the filter, letter case aside, drafts included', async () => {
    await store(
      { ...article(1, true), title: 'Prayer at Dawn' },
      { ...article(2, false), title: 'Evening PRAYERS' },
      { ...article(3, true), title: 'Faith' },
      { ...article(4, true), title: 'A prayer of thanks' },
    );
    const found = await readArticles('prayer', 2);
    expect(found.rows.map((a) => a.title)).toEqual(['A prayer of thanks', 'Evening PRAYERS']);
    // How many match is not counted (that would read every article): only that more follow.
    expect(found.more).toBe(true);
    expect(found.total).toBeUndefined();
    expect((await readArticles('prayer', 5)).rows).toHaveLength(3);
    expect((await readArticles('psalm', 5)).rows).toEqual([]);
  });
});
