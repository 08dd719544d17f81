// Brings the linked space's changes to the device, page by page after the cursor it holds (a round
// with nothing new is one request). Each record is opened (one that does not open is skipped and
// counted) and merged by the backup's rule (features/study/backup.ts): the newer copy wins, the
// device's on a tie, and a record no newer than the device's tombstone of it is ignored. A
// deletion in the space carries no time, only its place in the space's order: it is the record's
// latest change there, so it deletes the device's copy and leaves a tombstone. A page is applied
// in one transaction with its cursor. The space keeps a record's changes in the order they arrived,
// not by their times, so when the space's copy loses to the device's, the device's is queued to go
// again. A record whose write still waits in the outbox keeps its entry: the push seals the record
// as it is when sent, so if the space's newer copy won here, that is what goes back, and if the
// entry was sealed already, one more is queued, so every device ends on the same copy. Records are
// opened in the study worker (seal-client.ts), off the page's thread.
import { spacePath } from '@fw/contracts/paths';
import type { SpaceChanges } from '@fw/contracts/study-space';
import { SPACE_CREDENTIAL_HEADER } from '@fw/contracts/study-limits';
import { ApiError, api } from '../../lib/api.ts';
import { Slices, inSlices, nextTask } from '../../lib/next-task.ts';
import { db, getMany, pageTurn, readInPages, tablesChanged, writeRows, type StudyKind, type StudyTombstone } from '../../db/db.ts';
import { queueStudyRecords, tombstoneKey, announceStudyQueued } from './local-changes.ts';
import { enterSpace, keysOf, leaveSpace, linkedSpace, stillLinked, writeSpaceState } from './space-state.ts';
import { everyRecord, heldRecords, isStudyKind, STUDY_KINDS, STUDY_WRITE_KIND, studyRecordId, studyTables } from './study-records.ts';
import { resumeStoppedSend, sendingInThisTab, type Linking } from './push.ts';
import { sealWork } from './seal-client.ts';
import type { OpenedRecord } from './seal-work.ts';

export interface StudyPullResult {
  applied: number;
  /** Records that did not open with this space's key (damaged, or not from this space). */
  unreadable: number;
}

type Incoming = { kind: StudyKind; id: string; value: Record<string, unknown> | null };

/** The device's study records and tombstones by their space id, worked out only when a page deletes. */
async function recordsByRid(key: Uint8Array): Promise<Map<string, { kind: StudyKind; id: string }>> {
  const records = await everyRecord();
  for (const stone of await db.tombstones.toArray()) records.push({ kind: stone.kind, id: stone.id });
  const rids = await sealWork({ op: 'rids', key, items: records });
  return new Map(rids.map((rid, n) => [rid, records[n]!]));
}

/**
 * The device's records by opaque id, worked out at a pull's first deletion (`map`), and the
 * records the pull has opened so far (`opened`): a page is opened before the one ahead of it is
 * merged, so these are not all on the device yet.
 */
type ByRid = { map?: Map<string, { kind: StudyKind; id: string }>; opened: Map<string, { kind: StudyKind; id: string }> };

/** An opened record as the device takes it, or null when it is not a study record of this kind and id. */
function asIncoming(record: OpenedRecord): Incoming | null {
  const value = record.value as Record<string, unknown> | null;
  if (!isStudyKind(record.kind) || typeof value !== 'object' || value === null || value._id !== record.id) return null;
  return { kind: record.kind, id: record.id, value };
}

/**
 * Opens a page's records in the study worker (seal-client.ts), and takes them in slices
 * (lib/next-task.ts); deletions are named through the device's own records and the records the
 * pull opened before them.
 */
async function openPage(key: Uint8Array, page: SpaceChanges, byRid: ByRid): Promise<{ incoming: Incoming[]; unreadable: number }> {
  const records = await sealWork({ op: 'open', key, items: page.changes });
  const incoming: Incoming[] = [];
  let unreadable = 0;
  const slices = new Slices();
  for (const [i, change] of page.changes.entries()) {
    if (slices.due()) await slices.next();
    const opened = records[i];
    if (opened === undefined) {
      if (!byRid.map) {
        byRid.map = await recordsByRid(key);
        for (const [rid, known] of byRid.opened) byRid.map.set(rid, known);
      }
      const known = byRid.map.get(change.rid);
      // A record this device never had: nothing to delete.
      if (known) incoming.push({ ...known, value: null });
      continue;
    }
    const record = opened && asIncoming(opened);
    if (!record) {
      unreadable += 1;
      continue;
    }
    incoming.push(record);
    byRid.opened.set(change.rid, { kind: record.kind, id: record.id });
    byRid.map?.set(change.rid, { kind: record.kind, id: record.id });
  }
  return { incoming, unreadable };
}

type Held = Record<string, unknown> | undefined;

/** What the device holds of `incoming`'s records and their tombstones, read a table at a time, in slices (heldRecords). */
async function heldOf(incoming: Incoming[]): Promise<{ current: Map<string, Held>; stones: Map<string, StudyTombstone | undefined> }> {
  const current = (await heldRecords(incoming)) as Map<string, Held>;
  const named = new Set<string>();
  await inSlices(incoming, ({ kind, id }) => named.add(tombstoneKey(kind, id)), pageTurn);
  const keys = [...named];
  const found = await getMany(db.tombstones, keys);
  const stones = new Map<string, StudyTombstone | undefined>();
  await inSlices(keys.keys(), (n) => stones.set(keys[n]!, found[n]), pageTurn);
  return { current, stones };
}

/**
 * Writes merged records and tombstones (undefined, null: deleted) straight through IndexedDB
 * (db.ts writeRows), a table at a time: the live queries hear of them once, after the commit
 * (pullInto).
 */
async function writeMerged(writes: Map<string, { kind: StudyKind; id: string; value: Held }>, stoneWrites: Map<string, StudyTombstone | null>): Promise<void> {
  const byKind = new Map<StudyKind, { rows: never[]; gone: string[] }>();
  await inSlices(writes.values(), ({ kind, id, value }) => {
    let ofKind = byKind.get(kind);
    if (!ofKind) byKind.set(kind, (ofKind = { rows: [], gone: [] }));
    if (value) ofKind.rows.push(value as never);
    else ofKind.gone.push(id);
  }, pageTurn);
  for (const [kind, { rows, gone }] of byKind) await writeRows(STUDY_KINDS[kind].table(), rows, gone);
  const stoneRows: StudyTombstone[] = [];
  const stoneGone: string[] = [];
  for (const [key, stone] of stoneWrites) {
    if (stone) stoneRows.push(stone);
    else stoneGone.push(key);
  }
  await writeRows(db.tombstones, stoneRows, stoneGone);
}

/** Applies one page and its cursor; in the caller's transaction. Answers how many records changed. */
async function applyPage(
  incoming: Incoming[],
  now: number,
  linking?: Linking,
): Promise<{ applied: number; requeue: { kind: StudyKind; id: string }[] }> {
  // Only these records' entries are read (by the outbox's recordId index): a device that just
  // linked holds thousands of entries, and this runs for every page.
  const ids = incoming.map(({ kind, id }) => studyRecordId(kind, id));
  // An outbox smaller than the page is read whole (a few requests, where the index walk makes one a
  // key), a page of entries a request: a linking device's holds its thousands of sealed writes, and
  // one read of them all took a phone's page 90 ms in one task.
  const wanted = new Set(ids);
  const entries =
    (await db.outbox.count()) <= ids.length
      ? (await readInPages(db.outbox)).filter((e) => wanted.has(e.recordId))
      : await db.outbox.where('recordId').anyOf(ids).toArray();
  const claimed = new Set(entries.filter((e) => e.kind === STUDY_WRITE_KIND && e.attempts > 0).map((e) => e.recordId));
  // Worked out in memory in the page's order (a record may come twice: the last outcome is what is
  // written), in slices, then written a table at a time. Written a group of 50 at a time instead,
  // each group's writes waited for before the next was worked out, a link's merge of 2,000 took
  // 1.1-1.8 s at 4x CPU; the writes' answers were most of it.
  const { current, stones } = await heldOf(incoming);
  let applied = 0;
  const requeue: { kind: StudyKind; id: string }[] = [];
  const writes = new Map<string, { kind: StudyKind; id: string; value: Held }>();
  const stoneWrites = new Map<string, StudyTombstone | null>();
  await inSlices(incoming, ({ kind, id, value }) => {
    const spec = STUDY_KINDS[kind];
    const rid = studyRecordId(kind, id);
    const key = tombstoneKey(kind, id);
    const held = current.get(rid);
    const stone = stones.get(key);
    if (value === null) {
      if (!held) return;
      const deleted: StudyTombstone = { key, kind, id, deletedAt: Math.max(now, spec.time(held) + 1) };
      current.set(rid, undefined);
      writes.set(rid, { kind, id, value: undefined });
      stones.set(key, deleted);
      stoneWrites.set(key, deleted);
    } else {
      const time = spec.time(value);
      const mine = stone ? stone.deletedAt : held ? spec.time(held) : -Infinity;
      if (mine >= time) {
        // The space's latest is older than the device's: send the device's again, so every
        // device ends on the newer one (an equal time is this device's own change coming back).
        if (mine > time) requeue.push({ kind, id });
        else linking?.asInSpace.add(rid);
        return;
      }
      const kept = (held as { orphan?: 1 } | undefined)?.orphan;
      const next = { ...value, _id: id, ...(kept ? { orphan: kept } : {}) };
      current.set(rid, next);
      writes.set(rid, { kind, id, value: next });
      if (stone) {
        stones.set(key, undefined);
        stoneWrites.set(key, null);
      }
      linking?.asInSpace.add(rid);
    }
    applied += 1;
    // The device's copy went (or is going) beside this merge, and may land after the space's: the
    // device's record as it is now goes after it.
    if (claimed.has(rid) || (held && linking?.sentAlongside.has(rid))) requeue.push({ kind, id });
  }, pageTurn);
  await writeMerged(writes, stoneWrites);
  return { applied, requeue };
}

/** A page of the space with its records opened. */
type Opened = { page: SpaceChanges; incoming: Incoming[]; unreadable: number };

/** Applies one opened page with its cursor; null when the device no longer follows the space. */
async function mergePage(key: Uint8Array, { page, incoming, unreadable }: Opened, result: StudyPullResult, linking?: Linking): Promise<boolean | null> {
  result.unreadable += unreadable;
  return db.transaction('rw', [...studyTables(), db.meta, db.outbox], async () => {
    // Left or rotated while this page was on its way: it belongs to no space the device follows.
    if (!(await stillLinked(key))) return null;
    const { applied, requeue } = await applyPage(incoming, Date.now(), linking);
    result.applied += applied;
    // The time of the answer, shown as "last synced" (space-status.ts).
    await writeSpaceState({ status: 'linked', key, cursor: page.cursor, syncedAt: Date.now() });
    return queueStudyRecords(requeue);
  });
}

/** Pulls the linked space's changes after the device's cursor; nothing when not linked. */
export async function pullStudy(): Promise<StudyPullResult> {
  const result: StudyPullResult = { applied: 0, unreadable: 0 };
  // A link under way in this tab pulls for itself.
  if (sendingInThisTab()) return result;
  // A link whose tab closed before it had sent the device's own records: they go through the outbox.
  await resumeStoppedSend();
  const space = await linkedSpace();
  if (space) await pullInto(space.key, space.cursor, result);
  return result;
}

/**
 * Pulls the space of `key` from `cursor`, storing the cursor with each page. With `linking`, the
 * device is not linked yet and becomes linked once the first page answered (so a link is kept only
 * once the space answered), before that page is merged (`linking.entered`): the device's own
 * records, sealed meanwhile, go from then on while the pages are merged (push.ts sendNow with the
 * same `linking`); `linking` gathers each page's opaque ids before it is merged (and hears when
 * the last page was read), and the records that need not be sent back. SPACE_REMOVED: the device
 * leaves the space.
 */
export async function pullInto(key: Uint8Array, cursor: number, result: StudyPullResult, linking?: Linking): Promise<void> {
  try {
    await pullPages(key, cursor, result, linking);
  } finally {
    // A pull that stopped early (a failure, a removed space) lets the link's writes go on to their end.
    linking?.allNamed();
  }
}

async function pullPages(key: Uint8Array, cursor: number, result: StudyPullResult, linking?: Linking): Promise<void> {
  const keys = await keysOf(key);
  const byRid: ByRid = { opened: new Map() };
  /** The page after `after`, opened; null when the space was removed (the device has left it). */
  const fetchPage = async (after: number): Promise<Opened | null> => {
    let page: SpaceChanges;
    try {
      ({ data: page } = await api<SpaceChanges>('GET', `${spacePath(keys.spaceId, '/changes')}?after=${after}`, {
        headers: { [SPACE_CREDENTIAL_HEADER]: keys.credential },
      }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SPACE_REMOVED') {
        await leaveSpace({ status: 'removed', message: error.message });
        return null;
      }
      throw error;
    }
    if (linking) {
      for (const change of page.changes) linking.inSpace.add(change.rid);
      if (after === cursor) {
        await enterSpace(key, cursor);
        linking.enter();
        // The live queries that follow the space's state run in the task that committed it (48 ms of
        // a 95 ms task in a traced link at 4x CPU): the writing and the opening start in the next.
        await nextTask();
      }
      if (!page.hasMore) linking.allNamed();
    }
    return { page, ...(await openPage(key, page, byRid)) };
  };
  let next = fetchPage(cursor);
  for (let first = true; ; first = false) {
    let page: SpaceChanges;
    let requeued: boolean | null;
    try {
      const opened = await next;
      if (!opened) return;
      page = opened.page;
      // The next page comes and opens while this one is merged (seen to at once, or its failure
      // would go unhandled while this page is merged; it is waited for next time round). Pages
      // are as large as the server gives: each merge tells the live queries, and My notes reads
      // its whole list again after each (pages of 500 made a link of 2,000 slower, not faster).
      if (page.hasMore) {
        next = fetchPage(page.cursor);
        next.catch(() => undefined);
      }
      requeued = await mergePage(key, opened, result, linking);
    } catch (error) {
      // A link whose first page could not be taken in (a full device, say) is not kept.
      if (first && linking?.entered) await leaveSpace(undefined).catch(() => undefined);
      throw error;
    }
    if (requeued === null) return;
    // In a task of its own: the live queries it wakes start their reads at once (My notes reads
    // its whole list again), and the task that ended the merge's transaction took 60-72 ms at 4x
    // CPU with them in it.
    await nextTask();
    tablesChanged(studyTables());
    if (requeued) announceStudyQueued();
    if (!page.hasMore) return;
  }
}
