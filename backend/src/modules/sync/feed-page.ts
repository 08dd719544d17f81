// One page of a delta feed, from upserts and removals both ordered by change number. Pure, so the
// paging rule (no change skipped or repeated across pages) is tested on its own.

export interface Change<T> {
  seq: number;
  id: string;
  /** The current record; absent for a removal. */
  item?: T;
}

export interface FeedPage<T> {
  items: T[];
  removed: string[];
  /** The change number of the last change on this page (the `since` of the next request). */
  cursor: number;
  hasMore: boolean;
}

/**
 * `upserts` and `removals` are each sorted by seq and hold at most `limit + 1` entries (one more
 * than a page, so "more follow" is known without counting). Within a page a thing that changed
 * twice is reported once, as its latest change, because the answer lists items and removals apart.
 */
export function feedPage<T>(
  upserts: Change<T>[],
  removals: Change<T>[],
  limit: number,
  since: number,
): FeedPage<T> {
  const changes = [...upserts, ...removals].sort((a, b) => a.seq - b.seq);
  const page = changes.slice(0, limit);
  const latest = new Map<string, Change<T>>();
  for (const change of page) latest.set(change.id, change);
  const items: T[] = [];
  const removed: string[] = [];
  for (const change of latest.values()) {
    if (change.item === undefined) removed.push(change.id);
    else items.push(change.item);
  }
  return { items, removed, cursor: page.at(-1)?.seq ?? since, hasMore: changes.length > limit };
}
