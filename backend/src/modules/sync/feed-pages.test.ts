// The place rule of feed pages (feed-pages.ts) over every position and limit of a few feed
// lengths: never a skip, repeats bounded, exact near the end and on a first sync from the start,
// and few distinct kept pages whatever is asked.
import { describe, expect, it } from 'vitest';
import { CACHED_PAGE_SIZES, EXACT_TAIL, planPage } from './feed-pages.ts';
import { LIMITS } from '@fw/contracts';

/** Every limit up to 20, each page size and its neighbours, and the largest. */
const LIMITS_TRIED = [
  ...Array.from({ length: 20 }, (_, i) => i + 1),
  ...CACHED_PAGE_SIZES.flatMap((size) => [size - 1, size, size + 1]),
  LIMITS.SYNC_PAGE_MAX_ITEMS - 1,
].filter((limit) => limit <= LIMITS.SYNC_PAGE_MAX_ITEMS);

describe('planPage', () => {
  for (const length of [0, 1, 31, 33, 200, 1000, 4321]) {
    it(`at ${length} entries: no skip, few repeats, at most one page, few kept places`, () => {
      const kept = new Set<string>();
      const wrong: string[] = [];
      for (const limit of LIMITS_TRIED) {
        const size = CACHED_PAGE_SIZES.findLast((s) => s <= limit) ?? limit;
        for (let position = 0; position <= length; position++) {
          const { start, end, cached } = planPage(length, position, limit);
          const behind = length - position;
          const at = `limit ${limit} position ${position}: ${start}-${end}`;
          if (behind === 0) {
            if (start !== length || end !== length || cached) wrong.push(`${at} not the empty page`);
            continue;
          }
          if (start > position || end <= position) wrong.push(`${at} skips or brings nothing`);
          if (end - start > Math.min(limit, size) || end > length) wrong.push(`${at} too long`);
          // What it repeats is fewer than what the device lacks and less than a page.
          if (position - start >= Math.min(behind, size)) wrong.push(`${at} repeats too much`);
          if ((behind <= EXACT_TAIL || !cached) && start !== position) wrong.push(`${at} not exact`);
          if (!cached && limit >= CACHED_PAGE_SIZES[0]) wrong.push(`${at} not kept`);
          if (cached) kept.add(`${start}-${end}`);
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      // Per page size: the grid (length/size), the halvings, the last page and the exact tail.
      const bound = CACHED_PAGE_SIZES.reduce(
        (sum, size) => sum + Math.ceil(length / size) + Math.ceil(Math.log2(2 * length + 1)) + EXACT_TAIL + 2,
        0,
      );
      expect(kept.size).toBeLessThanOrEqual(bound);
    });
  }

  it('walks a first sync from the start page by page with no repeat, and any walk ends', () => {
    const length = 4321;
    for (const size of CACHED_PAGE_SIZES) {
      let position = 0;
      while (position < length) {
        const { start, end } = planPage(length, position, size);
        expect(start).toBe(position);
        position = end;
      }
    }
    // From any place the end is reached, and each page brings something new.
    for (const position of [1, 17, 999, 4000, 4300]) {
      let at = position;
      let pages = 0;
      while (at < length) {
        const { end } = planPage(length, at, 200);
        expect(end).toBeGreaterThan(at);
        at = end;
        pages += 1;
      }
      expect(pages).toBeLessThanOrEqual(Math.ceil((length - position) / 200) + 2);
    }
  });
});
