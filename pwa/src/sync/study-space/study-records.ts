// The study records a sync space carries, by kind: the device table each lives in and the time
// that decides which of two copies is newer (the backup's merge rule, features/study/backup.ts).
// Preferences stay in this browser's localStorage and are not synced.
import { db, getMany, readInPages, readInSteps, type StudyKind, type Table } from '../../db/db.ts';

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

/**
 * Every study record the device holds with its value, read a page at a time (db.ts readInPages);
 * with `skip`, but those it names (by studyRecordId), which are then not read at all: a link leaves
 * out the thousands it has just taken from the space.
 */
export async function everyRecordHeld(skip?: ReadonlySet<string>): Promise<HeldRecord[]> {
  const all: HeldRecord[] = [];
  for (const kind of Object.keys(STUDY_KINDS) as StudyKind[]) {
    const table = STUDY_KINDS[kind].table();
    if (!skip?.size) {
      for (const value of await readInPages(table)) all.push({ kind, id: value._id, value });
      continue;
    }
    const ids = (await table.toCollection().primaryKeys()).filter((id) => !skip.has(studyRecordId(kind, id)));
    const values = await readInSteps(ids, (part) => table.bulkGet(part));
    values.forEach((value, n) => value && all.push({ kind, id: ids[n]!, value }));
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
