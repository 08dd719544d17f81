// Sends the outbox's study writes to the linked space, up to STUDY_LIMITS.WRITE_MAX_RECORDS records
// (and WRITE_MAX_CHARS of sealed text) a request. A write names only its record; the first time it
// is claimed its record is sealed as it is then (or, deleted, as a tombstone) and the sealed form
// is stored on the entry with the batch's Idempotency-Key, so a retry after a lost answer sends the
// very same body under the same key and the server applies it once. Records are sealed
// in the study worker (seal-client.ts), off the page's thread.
// Refusals: SPACE_FULL and the like leave the entries refused with the server's message (the
// records stay on the device); SPACE_REMOVED means another device removed the space: the device
// leaves it, keeping its records, and shows the server's message (space-state.ts).
import { newObjectId } from '@fw/contracts/object-id';
import { spacePath } from '@fw/contracts/paths';
import type { SealedRecord } from '@fw/contracts/study-space';
import { SPACE_CREDENTIAL_HEADER, STUDY_LIMITS } from '@fw/contracts/study-limits';
import type { SpaceKeys } from '@fw/contracts/study-seal';
import { API_TIMEOUT_MS, ApiError, resultOf } from '../../lib/api.ts';
import { db, inSteps, readInSteps, watchTables, type OutboxEntry, type StudyKind } from '../../db/db.ts';
import type { SendTools } from '../write-kinds/kind.ts';
import { keysOf, leaveCount, leaveSpace, linkedSpace, skipOwnWrites, stillLinked } from './space-state.ts';
import { queueEverything, queueStudyRecords, studyChangeScope } from './local-changes.ts';
import { sealWork } from './seal-client.ts';
import { sealedSize, type KeptSeal, type Posted } from './seal-work.ts';
import { STUDY_KINDS, studyRecordId, studyTables } from './study-records.ts';

/** What a study entry carries: its record, and once claimed its sealed form under the batch's key. */
interface StudyBody {
  kind: StudyKind;
  id: string;
  batch?: string;
  /** The entry's own key when it was sealed: "Try again" gives a new key, and a fresh seal. */
  sealedUnder?: string;
  /** The space it was sealed for: after a new key (a rotation, another link) it is sealed again. */
  space?: string;
  sealed?: SealedRecord;
}

interface BatchResult {
  sent: number;
  retryAt: number | null;
}

const bodyOf = (entry: OutboxEntry) => entry.body as unknown as StudyBody;

/**
 * Seals many as the device holds them now (a tombstone for one that is gone), in the study worker
 * (seal-client.ts), which reads them from the device database itself (seal-work.ts).
 */
async function sealMany(key: Uint8Array, records: { kind: StudyKind; id: string }[]): Promise<SealedRecord[]> {
  return sealWork({ op: 'seal', key, items: stored(records) });
}

const stored = (records: { kind: StudyKind; id: string }[]) => records.map(({ kind, id }) => ({ kind, id, table: STUDY_KINDS[kind].table().name }));

/** `items` split into writes the server takes: at most WRITE_MAX_RECORDS, and WRITE_MAX_CHARS of sealed text, each. */
export function writesOf<T>(items: T[], sizeOf: (item: T) => number): T[][] {
  const writes: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (current.length && (current.length === STUDY_LIMITS.WRITE_MAX_RECORDS || chars + size > STUDY_LIMITS.WRITE_MAX_CHARS)) {
      writes.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += size;
  }
  if (current.length) writes.push(current);
  return writes;
}

/** POSTs a body to the space under `key`, from the study worker (seal-work.ts post): what it answered. */
function postToSpace(keys: SpaceKeys, key: string, content: { body: unknown } | { kept: { name: string; rids: string[] } }): Promise<Posted> {
  return sealWork({
    op: 'post',
    items: [],
    post: {
      path: spacePath(keys.spaceId, '/records'),
      headers: { [SPACE_CREDENTIAL_HEADER]: keys.credential, 'Idempotency-Key': key },
      ...content,
      timeoutMs: API_TIMEOUT_MS,
    },
  });
}

/** POSTs sealed records to the space under `key`; refusals as api() throws them. */
async function writeRecords(keys: SpaceKeys, records: SealedRecord[], key: string): Promise<Record<string, unknown>> {
  return resultOf<Record<string, unknown>>(await postToSpace(keys, key, { body: { records } })).data;
}

/**
 * Seals `records` as the device holds them now and keeps them in the study worker under `name`
 * (seal-work.ts 'keep'): the page learns each one's opaque id and size, and writeKept sends them
 * from there.
 */
export function sealKept(key: Uint8Array, records: { kind: StudyKind; id: string }[], name: string, snapshot?: string): Promise<KeptSeal[]> {
  return sealWork({ op: 'keep', key, name, items: stored(records), ...(snapshot === undefined ? {} : { snapshot }) });
}

/**
 * POSTs records kept under `name` (by opaque id) to the space under `key`: what the worker
 * answered, with the records as they went when the space did not take them (seal-work.ts Posted).
 */
export function writeKept(keys: SpaceKeys, name: string, rids: string[], key: string): Promise<Posted> {
  return postToSpace(keys, key, { kept: { name, rids } });
}

/** Runs `send` with a fresh name for records kept in the study worker, and lets them go after it. */
export async function withKept<T>(key: Uint8Array, send: (name: string) => Promise<T>): Promise<T> {
  const name = `send-${newObjectId()}`;
  try {
    return await send(name);
  } finally {
    await sealWork({ op: 'drop', key, snapshot: name, items: [] });
  }
}

/** Claims the entries still queued (counting an attempt, so nothing merges into them any more). */
async function claim(entries: OutboxEntry[]): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    // The batch read and written a few dozen entries a call (inSteps): a push claims hundreds at once.
    const stored = await readInSteps(entries.map((entry) => entry.seq!), (part) => db.outbox.bulkGet(part));
    const claimed = stored
      .filter((now): now is OutboxEntry => now?.status === 'queued')
      .map((now) => ({ ...now, attempts: now.attempts + 1 }));
    await inSteps(claimed, (part) => db.outbox.bulkPut(part));
    return claimed;
  });
}

/** Seals the claimed entries' records and stores the sealed forms and each write's key on them; answers the writes. */
async function sealBatch(key: Uint8Array, keys: SpaceKeys, entries: OutboxEntry[]): Promise<OutboxEntry[][]> {
  const sealed = await sealMany(key, entries.map(bodyOf));
  const writes = writesOf(entries.map((entry, i) => ({ entry, sealed: sealed[i]! })), (item) => sealedSize(item.sealed)).map((write) => {
    const batch = `op-${newObjectId()}`;
    return write.map(({ entry, sealed }) => {
      const { kind, id } = bodyOf(entry);
      return { ...entry, body: { kind, id, batch, sealedUnder: entry.key, space: keys.spaceId, sealed } };
    });
  });
  await inSteps(writes.flat(), (part) => db.outbox.bulkUpdate(part.map((entry) => ({ key: entry.seq!, changes: { body: entry.body } }))));
  return writes;
}

/** Entries sealed together before, still all here: sent again as they were; the rest in new batches. */
function groupsOf(entries: OutboxEntry[], spaceId: string): OutboxEntry[][] {
  const stored = new Map<string, OutboxEntry[]>();
  const fresh: OutboxEntry[] = [];
  for (const entry of entries) {
    const body = bodyOf(entry);
    if (!(body.batch && body.sealed && body.sealedUnder === entry.key && body.space === spaceId)) fresh.push(entry);
    else if (stored.has(body.batch)) stored.get(body.batch)!.push(entry);
    else stored.set(body.batch, [entry]);
  }
  const groups = [...stored.values()];
  for (let i = 0; i < fresh.length; i += STUDY_LIMITS.WRITE_MAX_RECORDS) groups.push(fresh.slice(i, i + STUDY_LIMITS.WRITE_MAX_RECORDS));
  return groups;
}

/** Sends the due study entries (oldest first), a batch a request. */
export async function pushStudyEntries(entries: OutboxEntry[], tools: SendTools): Promise<BatchResult> {
  const space = await linkedSpace();
  if (!space || entries.length === 0) return { sent: 0, retryAt: null };
  const keys = await keysOf(space.key);
  let sent = 0;
  for (const group of groupsOf(entries, keys.spaceId)) {
    const claimed = await claim(group);
    if (claimed.length === 0) continue;
    const first = bodyOf(claimed[0]!).batch;
    const asBefore =
      first !== undefined && claimed.length === group.length &&
      claimed.every((e) => {
        const body = bodyOf(e);
        return body.batch === first && body.sealed !== undefined && body.sealedUnder === e.key && body.space === keys.spaceId;
      });
    for (const batch of asBefore ? [claimed] : await sealBatch(space.key, keys, claimed)) {
      const outcome = await sendBatch(space.key, keys, batch, tools);
      if (outcome === 'stop') return { sent, retryAt: null };
      if (typeof outcome === 'number') return { sent, retryAt: outcome };
      if (outcome === 'sent') sent += batch.length;
    }
  }
  return { sent, retryAt: null };
}

/** Sends one sealed write: 'sent', 'refused' (its entries stay, marked), 'stop' (not linked any more), or when to try again. */
async function sendBatch(key: Uint8Array, keys: SpaceKeys, batch: OutboxEntry[], tools: SendTools): Promise<'sent' | 'refused' | 'stop' | number> {
  // A stop or a rotation while sealing: these records go with the new space's full push, or nowhere.
  if (!(await stillLinked(key))) return 'stop';
  const records = batch.map((e) => bodyOf(e).sealed!);
  try {
    const answer = await writeRecords(keys, records, bodyOf(batch[0]!).batch!);
    if (typeof answer.cursor === 'number') await skipOwnWrites(key, [answer.cursor]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const tell = (outcome: 'retry' | 'failed') => batch.forEach((entry) => tools.report(entry.key, outcome, error.message));
    if (error.code === 'SPACE_REMOVED') {
      await leaveSpace({ status: 'removed', message: error.message });
      tell('failed');
      return 'stop';
    }
    if (tools.classify(error) === 'retry') {
      const retryAt = tools.now() + Math.max(tools.backoffMs(batch[0]!.attempts), error.retryAfterMs ?? 0);
      await db.outbox.bulkUpdate(batch.map((e) => ({ key: e.seq!, changes: { nextAttemptAt: retryAt, lastError: error.message } })));
      tell('retry');
      return retryAt;
    }
    // Refused (SPACE_FULL names what the space holds): the person sees it; the records stay here.
    await db.outbox.bulkUpdate(batch.map((e) => ({ key: e.seq!, changes: { status: 'failed' as const, lastError: error.message } })));
    tell('failed');
    return 'refused';
  }
  await db.transaction('rw', db.outbox, () => inSteps(batch.map((e) => e.seq!), (part) => db.outbox.bulkDelete(part)));
  for (const entry of batch) tools.report(entry.key, 'done', '');
  return 'sent';
}

/** The meta key of an unfinished sendNow: `{ at }`, when it last wrote (meta-keys.ts has the shared ones). */
export const SENDING_KEY = 'studySending';
/** A send whose mark is this old has stopped (its tab closed): what it did not send is queued. */
const SEND_STOPPED_MS = 60_000;
let sendingHere = 0;
const markSending = () => db.meta.put({ key: SENDING_KEY, value: { at: Date.now() } });

/**
 * A link under way (space.ts linkSpace): the device's own records go while the space's pages are
 * merged (pull.ts pullInto), so the two share what they know here.
 */
export interface Linking {
  /** Opaque ids of the changes in the space's pages so far: such a record of the device's waits in `heldBack`. */
  inSpace: Set<string>;
  /**
   * Settles once the pull has read the space's last page (or stopped): only then does `inSpace`
   * name every record the space holds. The device's writes wait for it. A space that was compacted
   * keeps only a record's latest change (backend/src/modules/study/space-store.ts), so an older copy
   * sent before the page holding the newer one was read would take its place in the feed, and the
   * device would never see the newer one.
   */
  named: Promise<void>;
  /** Settles `named`: called by the pull (pull.ts pullInto). */
  allNamed: () => void;
  /**
   * Whether the space answered and the device entered it (pull.ts, by `enter`): the device's own
   * records are read and sealed from the press on, but written only then (words that open no space
   * send nothing). A change made from then on is queued as a linked device's (local-changes.ts).
   */
  entered: boolean;
  enter: () => void;
  /**
   * Whether a study record changed, in any tab, between the press and `enter`: such a change is
   * neither in the records read at the press nor queued (the device was not linked yet), so
   * linkSpace queues every record once the link's writes are done.
   */
  changedBeforeEntering: () => boolean;
  /** Stops watching for such changes (`enter` does too). */
  stopWatching: () => void;
  /** The device's records that wait for the merge: sent after it, but those in `asInSpace`. */
  heldBack: { kind: StudyKind; id: string }[];
  /** The device's records ("<kind>:<id>") that went beside the merge: one the space's copy then replaced goes again. */
  sentAlongside: Set<string>;
  /** The records ("<kind>:<id>") the device holds as the space does after the merge, which need not go back. */
  asInSpace: Set<string>;
  /** What the link's writes answered: the cursor moves past them once the pages are merged (skipOwnWrites). */
  cursors: number[];
  /**
   * Whether the device still follows the space: beside the merge, whose transaction holds the meta
   * table, this tab's own leaving (space-state.ts leaveCount) is what can be known without waiting.
   */
  stillLinked: () => boolean;
}

export function newLinking(): Linking {
  const left = leaveCount();
  let allNamed = () => {};
  const named = new Promise<void>((resolve) => (allNamed = resolve));
  const watch = watchTables(studyTables());
  const linking: Linking = {
    inSpace: new Set(),
    named,
    allNamed,
    entered: false,
    enter: () => {
      linking.entered = true;
      watch.stop();
    },
    changedBeforeEntering: watch.changed,
    stopWatching: watch.stop,
    heldBack: [],
    sentAlongside: new Set(),
    asInSpace: new Set(),
    cursors: [],
    stillLinked: () => leaveCount() === left,
  };
  return linking;
}

/**
 * Seals `records` and writes them to the space of `key` straight away, a write at a time: a link
 * sends thousands, and through the outbox each would be queued, claimed, stored sealed and
 * deleted, four IndexedDB writes a record and most of a link's time on a phone. When a write
 * fails, its records are queued in the outbox as they went, under the same key (so the server
 * applies that write once, whether or not it already had), and the records after it to be sealed
 * when sent; the outbox then retries, or shows a refusal, as for any write. Run it inside
 * whileSending. With `linking`, the writes wait until the pull has read every page of the space
 * (`named`), a record the space's pages name is held back for after the merge, and the writes'
 * cursors are kept there. Answers whether anything was queued.
 */
export async function sendNow(key: Uint8Array, records: { kind: StudyKind; id: string }[], linking?: Linking): Promise<boolean> {
  if (records.length === 0) return false;
  return withKept(key, async (name) => {
    // Beside a merge, the records are read at once, before its write transaction would hold the reads up.
    if (linking) await sealWork({ op: 'hold', key, snapshot: name, items: stored(records) });
    return sendAll(key, records, name, linking);
  });
}

async function sendAll(key: Uint8Array, records: { kind: StudyKind; id: string }[], name: string, linking: Linking | undefined): Promise<boolean> {
  const keys = await keysOf(key);
  const snapshot = linking ? name : undefined;
  const groups: { kind: StudyKind; id: string }[][] = [];
  for (let from = 0; from < records.length; from += STUDY_LIMITS.WRITE_MAX_RECORDS) groups.push(records.slice(from, from + STUDY_LIMITS.WRITE_MAX_RECORDS));
  // The next group is sealed while the previous one's write is on its way.
  let sealing: Promise<KeptSeal[]> | null = sealKept(key, groups[0]!, name, snapshot);
  // Sealing starts at once; writing, once the pull knows every record the space holds.
  if (linking) {
    sealing.catch(() => undefined);
    await linking.named;
    if (!linking.entered) return false;
  }
  for (const [n, group] of groups.entries()) {
    const seals = await sealing!;
    sealing = n + 1 < groups.length ? sealKept(key, groups[n + 1]!, name, snapshot) : null;
    // Seen to, or it would be an unhandled rejection when a write below fails first.
    sealing?.catch(() => undefined);
    const writes = writesOf(group.map((record, i) => ({ record, seal: seals[i]! })), (item) => item.seal.size);
    for (const [w, all] of writes.entries()) {
      if (!(linking ? linking.stillLinked() : await stillLinked(key))) return false;
      const write: typeof all = [];
      for (const item of all) {
        if (!linking) write.push(item);
        else if (linking.inSpace.has(item.seal.rid)) linking.heldBack.push(item.record);
        else {
          write.push(item);
          linking.sentAlongside.add(studyRecordId(item.record.kind, item.record.id));
        }
      }
      if (write.length === 0) continue;
      const batch = `op-${newObjectId()}`;
      let sealed: SealedRecord[] | undefined;
      try {
        const posted = await writeKept(keys, name, write.map((item) => item.seal.rid), batch);
        sealed = posted.sealed;
        const answer = resultOf<Record<string, unknown>>(posted).data;
        if (typeof answer.cursor === 'number') {
          if (linking) linking.cursors.push(answer.cursor);
          else await skipOwnWrites(key, [answer.cursor]);
        }
        // Not waited for: beside a merge, whose transaction holds the meta table, it would hold the next write.
        void markSending().catch(() => undefined);
      } catch (error) {
        const later = [...writes.slice(w + 1).flat().map((item) => item.record), ...groups.slice(n + 1).flat()];
        // As they went, under the same key, so the server applies the write once; without the
        // sealed forms (the worker failed), sealed afresh when sent.
        const went = sealed;
        const asSent = went && ((i: number, entryKey: string) => ({ batch, sealedUnder: entryKey, space: keys.spaceId, sealed: went[i]! }));
        const queued = await db.transaction('rw', studyChangeScope(), async () => {
          const tried = await queueStudyRecords(write.map((item) => item.record), Date.now(), asSent);
          return (await queueStudyRecords(later)) || tried;
        });
        if (!(error instanceof ApiError)) throw error;
        return queued;
      }
    }
  }
  return false;
}

/**
 * Runs a link (its pull, then sendNow) under a mark in the meta table, renewed after every write:
 * if the tab closes before it ends, a later sync round finds the mark gone stale and queues every
 * record for the outbox (resumeStoppedSend), so the device's own records still go.
 */
export async function whileSending<T>(run: () => Promise<T>): Promise<T> {
  sendingHere += 1;
  try {
    await markSending();
    return await run();
  } finally {
    sendingHere -= 1;
    await db.meta.delete(SENDING_KEY);
  }
}

/** Whether this tab is making or linking a space (whileSending): that run pulls and sends for itself. */
export const sendingInThisTab = () => sendingHere > 0;

/** A sendNow whose tab closed before it finished: every record is queued for the outbox to send. Answers whether any was. */
export async function resumeStoppedSend(now = Date.now()): Promise<boolean> {
  if (sendingInThisTab()) return false;
  const mark = (await db.meta.get(SENDING_KEY))?.value as { at: number } | undefined;
  if (!mark || now - mark.at < SEND_STOPPED_MS) return false;
  const queued = await queueEverything();
  await db.meta.delete(SENDING_KEY);
  return queued;
}
