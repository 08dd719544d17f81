// A feed page read as it arrives. The server writes a page one entry per line (contracts/src/sync.ts,
// "A page's layout"):
//
//   {"success":true,"total":2000,"articles":[
//   {…one article…},
//   {…the next…}
//   ],"removed":[…],"cursor":"…","hasMore":true}
//
// so each line between the first and the last is parsed on its own as it comes, and the entries
// are handed on in groups while the rest is still on its way: a page of a thousand articles is
// never one long parse on the page's thread, and the device writes while it downloads. A page
// laid out any other way (a proxy that rewrote it, a test's own answer) is the same JSON, read
// whole once it has all arrived.
import { ApiError, UNKNOWN_ERROR_MESSAGE, apiChunks } from '../lib/api.ts';

export interface ReadPage<E> {
  /** The page's fields but its list: the first line's and the last line's. */
  fields: Record<string, unknown>;
  /** Entries after the last whole group, not handed on: they go with the page's end. */
  rest: E[];
}

/**
 * GETs `path`, a feed page listing its entries under `list`, and calls `onGroup` with every
 * `groupSize` entries in order (awaited, so the page's writes keep pace with its arrival), passing
 * the first line's fields (`reset`, `total`), which come before any entry.
 */
export async function readFeedPage<E>(
  path: string,
  list: string,
  groupSize: number,
  onGroup: (entries: E[], head: Record<string, unknown>) => Promise<void>,
): Promise<ReadPage<E>> {
  try {
    return await read(path, list, groupSize, onGroup);
  } catch (error) {
    // Not JSON after all (a captive portal's page, a cut-off answer): what api() says of it.
    if (error instanceof SyntaxError) throw new ApiError(UNKNOWN_ERROR_MESSAGE, 500);
    throw error;
  }
}

async function read<E>(
  path: string,
  list: string,
  groupSize: number,
  onGroup: (entries: E[], head: Record<string, unknown>) => Promise<void>,
): Promise<ReadPage<E>> {
  const decoder = new TextDecoder();
  const opening = `"${list}":[`;
  let text = '';
  let head: Record<string, unknown> | null = null;
  /** The layout is not one entry per line: everything is read, then parsed whole. */
  let whole = false;
  let group: E[] = [];
  for await (const chunk of apiChunks(path)) {
    text += decoder.decode(chunk, { stream: true });
    if (whole) continue;
    let from = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', from)) {
      const line = text.slice(from, newline);
      from = newline + 1;
      if (head === null) {
        if (!line.startsWith('{') || !line.endsWith(opening)) {
          whole = true;
          from = 0;
          break;
        }
        head = without(JSON.parse(`${line}]}`) as Record<string, unknown>, list);
        continue;
      }
      if (!line) continue;
      group.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as E);
      if (group.length === groupSize) {
        await onGroup(group, head);
        group = [];
      }
    }
    text = text.slice(from);
  }
  text += decoder.decode();
  if (head === null || whole) return handWhole(JSON.parse(text) as Record<string, unknown>, list, groupSize, onGroup);
  // What is left is the last line: `],"removed":[…],…}`.
  const tail = without(JSON.parse(`{"_":[${text}`) as Record<string, unknown>, '_');
  return { fields: { ...head, ...tail }, rest: group };
}

function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/** A page read whole, handed on in the same groups. */
async function handWhole<E>(
  page: Record<string, unknown>,
  list: string,
  groupSize: number,
  onGroup: (entries: E[], head: Record<string, unknown>) => Promise<void>,
): Promise<ReadPage<E>> {
  const { [list]: entries, ...fields } = page;
  if (page.success !== true || !Array.isArray(entries)) {
    throw new ApiError(typeof page.message === 'string' && page.message ? page.message : UNKNOWN_ERROR_MESSAGE, 500, page);
  }
  const all = entries as E[];
  const whole = all.length - (all.length % groupSize);
  for (let from = 0; from < whole; from += groupSize) await onGroup(all.slice(from, from + groupSize), fields);
  return { fields, rest: all.slice(whole) };
}
