// The home page asks for the device's articles twice (the tab's cards and the count in every
// category); a change the sync stores is read from IndexedDB once for both, not once per ask, and
// a first sync's many small transactions in a row are read together, not once each. Whether a sync
// has finished is read with the list, so the page never says "no articles here yet" beside a list
// read before the sync stored its articles.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { INDEX_TAB } from '@fw/contracts/categories';
import { db, type ArticleSummary } from '../../db/db.ts';
import { META } from '../../db/meta-keys.ts';
import { useArticleHits, useHasSynced } from './use-articles.ts';

/** Reads of the articles table, counted where Dexie hands them to IndexedDB. */
let articleReads = 0;
db.use({
  stack: 'dbcore',
  name: 'count-article-reads',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (name !== 'articles') return table;
      return {
        ...table,
        query(request) {
          articleReads += 1;
          return table.query(request);
        },
      };
    },
  }),
});

const summary = (n: number): ArticleSummary => ({
  _id: `64f0000000000000000002${String(n).padStart(2, '0')}`,
  title: `Title ${n}`,
  subtitle: 'Sub',
  category: 'Hope',
  isPublished: true,
  version: 1,
  createdAt: `2025-01-0${n}T00:00:00.000Z`,
  updatedAt: `2025-01-0${n}T00:00:00.000Z`,
});

/** What the home page's panel asks for (HomePage.tsx ArticlePanel): how many each list holds. */
function Panel() {
  const hits = useArticleHits(INDEX_TAB, '');
  const everywhere = useArticleHits(INDEX_TAB, '', 0);
  return <p data-testid="counts">{`${hits?.length ?? '-'} ${everywhere?.length ?? '-'}`}</p>;
}
const shown = () => screen.getByTestId('counts').textContent;

beforeEach(async () => {
  await db.meta.clear();
  await db.articles.clear();
  await db.articles.put(summary(1));
});
afterEach(cleanup);

describe('the stored articles on the home page', () => {
  it('reads a stored change once for both lists', async () => {
    render(<Panel />);
    await waitFor(() => expect(shown()).toBe('1 1'));
    articleReads = 0;
    await db.articles.put(summary(2));
    await waitFor(() => expect(shown()).toBe('2 2'));
    // Another turn for a second read that would come late.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(articleReads).toBe(1);
  });

  it('reads changes that come one after another together, ending with all of them', async () => {
    render(<Panel />);
    await waitFor(() => expect(shown()).toBe('1 1'));
    articleReads = 0;
    // As a sync page is stored: one transaction after another, each awaited.
    for (let n = 2; n <= 9; n++) await db.articles.put(summary(n));
    await waitFor(() => expect(shown()).toBe('9 9'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(articleReads).toBeLessThan(8);
  });

  it('never answers "a sync has finished" beside a list read before the sync stored its articles', async () => {
    await db.articles.clear();
    const seen: string[] = [];
    function Status() {
      const hits = useArticleHits(INDEX_TAB, '');
      const synced = useHasSynced();
      const now = `${hits?.length ?? '-'} ${synced ?? '-'}`;
      seen.push(now);
      return <p data-testid="status">{now}</p>;
    }
    render(<Status />);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('0 false'));
    // A first sync: its articles, then (after the other feeds) the time it finished, at once.
    await db.articles.put(summary(1));
    await db.meta.put({ key: META.LAST_SYNCED_AT, value: Date.now() });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('1 true'));
    expect(seen).not.toContain('0 true');
  });
});
