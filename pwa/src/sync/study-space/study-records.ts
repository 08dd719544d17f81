// The study records a sync space carries, by kind: the device table each lives in and the time
// that decides which of two copies is newer (the backup's merge rule, features/study/backup.ts).
// Preferences stay in this browser's localStorage and are not synced.
import { db, readInPages, type StudyKind, type Table } from '../../db/db.ts';

export interface StudyRecord {
  _id: string;
}

/** A study record the device holds, with its value. */
export interface HeldRecord {
  kind: StudyKind;
  id: string;
  value: StudyRecord;
}

interface KindSpec {
  table: () => Table<StudyRecord, string>;
  /** When this copy was last changed by the reader. */
  time: (value: Record<string, unknown>) => number;
}

/** The outbox kind of a study record's write (write-kinds/study.ts). */
export const STUDY_WRITE_KIND = 'study';

const updatedAt = (value: Record<string, unknown>) => Number(value.updatedAt) || 0;

export const STUDY_KINDS: Record<StudyKind, KindSpec> = {
  highlight: { table: () => db.highlights as unknown as Table<StudyRecord, string>, time: updatedAt },
  verseHighlight: { table: () => db.verseHighlights as unknown as Table<StudyRecord, string>, time: updatedAt },
  note: { table: () => db.notes as unknown as Table<StudyRecord, string>, time: updatedAt },
  // A bookmark changes only by being made again: the time it was saved.
  saved: { table: () => db.saved as unknown as Table<StudyRecord, string>, time: (value) => Number(value.savedAt) || 0 },
  reading: { table: () => db.reading as unknown as Table<StudyRecord, string>, time: updatedAt },
  planProgress: { table: () => db.planProgress as unknown as Table<StudyRecord, string>, time: updatedAt },
};

export const isStudyKind = (kind: unknown): kind is StudyKind => typeof kind === 'string' && Object.hasOwn(STUDY_KINDS, kind);

/** Every table a study record lives in, with the tombstones. */
export const studyTables = (): Table[] => [...Object.values(STUDY_KINDS).map((kind) => kind.table() as unknown as Table), db.tombstones];

/** The outbox's record id of a study record: kind and local id. */
export const studyRecordId = (kind: StudyKind, id: string) => `${kind}:${id}`;

/** A record as it travels: without what this device works out for itself (a highlight's "no longer in the article"). */
export function travelling(value: StudyRecord): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  delete copy.orphan;
  return copy;
}

/**
 * Records one IndexedDB call reads or writes at most: a call's requests are made, and its records
 * copied, in one task; a call with a thousand held a phone's page for a quarter of a second, and
 * one with a hundred highlights still about 50 ms at 4x CPU.
 */
const IDB_AT_ONCE = 50;

/** `step` over `items`, IDB_AT_ONCE at a time, one after another (inside a transaction, too). */
export async function inSteps<T>(items: T[], step: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < items.length; from += IDB_AT_ONCE) await step(items.slice(from, from + IDB_AT_ONCE));
}

/** Reads for `keys`, IDB_AT_ONCE at a time, in order. */
export async function readInSteps<K, R>(keys: K[], read: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  await inSteps(keys, async (part) => out.push(...(await read(part))));
  return out;
}

/** Past this many keys, a read first asks which of them the table holds. */
const KEYS_FIRST_AT = 100;

/**
 * The values of `keys` in `table` (undefined where it holds none), in order. Many keys: the
 * table's keys are read first (one request) and only those it holds are got, IDB_AT_ONCE a call:
 * a link reads thousands the device mostly does not hold, and IndexedDB makes a request of each.
 */
export async function getMany<T>(
  table: { bulkGet: (keys: string[]) => PromiseLike<(T | undefined)[]>; toCollection: () => { primaryKeys: () => PromiseLike<unknown[]> } },
  keys: string[],
): Promise<(T | undefined)[]> {
  if (keys.length < KEYS_FIRST_AT) return table.bulkGet(keys);
  const stored = new Set<unknown>(await table.toCollection().primaryKeys());
  const present = keys.filter((key) => stored.has(key));
  const values = await readInSteps(present, async (part) => table.bulkGet(part));
  const byKey = new Map(present.map((key, n) => [key, values[n]]));
  return keys.map((key) => byKey.get(key));
}

/**
 * The device's copies of `records`, by studyRecordId (undefined where it holds none), read a table
 * at a time: a link works on thousands, and one read each made it take minutes on a phone.
 */
export async function heldRecords(records: { kind: StudyKind; id: string }[]): Promise<Map<string, StudyRecord | undefined>> {
  const held = new Map<string, StudyRecord | undefined>();
  for (const kind of new Set(records.map((record) => record.kind))) {
    const ids = [...new Set(records.filter((record) => record.kind === kind).map((record) => record.id))];
    const values = await getMany(STUDY_KINDS[kind].table(), ids);
    ids.forEach((id, n) => held.set(studyRecordId(kind, id), values[n]));
  }
  return held;
}

/** Every study record the device holds with its value, read a page at a time (db.ts readInPages). */
export async function everyRecordHeld(): Promise<HeldRecord[]> {
  const all: HeldRecord[] = [];
  for (const kind of Object.keys(STUDY_KINDS) as StudyKind[]) {
    for (const value of await readInPages(STUDY_KINDS[kind].table())) all.push({ kind, id: value._id, value });
  }
  return all;
}

/** Every study record the device holds, by kind and id. */
export async function everyRecord(): Promise<{ kind: StudyKind; id: string }[]> {
  const all: { kind: StudyKind; id: string }[] = [];
  for (const kind of Object.keys(STUDY_KINDS) as StudyKind[]) {
    for (const id of await STUDY_KINDS[kind].table().toCollection().primaryKeys()) all.push({ kind, id });
  }
  return all;
}
