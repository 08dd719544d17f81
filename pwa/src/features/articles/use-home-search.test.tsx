// A submitted reference draws its passage before the home page is redrawn for the search
// (use-home-search.ts): the page's query changes only once the verses are on screen, and a
// passage that is slow to come holds the redraw no longer than its limit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { db } from '../../db/db.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { prefetchSearchGroups, SearchExtras } from '../search/index.ts';
import { useHomeSearch, type HomeSearch } from './use-home-search.ts';

// A chapter not on the device comes over the network through the Bible's loader: here it never does.
vi.mock('../../bible/books.ts', () => ({ loadChapters: () => new Promise(() => {}) }));

const JOHN_3 = Array.from({ length: 36 }, (_, n) => (n === 15 ? 'For God so loved the world.' : `Verse ${n + 1}.`));

/** For each query the page showed: whether its passage's verses were on screen at that commit. */
let commits: { query: string; passage: boolean }[];
let search: HomeSearch;

function Page() {
  const home = useHomeSearch();
  const { query } = home;
  useLayoutEffect(() => {
    search = home;
  });
  useLayoutEffect(() => {
    commits.push({ query, passage: Boolean(document.querySelector('[data-testid="search-passage-text"]')) });
  }, [query]);
  return <SearchExtras query={query} part="top" />;
}

beforeEach(async () => {
  commits = [];
  await resetDb();
  await prefetchSearchGroups();
});
afterEach(cleanup);

function submit(query: string) {
  act(() => search.setInput(query));
  act(() => search.submit({ preventDefault() {} } as React.FormEvent));
}

describe('a submitted reference', () => {
  it('shows its verses before the page shows the search', async () => {
    await db.bibleChapters.put({ id: 'John.3', verses: JOHN_3 });
    render(<MemoryRouter><Page /></MemoryRouter>);
    submit('John 3:16');
    await waitFor(() => expect(commits.at(-1)?.query).toBe('John 3:16'));
    expect(commits.at(-1)?.passage).toBe(true);
    expect(screen.getByTestId('search-passage-text').textContent).toContain('For God so loved the world.');
  });

  it('holds the redraw for a passage still on its way no longer than its limit', async () => {
    render(<MemoryRouter><Page /></MemoryRouter>);
    const submitted = performance.now();
    submit('Ruth 1:16');
    await waitFor(() => expect(commits.at(-1)?.query).toBe('Ruth 1:16'));
    expect(commits.at(-1)?.passage).toBe(false);
    expect(performance.now() - submitted).toBeLessThan(1000);
  });
});
