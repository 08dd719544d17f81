// The study records a sync space carries, by kind: the device table each lives in and the time
// that decides which of two copies is newer (the backup's merge rule, features/study/backup.ts).
// Preferences stay in this browser's localStorage and are not synced.
import { db, getMany, pageTurn, type StudyKind, type Table } from '../../db/db.ts';
import { inSlices } from '../../lib/next-task.ts';

export interface StudyRecord {
  _id: string;
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

/**
 * The device's copies of `records`, by studyRecordId (undefined where it holds none), read a table
 * at a time: a link works on thousands, and one read each made it take minutes on a phone.
 */
export async function heldRecords(records: { kind: StudyKind; id: string }[]): Promise<Map<string, StudyRecord | undefined>> {
  // In slices (pageTurn: a merge runs this inside its transaction); one pass of each over a page
  // of 2,000 was a task of over 50 ms at 4x CPU.
  const byKind = new Map<StudyKind, Set<string>>();
  await inSlices(records, ({ kind, id }) => {
    const ids = byKind.get(kind) ?? new Set();
    byKind.set(kind, ids.add(id));
  }, pageTurn);
  const held = new Map<string, StudyRecord | undefined>();
  for (const [kind, kindIds] of byKind) {
    const ids = [...kindIds];
    const values = await getMany(STUDY_KINDS[kind].table(), ids);
    await inSlices(ids.keys(), (n) => held.set(studyRecordId(kind, ids[n]!), values[n]), pageTurn);
  }
  return held;
}

/**
 * Every study record the device holds, by kind and id (their keys only: the study worker reads the
 * values it seals, seal-work.ts); with `skip`, but those it names (by studyRecordId): a link leaves
 * out the thousands it has just taken from the space.
 */
export async function everyRecord(skip?: ReadonlySet<string>): Promise<{ kind: StudyKind; id: string }[]> {
  const kinds = Object.keys(STUDY_KINDS) as StudyKind[];
  // One transaction over every table, asked at once: a link reads this while it merges the
  // space's pages, and a read of one table after another waited for a page's merge at each.
  const tables = kinds.map((kind) => STUDY_KINDS[kind].table());
  const keys = await db.transaction('r', tables, () => Promise.all(tables.map((table) => table.toCollection().primaryKeys())));
  return kinds.flatMap((kind, n) => keys[n]!.filter((id) => !skip?.has(studyRecordId(kind, id))).map((id) => ({ kind, id })));
}
