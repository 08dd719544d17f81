// Many `_id` reads, a few in flight at once: FerretDB answers only `_id` equality from an index
// (a filter on several ids reads the whole collection), so a set of things is read one by one,
// overlapped enough to hide each read's round trip without flooding the database.

/** `fn` of every item, at most `limit` running at once; the answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
