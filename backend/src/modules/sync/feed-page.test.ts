import { describe, expect, it } from 'vitest';
import { feedPage, type Change } from './feed-page.ts';

const up = (seq: number, id = `a${seq}`): Change<string> => ({ seq, id, item: `${id}@${seq}` });
const gone = (seq: number, id = `a${seq}`): Change<string> => ({ seq, id });

describe('feedPage', () => {
  it('merges upserts and removals in change order and stops at the limit', () => {
    const page = feedPage([up(1), up(4), up(5)], [gone(2), gone(3)], 4, 0);
    expect(page).toEqual({
      items: ['a1@1', 'a4@4'],
      removed: ['a2', 'a3'],
      cursor: 4,
      hasMore: true,
    });
  });

  it('reports no more pages when everything fits', () => {
    expect(feedPage([up(7)], [], 4, 6)).toEqual({
      items: ['a7@7'],
      removed: [],
      cursor: 7,
      hasMore: false,
    });
  });

  it('keeps the cursor where it was when nothing changed', () => {
    expect(feedPage([], [], 10, 42)).toEqual({
      items: [],
      removed: [],
      cursor: 42,
      hasMore: false,
    });
  });

  it('reports a thing that changed twice on one page once, as its latest change', () => {
    const page = feedPage([up(3, 'x')], [gone(1, 'x'), gone(2, 'y')], 10, 0);
    expect(page.items).toEqual(['x@3']);
    expect(page.removed).toEqual(['y']);
    const removedLast = feedPage([up(1, 'x')], [gone(2, 'x')], 10, 0);
    expect(removedLast).toMatchObject({ items: [], removed: ['x'] });
  });
});
