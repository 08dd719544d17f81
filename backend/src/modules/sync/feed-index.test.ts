import { describe, expect, it } from 'vitest';
import { FeedIndex } from './feed-index.ts';

const ids = (index: FeedIndex, since: number, limit: number) =>
  index.page(since, limit).entries.map((e) => `${e.id}@${e.seq}`);

describe('FeedIndex', () => {
  it('pages in change order, one entry per thing (its latest change), with the right cursor', () => {
    const index = new FeedIndex();
    for (const [seq, id] of [[1, 'a'], [2, 'b'], [3, 'c'], [4, 'a'], [6, 'd']] as const) {
      index.put({ seq, id, json: `"${id}${seq}"` });
    }
    expect(ids(index, 0, 10)).toEqual(['b@2', 'c@3', 'a@4', 'd@6']);
    expect(index.page(0, 2)).toMatchObject({ cursor: 3, hasMore: true, left: 2 });
    expect(index.page(0, 1)).toMatchObject({ cursor: 2, hasMore: true, left: 3 });
    expect(ids(index, 3, 2)).toEqual(['a@4', 'd@6']);
    expect(index.page(3, 2)).toMatchObject({ cursor: 6, hasMore: false, left: 0 });
    expect(index.page(6, 5)).toEqual({ entries: [], cursor: 6, hasMore: false, left: 0 });
    expect(index.page(99, 5).cursor).toBe(99);
  });

  it('walks newest first from below a change number, each page going on below the last', () => {
    const index = new FeedIndex();
    for (const [seq, id] of [[1, 'a'], [2, 'b'], [3, 'c'], [4, 'a'], [6, 'd'], [7, 'e']] as const) index.put({ seq, id });
    const before = (from: number, limit: number) => index.pageBefore(from, limit).entries.map((e) => `${e.id}@${e.seq}`);
    // From above the walk's top (a change after it, 7, is left to the feed that follows).
    expect(before(7, 2)).toEqual(['d@6', 'a@4']);
    expect(index.pageBefore(7, 2)).toMatchObject({ cursor: 4, hasMore: true, left: 2 });
    expect(before(4, 2)).toEqual(['c@3', 'b@2']);
    expect(index.pageBefore(4, 2)).toMatchObject({ cursor: 2, hasMore: false, left: 0 });
    expect(index.pageBefore(5, 9)).toMatchObject({ cursor: 2, hasMore: false, left: 0 });
    expect(index.pageBefore(2, 5)).toEqual({ entries: [], cursor: 2, hasMore: false, left: 0 });
    // A thing changed after the walk began leaves the places below: it is not sent twice.
    index.put({ seq: 8, id: 'c' });
    expect(before(4, 5)).toEqual(['b@2']);
  });

  it('tells the place a cursor stands at, and slices by place', () => {
    const index = new FeedIndex();
    for (const [seq, id] of [[2, 'a'], [5, 'b'], [9, 'c']] as const) index.put({ seq, id });
    expect([0, 2, 4, 5, 9, 99].map((since) => index.position(since))).toEqual([0, 1, 1, 2, 3, 3]);
    expect(index.slice(1, 3)).toMatchObject({ cursor: 9, hasMore: false, left: 0 });
    expect(index.slice(0, 1)).toMatchObject({ cursor: 2, hasMore: true, left: 2 });
    expect(index.slice(1, 2).entries.map((e) => e.id)).toEqual(['b']);
  });

  it('keeps order when a change arrives out of order, and forgets a thing entirely', () => {
    const index = new FeedIndex();
    index.put({ seq: 5, id: 'x', json: '1' });
    index.put({ seq: 2, id: 'y' });
    index.put({ seq: 9, id: 'z', json: '22' });
    expect(ids(index, 0, 10)).toEqual(['y@2', 'x@5', 'z@9']);
    expect(index.chars).toBe(3);
    index.delete('x');
    index.delete('missing');
    expect(ids(index, 0, 10)).toEqual(['y@2', 'z@9']);
    expect(index.size).toBe(2);
    expect(index.chars).toBe(2);
  });

  it('pages the same as a sorted list across random puts and deletes', () => {
    // Seeded (a tiny LCG), so a failure can be replayed.
    let state = 7;
    const random = (n: number) => ((state = (state * 48271) % 2147483647) % n);
    const index = new FeedIndex();
    const truth = new Map<string, number>();
    let seq = 0;
    for (let step = 0; step < 2000; step++) {
      const id = `t${random(50)}`;
      if (random(5) === 0) {
        index.delete(id);
        truth.delete(id);
      } else {
        seq += 1 + random(3);
        index.put({ seq, id });
        truth.set(id, seq);
      }
    }
    const expected = [...truth].sort((a, b) => a[1] - b[1]).map(([id, s]) => `${id}@${s}`);
    const paged: string[] = [];
    let since = 0;
    for (;;) {
      const page = index.page(since, 7);
      paged.push(...page.entries.map((e) => `${e.id}@${e.seq}`));
      since = page.cursor;
      if (!page.hasMore) break;
    }
    expect(paged).toEqual(expected);
  });
});
