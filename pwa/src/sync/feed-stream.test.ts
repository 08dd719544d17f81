// A feed page read as it arrives (feed-stream.ts): the server's layout of one entry per line is
// handed on in groups before the page has all arrived; any other layout of the same JSON is read
// whole; an answer that is not a page is the API's usual error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../lib/api.ts';
import { readFeedPage } from './feed-stream.ts';

interface Entry {
  _id: string;
  text: string;
}

const entries = (count: number): Entry[] =>
  Array.from({ length: count }, (_, n) => ({ _id: String(n), text: `line ${n}, with "quotes",\nnewlines and ] brackets` }));

/** A page as the server writes it (contracts/src/sync.ts, "A page's layout"). */
const laidOut = (list: Entry[], cursor: string) =>
  `{"success":true,"reset":true,"total":${list.length},"articles":[\n` +
  `${list.length ? `${list.map((e) => JSON.stringify(e)).join(',\n')}\n` : ''}],"removed":["gone"],"cursor":"${cursor}","hasMore":true}`;

/** An answer whose bytes the test sends when it likes. */
function heldAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    send: (text: string) => {
      // Cut into small pieces, across lines and inside characters' bytes.
      const bytes = encoder.encode(text);
      for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7));
    },
    end: () => controller.close(),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a feed page read as it arrives', () => {
  it('hands on each group while the rest is still coming, with the first line’s fields first', async () => {
    const list = entries(120);
    const text = laidOut(list, '9');
    const answer = heldAnswer();
    vi.stubGlobal('fetch', async () => answer.response);
    const groups: Entry[][] = [];
    const heads: unknown[] = [];
    const reading = readFeedPage<Entry>('/api/sync/articles', 'articles', 50, async (group, head) => {
      groups.push(group);
      heads.push(head);
    });
    // All but the last line: both whole groups are handed on before the page has ended.
    const lastLine = text.lastIndexOf('\n');
    answer.send(text.slice(0, lastLine + 1));
    await vi.waitFor(() => expect(groups).toHaveLength(2));
    expect(groups.flat()).toEqual(list.slice(0, 100));
    expect(heads[0]).toEqual({ success: true, reset: true, total: 120 });
    answer.send(text.slice(lastLine + 1));
    answer.end();
    const page = await reading;
    expect(groups).toHaveLength(2);
    expect(page.rest).toEqual(list.slice(100));
    expect(page.fields).toEqual({ success: true, reset: true, total: 120, removed: ['gone'], cursor: '9', hasMore: true });
  });

  it('reads an empty page, and a page of whole groups with nothing left over', async () => {
    for (const count of [0, 100]) {
      const answer = heldAnswer();
      vi.stubGlobal('fetch', async () => answer.response);
      answer.send(laidOut(entries(count), 'c'));
      answer.end();
      const groups: Entry[][] = [];
      const page = await readFeedPage<Entry>('/feed', 'articles', 50, async (group) => void groups.push(group));
      expect(groups.flat()).toEqual(entries(count));
      expect(page.rest).toEqual([]);
      expect(page.fields.cursor).toBe('c');
    }
  });

  it('reads the same JSON laid out another way whole, in the same groups', async () => {
    const list = entries(120);
    const compact = JSON.stringify(JSON.parse(laidOut(list, '9')));
    vi.stubGlobal('fetch', async () => new Response(compact, { status: 200 }));
    const groups: Entry[][] = [];
    const page = await readFeedPage<Entry>('/feed', 'articles', 50, async (group) => void groups.push(group));
    expect(groups.map((g) => g.length)).toEqual([50, 50]);
    expect([...groups.flat(), ...page.rest]).toEqual(list);
    expect(page.fields).toEqual({ success: true, reset: true, total: 120, removed: ['gone'], cursor: '9', hasMore: true });
  });

  it('answers a refusal or an answer that is not a page with the API’s error, and writes nothing', async () => {
    const onGroup = vi.fn(async () => {});
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, message: 'Slow down.' }), { status: 429 }));
    await expect(readFeedPage('/feed', 'articles', 50, onGroup)).rejects.toMatchObject({ message: 'Slow down.', status: 429 });
    vi.stubGlobal('fetch', async () => new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 }));
    const error = await readFeedPage('/feed', 'articles', 50, onGroup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(onGroup).not.toHaveBeenCalled();
  });
});
