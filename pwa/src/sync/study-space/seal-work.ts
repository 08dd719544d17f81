// The sealing and opening of study records, as one call over many: run in the study worker
// (seal.worker.ts), off the page's thread, or in-process where there are no workers (seal-client.ts).
// Each record is padded, JSON-encoded, encrypted and base64-encoded or the reverse; for the 4,000
// records of a link that JavaScript work took the page's longest tasks on a slow phone. The
// records' WebCrypto calls run AT_ONCE side by side (one at a time, each waited for, a link spent
// most of its time waiting). Records to seal are read from the device database here too
// (IndexedDB works in a worker, db/worker-idb.ts): reading a link's own 2,000 took the page 0.7-1.1 s
// at 4x CPU. The study writes are sent from here too (op 'post'): a write of 500 sealed records
// is a body of about 220 KB, and encoding and handing it to fetch took the page's thread 50 ms a
// write at 4x CPU, a long task each; a send's sealed records stay here until their write takes
// them (op 'keep'), so they never cross to the page and back. Imports contracts and plain
// IndexedDB only (and a type of lib/api.ts, whose answer the page makes of the outcome), so the
// worker's bundle is small.
import { deriveSpaceKeys, openRecord, opaqueIdOf, sealRecord, type SpaceKeys } from '@fw/contracts/study-seal';
import type { SealedRecord } from '@fw/contracts/study-space';
import { getMany } from '../../db/worker-idb.ts';
import type { Answered } from '../../lib/api.ts';

/** Records whose WebCrypto calls run side by side. */
export const AT_ONCE = 50;

/** A record to seal: without `value`, its tombstone (only its opaque id goes). */
interface ToSeal {
  kind: string;
  id: string;
  value?: unknown;
}

/**
 * A record to seal as the device's database holds it when sealed (a tombstone when it is gone): read
 * by the worker itself, so the page's thread never copies the records out of IndexedDB.
 */
interface ToSealStored {
  kind: string;
  id: string;
  /** The device table that holds records of this kind (sync/study-space/study-records.ts). */
  table: string;
}

/** A change of the space to open: `deleted` (or no data) opens to undefined, one that does not open to null. */
interface ToOpen {
  rid: string;
  data?: string;
  deleted?: true;
}

export interface OpenedRecord {
  kind: string;
  id: string;
  value: unknown;
}

/**
 * A JSON POST of the study API, made as lib/api.ts makes one (the study calls need no sign-in):
 * its body given, or records this thread sealed and kept (op 'keep'), sent as `{ records }`.
 */
interface ToPost {
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  kept?: { name: string; rids: string[] };
  timeoutMs: number;
}

/**
 * Its outcome, and the worker's own time on it (`workMs`: encoding the body, handing it over and
 * reading the answer; not the wait for the server, which is no work of this thread). Kept records
 * that were not taken come back (`sealed`), for the outbox to send again as they went; taken ones
 * are let go.
 */
export type Posted = Answered & { workMs: number; sealed?: SealedRecord[] };

/** What the page learns of a record sealed and kept here: its opaque id and the size of its sealed text. */
export interface KeptSeal {
  rid: string;
  size: number;
}

/** The sealed text's length a write counts (STUDY_LIMITS.WRITE_MAX_CHARS); a tombstone has none. */
export const sealedSize = (record: SealedRecord) => ('data' in record ? record.data.length : 0);

export type SealWork =
  | { op: 'post'; key?: undefined; items: []; post: ToPost }
  | { op: 'seal'; key: Uint8Array; items: ToSealStored[]; snapshot?: string }
  | { op: 'keep'; key: Uint8Array; items: ToSealStored[]; snapshot?: string; name: string }
  | { op: 'hold'; key: Uint8Array; items: ToSealStored[]; snapshot: string }
  // Lets go of what 'hold' read and 'keep' kept under that name.
  | { op: 'drop'; key: Uint8Array; items: []; snapshot: string }
  | { op: 'open'; key: Uint8Array; items: ToOpen[] }
  | { op: 'rids'; key: Uint8Array; items: { kind: string; id: string }[] };

export interface SealAnswers {
  post: Posted;
  seal: SealedRecord[];
  keep: KeptSeal[];
  hold: [];
  drop: [];
  open: (OpenedRecord | null | undefined)[];
  rids: string[];
}

const derived = new Map<string, Promise<SpaceKeys>>();

/** The keys of a space key, derived once per thread (the page's through space-state.ts keysOf, and the worker's). */
export function keysFor(key: Uint8Array): Promise<SpaceKeys> {
  const name = Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('');
  let keys = derived.get(name);
  if (!keys) derived.set(name, (keys = deriveSpaceKeys(key)));
  return keys;
}

/** A record as it travels: without what each device works out for itself (a highlight's "no longer in the article"). */
function travelling(value: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  delete copy.orphan;
  return copy;
}

/** The stored values of `items` (undefined for one not held), a table at a time (db/worker-idb.ts). */
async function readStored(items: ToSealStored[]): Promise<unknown[]> {
  const tables = [...new Set(items.map((item) => item.table))];
  const found = await Promise.all(
    tables.map(async (table) => {
      const ids = items.filter((item) => item.table === table).map((item) => item.id);
      const values = await getMany<unknown>(table, ids);
      return new Map(ids.map((id, n) => [id, values[n]]));
    }),
  );
  const byTable = new Map(tables.map((table, n) => [table, found[n]!]));
  return items.map(({ table, id }) => byTable.get(table)!.get(id));
}

/**
 * Records read ahead (op 'hold'), by snapshot name: a link reads the device's own at once, before
 * its merge's write transaction would make a read wait for it, and seals them from here.
 */
const snapshots = new Map<string, Promise<Map<string, unknown>>>();
const snapshotKey = (table: string, id: string) => `${table}\u0000${id}`;

/** The values of `items` as the snapshot holds them, the rest read now. */
async function valuesOf(items: ToSealStored[], snapshot: string | undefined): Promise<unknown[]> {
  const held = snapshot === undefined ? undefined : await snapshots.get(snapshot)?.catch(() => undefined);
  const missing = held ? items.filter(({ table, id }) => !held.has(snapshotKey(table, id))) : items;
  const read = missing.length ? await readStored(missing) : [];
  const fresh = new Map(missing.map(({ table, id }, n) => [snapshotKey(table, id), read[n]]));
  return items.map(({ table, id }) => {
    const name = snapshotKey(table, id);
    return fresh.has(name) ? fresh.get(name) : held!.get(name);
  });
}

/**
 * Records sealed and kept here (op 'keep'), by the name of their send, then by opaque id: a link's
 * writes of 500 are about 220 KB of sealed text each, which crossed to the page and back to be
 * sent, taking in and handing over a long task of the page's each time at 4x CPU. The page
 * learns each record's id and size; 'post' takes them from here, and 'drop' lets the rest go.
 */
const kept = new Map<string, Map<string, SealedRecord>>();

/** The body of a post: as given, or its kept records (an Error when one is gone: the send was dropped). */
function bodyOf({ body, kept: from }: ToPost): unknown {
  if (!from) return body;
  const held = kept.get(from.name);
  return {
    records: from.rids.map((rid) => {
      const record = held?.get(rid);
      if (!record) throw new Error(`study worker: no sealed record ${rid} kept for ${from.name}`);
      return record;
    }),
  };
}

async function inGroups<T, R>(items: T[], each: (item: T) => Promise<R>, between?: () => Promise<void>): Promise<R[]> {
  const out: R[] = [];
  for (let from = 0; from < items.length; from += AT_ONCE) {
    if (between) await between();
    out.push(...(await Promise.all(items.slice(from, from + AT_ONCE).map(each))));
  }
  return out;
}

async function opened(keys: SpaceKeys, change: ToOpen): Promise<OpenedRecord | null | undefined> {
  if (change.deleted || change.data === undefined) return undefined;
  try {
    return await openRecord(keys, change.rid, change.data);
  } catch {
    return null;
  }
}

async function post(toPost: ToPost): Promise<Posted> {
  const posted = await answerOf(toPost);
  if (!toPost.kept) return posted;
  const held = kept.get(toPost.kept.name);
  // Taken as lib/api.ts resultOf takes an answer: anything else leaves the write to the outbox.
  const taken = !('unanswered' in posted) && posted.ok && posted.body !== null && posted.body.success !== false;
  if (!taken) return { ...posted, sealed: toPost.kept.rids.map((rid) => held!.get(rid)!) };
  for (const rid of toPost.kept.rids) held?.delete(rid);
  return posted;
}

async function answerOf(toPost: ToPost): Promise<Posted> {
  const { path, headers, timeoutMs } = toPost;
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const answering = fetch(path, {
    method: 'POST',
    headers: { ...headers, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(bodyOf(toPost)),
    signal: timeout,
    cache: 'no-store',
  });
  let workMs = performance.now() - started;
  let response: Response;
  let text: string;
  try {
    response = await answering;
    text = await response.text();
  } catch {
    return { unanswered: true, timedOut: timeout.aborted, workMs };
  }
  const reading = performance.now();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the page makes it an error as api() does.
  }
  workMs += performance.now() - reading;
  return { status: response.status, ok: response.ok, body: json, retryAfter: response.headers.get('Retry-After'), workMs };
}

/**
 * Does one call's work. `between` runs before each group of AT_ONCE (in-process, it gives the
 * page its turn).
 */
export async function doSealWork<W extends SealWork>(work: W, between?: () => Promise<void>): Promise<SealAnswers[W['op']]> {
  if (work.op === 'post') return (await post(work.post)) as SealAnswers[W['op']];
  const keys = await keysFor(work.key);
  const seal = async ({ kind, id, value }: ToSeal): Promise<SealedRecord> =>
    value === undefined ? { rid: await opaqueIdOf(keys, kind, id), deleted: true } : sealRecord(keys, { kind, id, value });
  switch (work.op) {
    case 'hold': {
      const { items } = work;
      const reading = readStored(items).then((values) => new Map(items.map(({ table, id }, n) => [snapshotKey(table, id), values[n]])));
      snapshots.set(work.snapshot, reading);
      await reading;
      return [] as SealAnswers[W['op']];
    }
    case 'drop':
      snapshots.delete(work.snapshot);
      kept.delete(work.snapshot);
      return [] as SealAnswers[W['op']];
    case 'seal':
    case 'keep': {
      const values = await valuesOf(work.items, work.snapshot);
      const items = work.items.map(({ kind, id }, n): ToSeal => {
        const value = values[n];
        return typeof value === 'object' && value !== null ? { kind, id, value: travelling(value) } : { kind, id };
      });
      const sealed = await inGroups(items, seal, between);
      if (work.op === 'seal') return sealed as SealAnswers[W['op']];
      let held = kept.get(work.name);
      if (!held) kept.set(work.name, (held = new Map()));
      for (const record of sealed) held.set(record.rid, record);
      return sealed.map((record): KeptSeal => ({ rid: record.rid, size: sealedSize(record) })) as SealAnswers[W['op']];
    }
    case 'open':
      return (await inGroups(work.items, (change) => opened(keys, change), between)) as SealAnswers[W['op']];
    case 'rids':
      return (await inGroups(work.items, ({ kind, id }) => opaqueIdOf(keys, kind, id), between)) as SealAnswers[W['op']];
  }
}
