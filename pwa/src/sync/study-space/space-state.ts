// Which study sync space this device belongs to, kept in the meta table under one key: the space
// key (32 random bytes; it leaves the device only as the words shown to the person), the cursor
// of the space's change feed, or the server's message once another device removed the space.
// The keys derived from the space key are worked out once per session. Depends on db.ts only,
// so the study screens' writes (local-changes.ts) can read it without loading the sync engine;
// the screens' hooks are in space-status.ts, out of the first screen's bundle, which holds this.
import type { SpaceKeys } from '@fw/contracts/study-seal';
import { keysFor } from './seal-work.ts';
import { db, type MetaEntry } from '../../db/db.ts';
import { STUDY_WRITE_KIND } from './study-records.ts';

/** The meta key of the device's SpaceState (read by the screens through space-status.ts). */
export const SPACE_STATE_KEY = 'studySpace';

export type SpaceState =
  | { status: 'linked'; key: Uint8Array; cursor: number; syncedAt?: number }
  | { status: 'removed'; message: string };

export const stateOf = (entry: MetaEntry | undefined) => entry?.value as SpaceState | undefined;

export async function readSpaceState(): Promise<SpaceState | undefined> {
  return stateOf(await db.meta.get(SPACE_STATE_KEY));
}

/** The linked space's key and cursor, or undefined when the device syncs no study space. */
export async function linkedSpace(): Promise<Extract<SpaceState, { status: 'linked' }> | undefined> {
  const state = await readSpaceState();
  return state?.status === 'linked' ? state : undefined;
}

export async function writeSpaceState(state: SpaceState | undefined): Promise<void> {
  if (state) await db.meta.put({ key: SPACE_STATE_KEY, value: state });
  else await db.meta.delete(SPACE_STATE_KEY);
}

const sameKey = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Whether the device is still linked to the space of `key` (a stop or a rotation may have come between). */
export async function stillLinked(key: Uint8Array): Promise<boolean> {
  const state = await linkedSpace();
  return state !== undefined && sameKey(state.key, key);
}

/**
 * After writes answered `cursors` (a write takes one number, however many records it holds): the
 * device's cursor moves past those that follow it with no number between, since no other device
 * wrote there, so the next round does not fetch the device's own records back. Past a number
 * another device took it stays, and the pull reads that change with the device's own. One
 * transaction over meta.
 */
export async function skipOwnWrites(key: Uint8Array, cursors: readonly number[]): Promise<void> {
  const own = new Set(cursors);
  await db.transaction('rw', db.meta, async () => {
    const state = await linkedSpace();
    if (!state || !sameKey(state.key, key)) return;
    let cursor = state.cursor;
    while (own.has(cursor + 1)) cursor += 1;
    if (cursor !== state.cursor) await writeSpaceState({ ...state, cursor });
  });
}

/** The space's id, credential and record keys, derived once per session for each key. */
export const keysOf = (key: Uint8Array): Promise<SpaceKeys> => keysFor(key);

let leaves = 0;

/** How many times this tab has left a space (push.ts Linking: known without reading the meta table). */
export const leaveCount = () => leaves;

/**
 * Leaves the space: `next` is the state after it (undefined: not syncing; removed: the server's
 * message), and the study writes waiting for the old space go, since no space takes them. The
 * device's own records stay. One transaction over meta and the outbox.
 */
export async function leaveSpace(next: Extract<SpaceState, { status: 'removed' }> | undefined): Promise<void> {
  leaves += 1;
  await db.transaction('rw', [db.meta, db.outbox], async () => {
    await writeSpaceState(next);
    await db.outbox.filter((entry) => entry.kind === STUDY_WRITE_KIND).delete();
  });
}

/** Links the device to the space of `key`, dropping the writes queued for any space before it. */
export async function enterSpace(key: Uint8Array, cursor: number, syncedAt?: number): Promise<void> {
  await db.transaction('rw', [db.meta, db.outbox], async () => {
    await db.outbox.filter((entry) => entry.kind === STUDY_WRITE_KIND).delete();
    await writeSpaceState({ status: 'linked', key, cursor, ...(syncedAt === undefined ? {} : { syncedAt }) });
  });
}
