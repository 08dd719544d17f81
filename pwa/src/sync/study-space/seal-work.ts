// The sealing and opening of study records, as one call over many: run in the study worker
// (seal.worker.ts), off the page's thread, or in-process where there are no workers (seal-client.ts).
// Each record is padded, JSON-encoded, encrypted and base64-encoded or the reverse; for the 4,000
// records of a link that JavaScript work took the page's longest tasks on a slow phone. The
// records' WebCrypto calls run AT_ONCE side by side (one at a time, each waited for, a link spent
// most of its time waiting). Records to seal are read from the device database here too
// (IndexedDB works in a worker): reading a link's own 2,000 took the page 0.7-1.1 s at 4x CPU.
// Imports contracts only, so the worker's bundle is small.
import { deriveSpaceKeys, openRecord, opaqueIdOf, sealRecord, type SpaceKeys } from '@fw/contracts/study-seal';
import type { SealedRecord } from '@fw/contracts/study-space';

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

export type SealWork =
  | { op: 'seal'; key: Uint8Array; database: string; items: ToSealStored[] }
  | { op: 'open'; key: Uint8Array; items: ToOpen[] }
  | { op: 'rids'; key: Uint8Array; items: { kind: string; id: string }[] };

export interface SealAnswers {
  seal: SealedRecord[];
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

const connections = new Map<string, Promise<IDBDatabase>>();

/**
 * The device database `name`, opened once a thread and kept open: it is closed and forgotten when
 * the app upgrades it (or a test deletes it). It is never made here: a name that does not exist
 * yet fails to open.
 */
function stored(name: string): Promise<IDBDatabase> {
  let open = connections.get(name);
  if (!open) {
    open = new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => {
        const database = request.result;
        database.onversionchange = () => {
          database.close();
          connections.delete(name);
        };
        resolve(database);
      };
      request.onerror = () => {
        connections.delete(name);
        reject(request.error ?? new Error(`the device database ${name} did not open`));
      };
    });
    connections.set(name, open);
  }
  return open;
}

/** A request's result, as a promise. */
const answer = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The stored values of `ids` in one table (undefined for one not held). Where the ids' key range
 * holds few others (a link's own records lie together), the range is read in one request; else
 * each id is read, one request apiece.
 */
async function readTable(store: IDBObjectStore, ids: string[]): Promise<Map<string, unknown>> {
  const sorted = [...ids].sort();
  const range = IDBKeyRange.bound(sorted[0]!, sorted.at(-1)!);
  const byId = new Map<string, unknown>();
  if ((await answer(store.count(range))) <= 2 * ids.length) {
    const wanted = new Set(ids);
    for (const value of await answer(store.getAll(range))) {
      const id = (value as { _id?: unknown })._id;
      if (typeof id === 'string' && wanted.has(id)) byId.set(id, value);
    }
    return byId;
  }
  const values = await Promise.all(ids.map((id) => answer(store.get(id))));
  ids.forEach((id, n) => byId.set(id, values[n]));
  return byId;
}

/** The stored values of `items` (undefined for one not held), in one read-only transaction. */
async function readStored(database: string, items: ToSealStored[]): Promise<unknown[]> {
  if (items.length === 0) return [];
  const connection = await stored(database);
  const tables = [...new Set(items.map((item) => item.table))];
  const transaction = connection.transaction(tables, 'readonly');
  const found = await Promise.all(
    tables.map((table) => readTable(transaction.objectStore(table), items.filter((item) => item.table === table).map((item) => item.id))),
  );
  const byTable = new Map(tables.map((table, n) => [table, found[n]!]));
  return items.map(({ table, id }) => byTable.get(table)!.get(id));
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

/**
 * Does one call's work. `between` runs before each group of AT_ONCE (in-process, it gives the
 * page its turn).
 */
export async function doSealWork<W extends SealWork>(work: W, between?: () => Promise<void>): Promise<SealAnswers[W['op']]> {
  const keys = await keysFor(work.key);
  const seal = async ({ kind, id, value }: ToSeal): Promise<SealedRecord> =>
    value === undefined ? { rid: await opaqueIdOf(keys, kind, id), deleted: true } : sealRecord(keys, { kind, id, value });
  switch (work.op) {
    case 'seal': {
      const values = await readStored(work.database, work.items);
      const items = work.items.map(({ kind, id }, n): ToSeal => {
        const value = values[n];
        return typeof value === 'object' && value !== null ? { kind, id, value: travelling(value) } : { kind, id };
      });
      return (await inGroups(items, seal, between)) as SealAnswers[W['op']];
    }
    case 'open':
      return (await inGroups(work.items, (change) => opened(keys, change), between)) as SealAnswers[W['op']];
    case 'rids':
      return (await inGroups(work.items, ({ kind, id }) => opaqueIdOf(keys, kind, id), between)) as SealAnswers[W['op']];
  }
}
