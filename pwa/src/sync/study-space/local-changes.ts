// The reader's own changes to study records (made through features/study/study-store.ts and the
// saved and reading-place hooks): each is written in one transaction with what follows from it.
// - A deletion leaves a tombstone (kind, id, deletedAt), so neither an older backup nor a sync
//   space's older copy brings the record back; writing the record again lifts it.
// - While the device is linked to a sync space, the record is queued in the outbox as a `study`
//   write naming only the record: the push seals its state as it is when sent (push.ts), so
//   one queued, never-sent entry per record covers any number of changes.
// Depends on db.ts only: the first screen's hooks load it on demand without the sync engine.
import { newObjectId } from '@fw/contracts/object-id';
import { db, inSteps, type OutboxEntry, type StudyKind, type Table } from '../../db/db.ts';
import { linkedSpace } from './space-state.ts';
import { everyRecord, STUDY_WRITE_KIND, studyRecordId, studyTables } from './study-records.ts';

export interface StudyChange {
  kind: StudyKind;
  id: string;
  deleted?: boolean;
}

const LABELS: Record<StudyKind, string> = {
  highlight: 'Sync a highlight',
  verseHighlight: 'Sync a verse highlight',
  note: 'Sync a note',
  saved: 'Sync a saved article',
  reading: 'Sync a reading place',
  planProgress: 'Sync a reading plan',
};

type Listener = () => void;
const listeners = new Set<Listener>();

/** The sync engine listens, so that a change made online goes out right away. */
export function onStudyQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const tombstoneKey = (kind: StudyKind, id: string) => `${kind}:${id}`;

/** The tables a study change touches besides the record's own. */
export const studyChangeScope = (): Table[] => [db.outbox, db.meta, db.tombstones];

/**
 * Queues the records for the linked space (nothing when not linked). Runs in a transaction over
 * studyChangeScope(); answers whether an entry was added. `sent` (given the record's index and
 * the entry's key) marks an entry as tried once already, with the push's own fields for the body
 * it went with (push.ts queueUnanswered): it is sent again as it was, and covers no later change.
 */
export async function queueStudyRecords(
  records: { kind: StudyKind; id: string }[],
  now = Date.now(),
  sent?: (index: number, key: string) => Record<string, unknown>,
): Promise<boolean> {
  if (records.length === 0 || !(await linkedSpace())) return false;
  // One read of the entries these records already have (a link queues thousands at once), then
  // one write: the last entry of each record decides.
  const ids = [...new Set(records.map(({ kind, id }) => studyRecordId(kind, id)))];
  const last = new Map<string, OutboxEntry>();
  for (const entry of await db.outbox.where('recordId').anyOf(ids).toArray()) {
    const before = last.get(entry.recordId);
    if (!before || before.seq! < entry.seq!) last.set(entry.recordId, entry);
  }
  const added: OutboxEntry[] = [];
  for (const [index, { kind, id }] of records.entries()) {
    const recordId = studyRecordId(kind, id);
    const entry = last.get(recordId);
    // A never-sent entry seals the record as it is when it goes: it covers this change too.
    if (entry && entry.kind === STUDY_WRITE_KIND && entry.status === 'queued' && entry.attempts === 0) continue;
    const key = `op-${newObjectId()}`;
    const fresh: OutboxEntry = {
      key,
      kind: STUDY_WRITE_KIND,
      recordId,
      body: { kind, id, ...sent?.(index, key) },
      label: LABELS[kind],
      status: 'queued',
      attempts: sent ? 1 : 0,
      createdAt: now,
      nextAttemptAt: 0,
    };
    added.push(fresh);
    last.set(recordId, fresh);
  }
  await inSteps(added, (part) => db.outbox.bulkAdd(part));
  return added.length > 0;
}

/** Records tombstones for deletions, lifts them for writes, and queues the records. In a transaction. */
async function noteChanges(changes: StudyChange[], now: number): Promise<boolean> {
  for (const { kind, id, deleted } of changes) {
    if (deleted) await db.tombstones.put({ key: tombstoneKey(kind, id), kind, id, deletedAt: now });
    else await db.tombstones.delete(tombstoneKey(kind, id));
  }
  return queueStudyRecords(changes, now);
}

/** Queues every record the device holds for the linked space (the push sends them in batches); answers whether any was. */
export async function queueEverything(): Promise<boolean> {
  const queued = await db.transaction('rw', [...studyTables(), ...studyChangeScope()], async () => queueStudyRecords(await everyRecord()));
  if (queued) announceStudyQueued();
  return queued;
}

export function announceStudyQueued(): void {
  for (const listener of listeners) listener();
}

/**
 * Runs the reader's write over `tables` and notes the changes it answers, in one transaction, so
 * a refusal (a full storage quota) leaves neither half.
 */
export async function writeStudy<T>(tables: Table[], run: () => Promise<{ result: T; changes: StudyChange[] }>): Promise<T> {
  const now = Date.now();
  const { result, queued } = await db.transaction('rw', [...tables, ...studyChangeScope()], async () => {
    const done = await run();
    return { result: done.result, queued: await noteChanges(done.changes, now) };
  });
  if (queued) announceStudyQueued();
  return result;
}
