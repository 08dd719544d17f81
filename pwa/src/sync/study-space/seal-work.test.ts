// The study worker's sealing reads the records from the device database itself (seal-work.ts): a
// run of ids is read as one key range, scattered ids one by one, and a record that is gone goes as
// its tombstone. What it seals opens to the record as stored, without what the device works out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, type Highlight } from '../../db/db.ts';
import { resetDevices } from '../../../test/devices.ts';
import { ApiError, resultOf } from '../../lib/api.ts';
import { doSealWork } from './seal-work.ts';
import { newSpaceKey } from './space-words.ts';

const FIRST = 0x64f000000000000000000000n;
const idOf = (n: number) => (FIRST + BigInt(n)).toString(16);
const numberOf = (id: string) => Number(BigInt(`0x${id}`) - FIRST);
/** The record as it travels: what the device works out for itself (its orphan mark) stays behind. */
const travelling = (n: number): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...highlight(n) };
  delete copy.orphan;
  return copy;
};
const highlight = (n: number): Highlight => ({
  _id: idOf(n),
  articleId: '64f0000000000000000000a1',
  articleTitle: 'Love is patient',
  color: 'green',
  quote: { exact: `words ${n}`, prefix: '', suffix: '', start: n },
  note: n % 2 ? `note ${n}` : '',
  createdAt: n,
  updatedAt: n,
  ...(n % 3 === 0 ? { orphan: 1 as const } : {}),
});

afterEach(() => {
  vi.unstubAllGlobals();
  return resetDevices();
});

async function sealAndOpen(ids: string[]) {
  const key = newSpaceKey();
  const sealed = await doSealWork({
    op: 'seal',
    key,
    items: ids.map((id) => ({ kind: 'highlight', id, table: db.highlights.name })),
  });
  const opened = await doSealWork({ op: 'open', key, items: sealed });
  return { sealed, opened };
}

describe('sealing what the device database holds', () => {
  it('seals a run of records read as one range, each as stored but for its orphan mark', async () => {
    await db.highlights.bulkPut(Array.from({ length: 40 }, (_, n) => highlight(n)));
    const ids = Array.from({ length: 30 }, (_, n) => idOf(n + 5)).reverse();
    const { opened } = await sealAndOpen(ids);
    expect(opened.map((record) => record?.id)).toEqual(ids);
    expect(opened).toEqual(ids.map((id) => ({ kind: 'highlight', id, value: travelling(numberOf(id)) })));
    expect(opened.filter((record) => 'orphan' in (record!.value as object))).toEqual([]);
  });

  it('seals a record gone from a run read as one range as its tombstone', async () => {
    const ids = Array.from({ length: 30 }, (_, n) => idOf(n));
    await db.highlights.bulkPut(ids.map((_, n) => highlight(n)).filter((_, n) => n !== 12));
    const { sealed, opened } = await sealAndOpen(ids);
    expect(sealed[12]).toEqual({ rid: expect.any(String), deleted: true });
    expect(opened.filter((record) => record === undefined)).toHaveLength(1);
    expect(opened[13]).toEqual({ kind: 'highlight', id: ids[13], value: travelling(13) });
  });

  it('reads scattered records one by one among many others, and seals one that is gone as its tombstone', async () => {
    await db.highlights.bulkPut(Array.from({ length: 200 }, (_, n) => highlight(n)));
    const gone = idOf(500);
    const ids = [idOf(3), idOf(150), gone, idOf(199)];
    const { sealed, opened } = await sealAndOpen(ids);
    expect(sealed[2]).toEqual({ rid: expect.any(String), deleted: true });
    expect(opened[2]).toBeUndefined();
    for (const n of [0, 1, 3]) expect(opened[n]).toEqual({ kind: 'highlight', id: ids[n], value: travelling(numberOf(ids[n]!)) });
  });

  it('seals from a snapshot read ahead, and reads afresh what it lacks and everything once it is dropped', async () => {
    await db.highlights.bulkPut([highlight(1), highlight(2)]);
    const key = newSpaceKey();
    const item = (n: number) => ({ kind: 'highlight', id: idOf(n), table: db.highlights.name });
    await doSealWork({ op: 'hold', key, snapshot: 's', items: [item(1)] });
    // Changed after the snapshot was read: the snapshot's copy goes; one it lacks is read now.
    await db.highlights.bulkPut([{ ...highlight(1), note: 'changed' }, { ...highlight(2), note: 'changed' }]);
    const open = async (snapshot?: string) => {
      const sealed = await doSealWork({ op: 'seal', key, items: [item(1), item(2)], ...(snapshot ? { snapshot } : {}) });
      return (await doSealWork({ op: 'open', key, items: sealed })).map((record) => (record!.value as Highlight).note);
    };
    expect(await open('s')).toEqual([travelling(1).note, 'changed']);
    await doSealWork({ op: 'drop', key, snapshot: 's', items: [] });
    expect(await open('s')).toEqual(['changed', 'changed']);
  });
});

describe('a study write sent from the worker', () => {
  const post = { path: '/api/study/spaces/s/records', headers: { 'Idempotency-Key': 'op-1' }, body: { records: [{ rid: 'r', deleted: true }] }, timeoutMs: 1_000 };

  it('sends the body as JSON with its headers, and the page takes the answer as api() would', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ success: true, cursor: 7 }), { status: 200 });
    });
    const posted = await doSealWork({ op: 'post', items: [], post });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(post.path);
    expect(sent[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual(post.body);
    expect(sent[0]!.init.headers).toMatchObject({ 'Idempotency-Key': 'op-1', 'Content-Type': 'application/json' });
    expect(posted.workMs).toBeGreaterThanOrEqual(0);
    expect(resultOf(posted).data).toEqual({ success: true, cursor: 7 });
  });

  it('gives a refusal the server\'s message, code and Retry-After, and no answer the network error', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ success: false, code: 'SPACE_FULL', message: 'Your sync space is full.' }), { status: 413, headers: { 'Retry-After': '5' } }),
    );
    const refused = await doSealWork({ op: 'post', items: [], post });
    const error = (() => {
      try {
        resultOf(refused);
      } catch (caught) {
        return caught as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'Your sync space is full.', code: 'SPACE_FULL', retryAfterMs: 5_000 });

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const lost = await doSealWork({ op: 'post', items: [], post });
    expect(lost).toMatchObject({ unanswered: true, timedOut: false });
    expect(() => resultOf(lost)).toThrow(ApiError);
    try {
      resultOf(lost);
    } catch (caught) {
      expect((caught as ApiError).isNetwork).toBe(true);
    }
  });
});

describe('records sealed and kept in the worker for their writes', () => {
  const path = '/api/study/spaces/s/records';
  const postKept = (name: string, rids: string[]) =>
    doSealWork({ op: 'post', items: [], post: { path, headers: { 'Idempotency-Key': 'op-2' }, kept: { name, rids }, timeoutMs: 1_000 } });

  it('answers only ids and sizes, sends the kept records named, gives back those not taken and lets go of the rest when dropped', async () => {
    await db.highlights.bulkPut([highlight(1), highlight(2)]);
    const key = newSpaceKey();
    const items = [idOf(1), idOf(2), idOf(3)].map((id) => ({ kind: 'highlight', id, table: db.highlights.name }));
    const seals = await doSealWork({ op: 'keep', key, name: 'k', items });
    expect(seals).toEqual([
      { rid: expect.any(String), size: expect.any(Number) },
      { rid: expect.any(String), size: expect.any(Number) },
      // Gone from the device: its tombstone, with no sealed text.
      { rid: expect.any(String), size: 0 },
    ]);
    expect(seals[0]!.size).toBeGreaterThan(100);

    const bodies: { records: { rid: string; data?: string }[] }[] = [];
    let answer = new Response(JSON.stringify({ success: false, code: 'SPACE_FULL', message: 'Your sync space is full.' }), { status: 413 });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return answer;
    });
    const refused = await postKept('k', [seals[2]!.rid, seals[0]!.rid]);
    expect(bodies[0]!.records.map((record) => record.rid)).toEqual([seals[2]!.rid, seals[0]!.rid]);
    expect(bodies[0]!.records[0]).toEqual({ rid: seals[2]!.rid, deleted: true });
    expect(bodies[0]!.records[1]!.data).toHaveLength(seals[0]!.size);
    // Not taken: given back as they went, for the outbox to send again.
    expect(refused.sealed).toEqual(bodies[0]!.records);
    const opened = await doSealWork({ op: 'open', key, items: refused.sealed! });
    expect(opened).toEqual([undefined, { kind: 'highlight', id: idOf(1), value: travelling(1) }]);

    answer = new Response(JSON.stringify({ success: true, cursor: 3 }), { status: 200 });
    const taken = await postKept('k', [seals[0]!.rid, seals[1]!.rid]);
    expect(taken.sealed).toBeUndefined();
    expect(resultOf(taken).data).toEqual({ success: true, cursor: 3 });
    expect(bodies[1]!.records[0]).toEqual(bodies[0]!.records[1]);
    // A taken record is let go; the rest once the send is dropped.
    await expect(postKept('k', [seals[0]!.rid])).rejects.toThrow(/no sealed record/);
    await doSealWork({ op: 'drop', key, snapshot: 'k', items: [] });
    await expect(postKept('k', [seals[2]!.rid])).rejects.toThrow(/no sealed record/);
    expect(bodies).toHaveLength(2);
  });
});
