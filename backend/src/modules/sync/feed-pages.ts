// Which slice of a delta feed answers a request. Feed pages are kept compressed
// once per feed version and shared by every device, so the pages a visitor can make the server
// keep must be few whatever cursors and limits it sends. A page is therefore named by its place
// in the feed (`start`, `end`), not by the request's text, and only a bounded set of places is
// kept per version:
// - the page size is the largest of CACHED_PAGE_SIZES not above `limit` (a page may hold fewer
//   than asked, never more); a `limit` below the smallest is answered exactly but never kept, as
//   such a page is a few entries;
// - a device at most EXACT_TAIL entries from the end (the usual poll after a few changes) gets
//   exactly what it lacks;
// - further back, the page starts at the nearest earlier place of a fixed grid: a multiple of the
//   page size (where a first sync from the start walks anyway), or the end minus a power of two,
//   or the end minus one page. It then repeats fewer entries than the device lacks, and fewer
//   than one page; a repeated entry is the thing's latest state again, so applying it changes
//   nothing. (A device walking a first sync from the start meets no repeat while nothing changes.)
// Per version and page size that is at most length/size + log2(length) + EXACT_TAIL + 3 places,
// each of at most one page: the bytes kept per page size are about one copy of the feed.
// Pure (no database), so the rule is tested on its own (feed-pages.test.ts).

/**
 * Page sizes whose pages are kept: the PWA asks for comments by 200 and for articles by 2,000
 * (pwa/src/sync/pull.ts), the contract's maximum.
 */
export const CACHED_PAGE_SIZES = [16, 64, 200, 500, 2000] as const;
/** Places this close to the end are answered exactly (devices a few changes behind). */
export const EXACT_TAIL = 32;

export interface PagePlan {
  /** Places in the feed: entries `start` up to `end` (excluded). */
  start: number;
  end: number;
  /** Kept and shared; otherwise made for this request only (an empty page, or a tiny limit). */
  cached: boolean;
}

function nextPowerOfTwo(n: number): number {
  let power = 1;
  while (power < n) power *= 2;
  return power;
}

/**
 * The slice that answers a device standing at `position` (entries it has passed) of a feed of
 * `length` entries, asking for at most `limit`. Never skips: `start <= position`, and a page
 * that is not empty reaches past `position`.
 */
export function planPage(length: number, position: number, limit: number): PagePlan {
  if (position >= length) return { start: length, end: length, cached: false };
  const size = CACHED_PAGE_SIZES.findLast((s) => s <= limit);
  if (size === undefined) {
    return { start: position, end: Math.min(position + limit, length), cached: false };
  }
  const behind = length - position;
  let start = position;
  if (behind > EXACT_TAIL) {
    const aligned = Math.floor(position / size) * size;
    const halving = length - nextPowerOfTwo(behind);
    const lastPage = behind <= size ? length - size : 0;
    start = Math.max(aligned, halving, lastPage);
  }
  return { start, end: Math.min(start + size, length), cached: true };
}
