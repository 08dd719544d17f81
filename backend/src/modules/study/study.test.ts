// Study sync spaces against the real database: the server keeps only what it cannot read, a
// credential it does not know opens nothing and changes nothing, writes come back in number order
// with deletions kept, limits answer plainly (a full space is compacted before it refuses), a
// removed space is gone, and two instances serve one space.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spacePath, type SealedRecord, type SpaceChanges } from '@fw/contracts';
import { deriveSpaceKeys, openRecord, sealRecord, type PlainRecord, type SpaceKeys } from '@fw/contracts/study-seal';
import { runLongWindowMs, startTestApp, startTwoInstances, TEST_RATE_LIMITS, type TestApp } from '../../../test/harness.ts';
import { SPACE_MESSAGES } from './space-store.ts';

const ARTICLE = '65f0c0ffee0000000000abcd';
const highlight: PlainRecord = {
  kind: 'highlight',
  id: '65f0c0ffee00000000001234',
  value: { articleId: ARTICLE, color: 'green', note: 'Gentleness at the supper table', quote: { exact: 'a soft answer' } },
};
const note: PlainRecord = { kind: 'note', id: ARTICLE, value: { articleId: ARTICLE, text: 'Ask the children about Ruth tonight' } };

interface Device {
  keys: SpaceKeys;
  headers: Record<string, string>;
}

async function device(key: Uint8Array): Promise<Device> {
  const keys = await deriveSpaceKeys(key);
  return { keys, headers: { 'space-credential': keys.credential } };
}

async function write(app: TestApp, d: Device, records: SealedRecord[], key?: string) {
  const headers = key ? { ...d.headers, 'idempotency-key': key } : d.headers;
  return app.request<{ cursor: number; usage: { bytes: number; records: number }; code?: string; message?: string }>(
    'POST',
    spacePath(d.keys.spaceId, '/records'),
    { headers, body: { records } },
  );
}

async function changesAfter(app: TestApp, d: Device, after = 0, limit?: number) {
  const query = `?after=${after}${limit ? `&limit=${limit}` : ''}`;
  return app.request<SpaceChanges & { code?: string; message?: string }>('GET', `${spacePath(d.keys.spaceId, '/changes')}${query}`, { headers: d.headers });
}

/** Every document the space collections hold, as stored. */
async function stored(app: TestApp): Promise<string> {
  const names = ['study_spaces', 'study_changes'];
  const docs = await Promise.all(names.map((n) => app.connection.collection(n).find({}).toArray()));
  return JSON.stringify(docs);
}

describe('study sync spaces', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ studyQuota: { bytes: 6000, records: 8 } });
  });
  afterAll(() => app.close());

  it('keeps only sealed records: none of a note’s words, its article id or its colour is in the database', async () => {
    const key = crypto.randomBytes(32);
    const phone = await device(key);
    expect((await app.request('PUT', spacePath(phone.keys.spaceId), { headers: phone.headers })).status).toBe(200);
    const sealed = await Promise.all([sealRecord(phone.keys, highlight), sealRecord(phone.keys, note)]);
    const res = await write(app, phone, sealed, 'first-write-0001');
    expect(res.status).toBe(200);
    // One write, one number, whatever it holds.
    expect(res.body.cursor).toBe(1);

    const everything = await stored(app);
    for (const secret of ['Gentleness', 'supper', 'soft answer', 'Ruth', 'children', ARTICLE, highlight.id, 'green', 'highlight', phone.keys.credential]) {
      expect(everything).not.toContain(secret);
    }

    // Another device with the same words reads both back, and opens them.
    const laptop = await device(Uint8Array.from(key));
    const feed = await changesAfter(app, laptop);
    expect(feed.status).toBe(200);
    const opened = await Promise.all(feed.body.changes.map((c) => openRecord(laptop.keys, c.rid, c.data!)));
    expect(opened).toEqual([highlight, note]);
    expect(feed.body).toMatchObject({ cursor: 1, hasMore: false });
    expect(feed.body.changes.map((c) => c.seq)).toEqual([1, 1]);
  });

  it('answers a wrong credential, a missing one and an unknown space with the same 401, and changes nothing', async () => {
    const owner = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(owner.keys.spaceId), { headers: owner.headers });
    await write(app, owner, [await sealRecord(owner.keys, note)]);
    const before = await stored(app);

    const stranger = await device(crypto.randomBytes(32));
    const wrong = { keys: owner.keys, headers: stranger.headers };
    const missing = { keys: owner.keys, headers: {} };
    const answers = [
      await write(app, wrong, [await sealRecord(owner.keys, highlight)]),
      await write(app, missing, [await sealRecord(owner.keys, highlight)]),
      await changesAfter(app, wrong),
      await changesAfter(app, stranger),
      await app.request('DELETE', spacePath(owner.keys.spaceId), { headers: stranger.headers }),
      await app.request('PUT', spacePath(owner.keys.spaceId), { headers: stranger.headers }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, code: 'SPACE_LOCKED', message: SPACE_MESSAGES.LOCKED });
    }
    expect(await stored(app)).toBe(before);
  });

  it('pages whole writes, leaves out what a later write in the page replaced, and keeps a deletion as a tombstone', async () => {
    const d = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
    await write(app, d, [await sealRecord(d.keys, highlight), await sealRecord(d.keys, note)]);
    const recoloured = { ...highlight, value: { ...(highlight.value as object), color: 'blue' } };
    await write(app, d, [await sealRecord(d.keys, recoloured)]);
    const removed = await write(app, d, [{ rid: (await sealRecord(d.keys, note)).rid, deleted: true }]);
    expect(removed.body.cursor).toBe(3);

    // From the start, in one page: write 1's two records were replaced by writes 2 and 3.
    const all = await changesAfter(app, d);
    expect(all.body.changes.map((c) => [c.seq, c.deleted ?? false])).toEqual([[2, false], [3, true]]);
    expect(await openRecord(d.keys, all.body.changes[0]!.rid, all.body.changes[0]!.data!)).toEqual(recoloured);
    // A device that held write 2 gets only the tombstone; one that holds 3 gets nothing, in one small answer.
    expect((await changesAfter(app, d, 2)).body.changes.map((c) => c.seq)).toEqual([3]);
    const idle = await changesAfter(app, d, 3);
    expect(idle.body).toEqual({ success: true, changes: [], cursor: 3, hasMore: false });
    expect(JSON.stringify(idle.body).length).toBeLessThan(1024);
    // Pages hold whole writes, at least one: a limit of one record still gives write 1's two.
    const first = await changesAfter(app, d, 0, 1);
    expect(first.body).toMatchObject({ cursor: 1, hasMore: true });
    expect(first.body.changes).toHaveLength(2);
    expect((await changesAfter(app, d, 0, 3)).body).toMatchObject({ cursor: 2, hasMore: true });
  });

  it('keeps a write of many records as one change, read back in one page', async () => {
    const d = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sealRecord(d.keys, { kind: 'saved', id: `65f0c0ffee00000000000${String(i).padStart(3, '0')}`, value: { i } })),
    );
    const answer = await write(app, d, many);
    expect(answer.body).toMatchObject({ cursor: 1, usage: { records: 8 } });
    expect(await app.connection.collection('study_changes').countDocuments({ _id: `${d.keys.spaceId}#1` } as never)).toBe(1);
    const feed = await changesAfter(app, d);
    expect(feed.body.changes.map((c) => c.rid)).toEqual(many.map((r) => r.rid));
  });

  it('applies a write sent twice with one Idempotency-Key once', async () => {
    const d = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
    const records = [await sealRecord(d.keys, note)];
    const once = await write(app, d, records, 'same-key-0000001');
    const again = await write(app, d, records, 'same-key-0000001');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(once.body);
    expect((await changesAfter(app, d)).body.cursor).toBe(1);
  });

  it('refuses a write past the quota whole, saying so, and always takes a deletion', async () => {
    const d = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
    const big = (i: number): PlainRecord => ({ kind: 'note', id: `65f0c0ffee0000000000${String(i).padStart(4, '0')}`, value: { text: 'x'.repeat(1500) } });
    expect((await write(app, d, [await sealRecord(d.keys, big(1)), await sealRecord(d.keys, big(2))])).status).toBe(200);
    const before = await changesAfter(app, d);
    const full = await write(app, d, [await sealRecord(d.keys, note), await sealRecord(d.keys, big(3))]);
    expect(full.status).toBe(413);
    expect(full.body.code).toBe('SPACE_FULL');
    expect(full.body.message).toMatch(/^Your sync space is full: it holds 2 of 8 records and .* Nothing of this change was sent, and this device keeps everything\./);
    expect((await changesAfter(app, d)).body).toEqual(before.body);
    const rid = (await sealRecord(d.keys, big(1))).rid;
    expect((await write(app, d, [{ rid, deleted: true }])).status).toBe(200);
    // The space was compacted a moment ago: a write that would need it again is asked to come back.
    const soon = await write(app, d, [await sealRecord(d.keys, big(3))]);
    expect(soon.status).toBe(503);
    expect(soon.body).toMatchObject({ code: 'BUSY', message: SPACE_MESSAGES.TIDYING });
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    // A minute later the deletion has made room: the space is compacted (big(1)'s sealed copy
    // dropped, its tombstone kept), so the record fits and the usage is exact again.
    await app.connection.collection('study_spaces').updateOne({ _id: d.keys.spaceId } as never, { $unset: { compactedAt: '' } });
    const fits = await write(app, d, [await sealRecord(d.keys, big(3))]);
    expect(fits.status).toBe(200);
    expect(fits.body.usage.records).toBe(2);
    const feed = (await changesAfter(app, d)).body.changes;
    expect(feed.filter((c) => c.rid === rid)).toEqual([{ seq: 2, rid, deleted: true }]);
    expect(feed.filter((c) => c.data)).toHaveLength(2);
    const first = await app.connection.collection<{ _id: string; packed: string }>('study_changes').findOne({ _id: `${d.keys.spaceId}#1` });
    expect((JSON.parse(first!.packed) as SealedRecord[]).map((item) => item.rid)).toEqual([(await sealRecord(d.keys, big(2))).rid]);
  });

  it('reads the writes of the earlier layouts beside the packed ones', async () => {
    const d = await device(crypto.randomBytes(32));
    expect((await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers })).status).toBe(200);
    const [a, b, c] = await Promise.all([sealRecord(d.keys, highlight), sealRecord(d.keys, note), sealRecord(d.keys, { kind: 'note', id: '65f0c0ffee00000000009999', value: { text: 'A third, written packed.' } })]);
    const changes = app.connection.collection<Record<string, unknown>>('study_changes');
    // Written before `packed`: the items as an array, and earlier still one record a change.
    await changes.insertOne({ _id: `${d.keys.spaceId}#1`, items: [a], bytes: a.data.length, total: { bytes: a.data.length, records: 1 } } as never);
    await changes.insertOne({ _id: `${d.keys.spaceId}#2`, rid: b.rid, data: b.data, bytes: b.data.length, total: { bytes: a.data.length + b.data.length, records: 2 } } as never);
    const res = await write(app, d, [c]);
    expect(res.status).toBe(200);
    expect(res.body.cursor).toBe(3);
    expect(res.body.usage.records).toBe(3);
    expect((await changesAfter(app, d)).body.changes).toEqual([
      { seq: 1, rid: a.rid, data: a.data },
      { seq: 2, rid: b.rid, data: b.data },
      { seq: 3, rid: c.rid, data: c.data },
    ]);
  });

  it('refuses bad input plainly: a malformed space id, record id or page', async () => {
    const d = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
    const badRecord = await write(app, d, [{ rid: 'short', data: 'abc' }]);
    expect(badRecord.status).toBe(400);
    expect(badRecord.body.code).toBe('INVALID_INPUT');
    const badPage = await changesAfter(app, d, -1);
    expect(badPage.status).toBe(400);
    const badSpace = await app.request('GET', '/api/study/spaces/not-a-space/changes', { headers: d.headers });
    expect(badSpace.status).toBe(400);
  });

  it('removes a space for every device: its words answer 410 with a clear message, and its data is deleted', async () => {
    const d = await device(crypto.randomBytes(32));
    await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
    await write(app, d, [await sealRecord(d.keys, highlight), await sealRecord(d.keys, note)]);
    const removed = await app.request('DELETE', spacePath(d.keys.spaceId), { headers: d.headers });
    expect(removed.status).toBe(200);
    const after = await changesAfter(app, d);
    expect(after.status).toBe(410);
    expect(after.body).toEqual({ success: false, code: 'SPACE_REMOVED', message: SPACE_MESSAGES.REMOVED });
    // The purge runs after the answer: the space's changes and records go, by `_id`.
    const left = () => app.connection.collection('study_changes').countDocuments({ _id: { $regex: `^${d.keys.spaceId}#` } } as never);
    await expect.poll(left, { timeout: 10_000 }).toBe(0);
    // Only the mark stays, so a device that comes back after the purge is still told so.
    const later = await changesAfter(app, d);
    expect(later.status).toBe(410);
    expect(later.body).toEqual({ success: false, code: 'SPACE_REMOVED', message: SPACE_MESSAGES.REMOVED });
  });
});

describe('study sync limits and instances', () => {
  it('limits new spaces per address with a message a person can act on', async () => {
    const app = await startTestApp({ rateLimits: { ...TEST_RATE_LIMITS, spaceCreate: { limit: 2, windowMs: runLongWindowMs() } } });
    try {
      const codes: number[] = [];
      let last: { message?: string } = {};
      for (let i = 0; i < 3; i++) {
        const d = await device(crypto.randomBytes(32));
        const res = await app.request<{ message?: string }>('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
        codes.push(res.status);
        last = res.body;
      }
      expect(codes).toEqual([200, 200, 429]);
      expect(last.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    } finally {
      await app.close();
    }
  });

  it('limits writes per space with a message a person can act on, and a refused write changes nothing', async () => {
    const app = await startTestApp({ rateLimits: { ...TEST_RATE_LIMITS, spaceWrite: { limit: 2, windowMs: runLongWindowMs() } } });
    try {
      const d = await device(crypto.randomBytes(32));
      await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
      const record = (i: number): PlainRecord => ({ kind: 'note', id: `65f0c0ffee0000000000${String(i).padStart(4, '0')}`, value: { text: `note ${i}` } });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await write(app, d, [await sealRecord(d.keys, record(i))]));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]!.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await changesAfter(app, d)).body).toMatchObject({ cursor: 2, hasMore: false });
    } finally {
      await app.close();
    }
  });

  it('serves one space from two instances: writes at once through both take distinct numbers, and each reads all', async () => {
    const [a, b] = await startTwoInstances();
    try {
      const key = crypto.randomBytes(32);
      const phone = await device(key);
      const laptop = await device(Uint8Array.from(key));
      await a.request('PUT', spacePath(phone.keys.spaceId), { headers: phone.headers });
      const record = (i: number): PlainRecord => ({ kind: 'note', id: `65f0c0ffee0000000000${String(i).padStart(4, '0')}`, value: { text: `note ${i}` } });
      const writes = [];
      for (let i = 0; i < 12; i++) {
        const [app, d] = i % 2 ? [b, laptop] : [a, phone];
        writes.push(sealRecord(d.keys, record(i)).then((sealed) => write(app, d, [sealed])));
      }
      const answers = await Promise.all(writes);
      expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
      for (const app of [a, b]) {
        const feed = await changesAfter(app, phone);
        expect(feed.body.changes.map((c) => c.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
        const texts = await Promise.all(feed.body.changes.map(async (c) => ((await openRecord(phone.keys, c.rid, c.data!)).value as { text: string }).text));
        expect(texts.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `note ${i}`).sort());
      }
      const last = await write(a, phone, [await sealRecord(phone.keys, record(99))]);
      expect(last.body.usage.records).toBe(13);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("the operator's command for unused spaces", () => {
  const command = path.resolve(import.meta.dirname, '../../study-spaces.ts');
  const run = (uri: string, ...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', command, ...args], { env: { ...process.env, MONGODB_URI: uri } });

  it('lists the spaces unused for the given days, removes only those and only with --remove, and their devices are told', async () => {
    const app = await startTestApp();
    try {
      const [old, recent] = await Promise.all([device(crypto.randomBytes(32)), device(crypto.randomBytes(32))]);
      for (const d of [old, recent]) {
        await app.request('PUT', spacePath(d.keys.spaceId), { headers: d.headers });
        await write(app, d, [await sealRecord(d.keys, note)]);
      }
      const longAgo = new Date(Date.now() - 400 * 24 * 3600_000);
      await app.connection.collection('study_spaces').updateOne({ _id: old.keys.spaceId } as never, { $set: { usedAt: longAgo } });

      const listed = await run(app.config.mongoUri, '--days=365');
      expect(listed.stdout).toContain('1 sync space not written to for 365 days or more.');
      expect(listed.stdout).toContain(`${old.keys.spaceId.slice(0, 8)}…`);
      expect(listed.stdout).not.toContain(recent.keys.spaceId.slice(0, 8));
      expect(listed.stdout).toContain('Nothing was removed.');
      expect((await changesAfter(app, old)).status).toBe(200);

      const removed = await run(app.config.mongoUri, '--days=365', '--remove');
      expect(removed.stdout).toContain('Removed 1;');
      const told = await changesAfter(app, old);
      expect(told.status).toBe(410);
      expect(told.body.message).toBe(SPACE_MESSAGES.REMOVED);
      expect((await changesAfter(app, recent)).status).toBe(200);
      await expect(run(app.config.mongoUri, '--days=none')).rejects.toThrow(/--days must be a whole number of days/);
    } finally {
      await app.close();
    }
  }, 60_000);
});
