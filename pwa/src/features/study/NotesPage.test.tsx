// My notes links only to real articles: a record on the device whose article id is not an id (one
// restored by an older app from a hand-made backup, say) is listed, but never made into a link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { db, type ArticleNote, type Highlight } from '../../db/db.ts';
import { shortDate } from '../../lib/format.ts';
import { NotesPage } from './NotesPage.tsx';

// Every item writes its date: the calls say which items were drawn.
vi.mock('../../lib/format.ts', async (real) => {
  const format = await real<typeof import('../../lib/format.ts')>();
  return { ...format, shortDate: vi.fn(format.shortDate) };
});

const GOOD = '64f0000000000000000000a1';
const note = (over: Partial<ArticleNote>): ArticleNote => ({
  _id: '64f0000000000000000000b1',
  articleId: GOOD,
  articleTitle: 'Love is patient',
  text: 'Read on Sunday',
  createdAt: 1,
  updatedAt: 1,
  ...over,
});
const highlight: Highlight = {
  _id: '64f0000000000000000000c1',
  articleId: '../../admin',
  articleTitle: 'Planted title',
  color: 'yellow',
  quote: { exact: 'planted words', prefix: '', suffix: '', start: 0 },
  note: '',
  createdAt: 2,
  updatedAt: 2,
};

beforeEach(async () => {
  // The search typed and the items shown are kept in the history entry (lib/entry-state.ts): each test starts afresh.
  window.history.replaceState(null, '');
  await Promise.all([db.highlights.clear(), db.notes.clear()]);
  await db.notes.bulkPut([note({}), note({ _id: '64f0000000000000000000b2', articleId: '../../admin', articleTitle: 'Planted title', text: 'Planted note' })]);
  await db.highlights.put(highlight);
});
afterEach(cleanup);

/**
 * Waits until the list is shown: it comes with the sync panel, or 600 ms after the page
 * (NotesPage.tsx PARTS_WAIT_MS), and here the panel's file goes through the test's transform,
 * which on a loaded machine takes longer than Testing Library's 1 s wait.
 */
const partsShown = () => screen.findByRole('searchbox', { name: 'Search my notes' }, { timeout: 5_000 });

describe('My notes', () => {
  it('links a real article, and lists a record with a bad article id without any link', async () => {
    const { container } = render(
      <MemoryRouter>
        <NotesPage />
      </MemoryRouter>,
    );
    await partsShown();
    expect(await screen.findByText('Planted note')).toBeTruthy();
    expect(screen.getByText('planted words')).toBeTruthy();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toContain(`/article/${GOOD}`);
    expect(hrefs.filter((h) => h.startsWith('/article/'))).toEqual([`/article/${GOOD}`, `/article/${GOOD}`]);
    expect(hrefs.some((h) => h.includes('admin') || h.includes('..'))).toBe(false);
    expect(screen.getByRole('heading', { name: 'Planted title' }).querySelector('a')).toBeNull();
  });

  it('draws the first 100 items of many, and 100 more at each Show more', async () => {
    await db.highlights.clear();
    await db.notes.clear();
    await db.notes.bulkPut(Array.from({ length: 230 }, (_, i) => note({ _id: `64f0000000000000000${String(i).padStart(5, '0')}`, text: `Note ${i}`, updatedAt: i })));
    render(
      <MemoryRouter>
        <NotesPage />
      </MemoryRouter>,
    );
    await partsShown();
    expect(await screen.findByText('Note 229')).toBeTruthy();
    expect(screen.getAllByTestId('notes-item')).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show more (130 not shown yet)' }));
    expect(screen.getAllByTestId('notes-item')).toHaveLength(200);
    fireEvent.click(screen.getByRole('button', { name: 'Show more (30 not shown yet)' }));
    expect(screen.getAllByTestId('notes-item')).toHaveLength(230);
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();
    // A search looks through every note, shown or not.
    fireEvent.change(screen.getByLabelText('Search my notes'), { target: { value: 'Note 7' } });
    // Note 7 and Notes 70–79 (a word matches from its start): Note 7 was never drawn before.
    expect(screen.getAllByTestId('notes-item')).toHaveLength(11);
    expect(screen.getByText('Note 7')).toBeTruthy();
  });

  it('puts the article with the newest change first, and under a search the one with the newest match', async () => {
    await db.highlights.clear();
    await db.notes.clear();
    const other = '64f0000000000000000000a2';
    await db.notes.bulkPut([
      note({ _id: '64f0000000000000000000d1', text: 'apple', updatedAt: 10 }),
      note({ _id: '64f0000000000000000000d2', text: 'pear', updatedAt: 50 }),
      note({ _id: '64f0000000000000000000d3', articleId: other, articleTitle: 'Joy in the morning', text: 'apple pie', updatedAt: 30 }),
    ]);
    render(
      <MemoryRouter>
        <NotesPage />
      </MemoryRouter>,
    );
    await partsShown();
    const headings = () => screen.getAllByTestId('notes-group').map((group) => group.querySelector('h2')?.textContent);
    await screen.findByText('pear');
    expect(headings()).toEqual(['Love is patient', 'Joy in the morning']);
    expect(screen.getAllByTestId('notes-item').map((item) => item.querySelector('p:nth-of-type(2)')?.textContent)).toEqual(['pear', 'apple', 'apple pie']);
    fireEvent.change(screen.getByLabelText('Search my notes'), { target: { value: 'apple' } });
    expect(headings()).toEqual(['Joy in the morning', 'Love is patient']);
    expect(screen.queryByText('pear')).toBeNull();
  });

  it('draws again only the items a read found changed', async () => {
    render(
      <MemoryRouter>
        <NotesPage />
      </MemoryRouter>,
    );
    await partsShown();
    await screen.findByText('Planted note');
    const drawn = vi.mocked(shortDate);
    drawn.mockClear();
    // Every record written again as it was, and one changed: the read after it has new objects for all.
    await db.transaction('rw', db.notes, db.highlights, async () => {
      await db.highlights.put({ ...highlight, quote: { ...highlight.quote } });
      await db.notes.bulkPut([note({}), note({ _id: '64f0000000000000000000b2', articleId: '../../admin', articleTitle: 'Planted title', text: 'Planted note, read again', updatedAt: 3 })]);
    });
    expect(await screen.findByText('Planted note, read again')).toBeTruthy();
    expect(screen.getByText('planted words')).toBeTruthy();
    expect(screen.getAllByTestId('notes-item')).toHaveLength(3);
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(drawn).toHaveBeenCalledWith(3);
  });
});
