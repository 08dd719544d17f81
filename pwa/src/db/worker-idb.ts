// IndexedDB for the workers: the few reads and writes the Bible keeper and the image keeper need,
// on the device database db.ts declares, in plain IndexedDB: the workers then carry no copy of
// Dexie (about 33 KB gzip that every first visit would download into the precache). The stores
// are db.ts's `bibleBooks`, `bibleChapters`, `articles`, `worship` and `dailyTexts` (and `bodies`, for the
// image keeper in sync/images/, and the study tables, for the study worker in sync/study-space/);
// this module never creates or changes them.
const DB_NAME = 'family-bible-articles';

let opening: Promise<IDBDatabase> | null = null;

/** The database as the app made it; refused (never created here) when the app has not yet. */
function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => reject(request.error ?? new Error('The device database is not ready.'));
    request.onsuccess = () => {
      const db = request.result;
      // A newer app version upgrading the database: step aside, open again on next use.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The write was cancelled.'));
  });

export async function getAll<T>(store: string): Promise<T[]> {
  const tx = (await database()).transaction(store, 'readonly');
  const request = tx.objectStore(store).getAll();
  await done(tx);
  return request.result as T[];
}

/** Every key of a store (no values read). */
export async function keysOf(store: string): Promise<string[]> {
  const tx = (await database()).transaction(store, 'readonly');
  const request = tx.objectStore(store).getAllKeys();
  await done(tx);
  return request.result as string[];
}

/** Keys from which getMany first counts their key range: for fewer, the reads one apiece are few. */
const RANGE_FROM_KEYS = 20;

const answer = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * Records by key, `undefined` where there is none (one transaction). Where many keys' range holds
 * few others (at most as many again: a device's own study records lie together), the range is read
 * in one request instead of one a key.
 */
export async function getMany<T>(store: string, keys: string[]): Promise<(T | undefined)[]> {
  const tx = (await database()).transaction(store, 'readonly');
  const objects = tx.objectStore(store);
  if (keys.length >= RANGE_FROM_KEYS) {
    const sorted = [...keys].sort();
    const range = IDBKeyRange.bound(sorted[0]!, sorted.at(-1)!);
    if ((await answer(objects.count(range))) <= 2 * keys.length) {
      const [found, values] = await Promise.all([answer(objects.getAllKeys(range)), answer(objects.getAll(range))]);
      const byKey = new Map(found.map((key, n) => [key, values[n] as T]));
      return keys.map((key) => byKey.get(key));
    }
  }
  const requests = keys.map((key) => objects.get(key));
  await done(tx);
  return requests.map((request) => request.result as T | undefined);
}

/** Writes every record, or none (one transaction). */
export async function putAll(store: string, records: unknown[]): Promise<void> {
  const tx = (await database()).transaction(store, 'readwrite');
  for (const record of records) tx.objectStore(store).put(record);
  await done(tx);
}
