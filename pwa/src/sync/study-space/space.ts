// What a person does with a study sync space (the "Sync my notes" and "Link this device" screens
// call these): make one, link this device to one by its words, stop syncing, or change its key.
// The key never leaves the device but as its words (spaceWords); the server sees the space id and
// the credential derived from it (contracts/src/study-seal.ts).
import { spacePath } from '@fw/contracts/paths';
import { SPACE_CREDENTIAL_HEADER } from '@fw/contracts/study-limits';
import { newObjectId } from '@fw/contracts/object-id';
import { ApiError, api, resultOf } from '../../lib/api.ts';
import { nextTask } from '../../lib/next-task.ts';
import { db } from '../../db/db.ts';
import { announceStudyQueued, queueEverything } from './local-changes.ts';
import { pullInto, type StudyPullResult } from './pull.ts';
import { newLinking, sealKept, sendNow, whileSending, withKept, writeKept, writesOf } from './push.ts';
import { enterSpace, keysOf, leaveSpace, linkedSpace, readSpaceState, skipOwnWrites, writeSpaceState } from './space-state.ts';
import { everyRecord, STUDY_WRITE_KIND, studyRecordId } from './study-records.ts';

export const SPACE_MESSAGES = {
  wrongWords:
    'These words do not open a sync space. Check them against the device that shows them, or make a new sync space there.',
  notLinked: 'This device is not syncing notes.',
  wordsUnavailable:
    'The code for sync words could not be loaded on this device. Connect to the internet once, then try again.',
} as const;

/**
 * The words' code (space-words.ts: @scure/bip39, its word list and the hashes it takes in), loaded
 * when words are made or read rather than with the panel every page's footer draws: its setup was
 * a task of about 50 ms at 4x CPU on each page load. The panel loads it ahead of a press
 * (features/study-sync/StudySync.tsx).
 */
export const loadSpaceWords = () =>
  import('./space-words.ts').catch((error: unknown) => {
    // A tab whose code is not kept yet, offline: said plainly, not as the browser's fetch error.
    throw new Error(SPACE_MESSAGES.wordsUnavailable, { cause: error });
  });

const headersOf = (credential: string) => ({ [SPACE_CREDENTIAL_HEADER]: credential });

async function makeSpace(key: Uint8Array): Promise<void> {
  const keys = await keysOf(key);
  await api('PUT', spacePath(keys.spaceId), { headers: headersOf(keys.credential) });
}

/**
 * Makes a new space for this device and sends it everything the device holds, a write at a time
 * (push.ts sendNow: through the outbox, each record was queued, claimed, stored sealed and
 * deleted), so that the space holds it all by the time the words are shown; what cannot go now
 * (offline, say) waits in the outbox. Answers the space's words.
 */
export async function createSpace(): Promise<string[]> {
  const { newSpaceKey, wordsOfKey } = await loadSpaceWords();
  const key = newSpaceKey();
  await makeSpace(key);
  await whileSending(async () => {
    // The space has just answered: the device is in step with it ("last synced", space-status.ts).
    await enterSpace(key, 0, Date.now());
    if (await sendNow(key, await everyRecord())) announceStudyQueued();
  });
  return wordsOfKey(key);
}

/**
 * Links this device to the space the words name: its records come in (merged with the device's)
 * and the device's own go out, read and sealed from the press and written beside the merge once the
 * space has answered (the device counts as linked from then, so a change made meanwhile is queued;
 * one made before, while the space answered, has every record queued after the link's writes).
 * Those of the device's own that the space's pages name wait for the merge, and go after it unless
 * the device now holds them as the space does. A SpaceWordsError for words that are not a key; an
 * Error with SPACE_MESSAGES.wrongWords when no space opens with them.
 */
export async function linkSpace(words: string): Promise<StudyPullResult> {
  const key = (await loadSpaceWords()).keyOfWords(words);
  return whileSending(async () => {
    const result: StudyPullResult = { applied: 0, unreadable: 0 };
    const linking = newLinking();
    // The device's own records are read and sealed while the space's first page comes, and written
    // once the space has answered (push.ts sendAll waits for the pull): started once that page had
    // come, the writes were the last thing a link of 2,000 waited for.
    const sending = everyRecord().then(async (own) => {
      // Handing thousands of names to the worker in the task that read them made one long task.
      await nextTask();
      return sendNow(key, own, linking);
    });
    // Seen to here, or a failure while the pull still runs would be unhandled; awaited below.
    sending.catch(() => undefined);
    try {
      await pullInto(key, 0, result, linking);
    } catch (error) {
      await sending.catch(() => undefined);
      if (error instanceof ApiError && error.code === 'SPACE_LOCKED') throw new Error(SPACE_MESSAGES.wrongWords, { cause: error });
      throw error;
    } finally {
      linking.stopWatching();
    }
    let queued = await sending;
    const state = await readSpaceState();
    // A space another device removed: its words no longer work, as the server says.
    if (state?.status === 'removed') throw new Error(state.message);
    await skipOwnWrites(key, linking.cursors);
    const after = linking.heldBack.filter(({ kind, id }) => !linking.asInSpace.has(studyRecordId(kind, id)));
    if (after.length) queued = (await sendNow(key, after)) || queued;
    // Queued after the link's own writes, so the records as they are now land after them.
    // queueEverything tells the outbox itself.
    if (linking.changedBeforeEntering()) await queueEverything();
    if (queued) announceStudyQueued();
    return result;
  });
}

/** The linked space's words, to show on this device so another can be linked. */
export async function spaceWords(): Promise<string[]> {
  const space = await linkedSpace();
  if (!space) throw new Error(SPACE_MESSAGES.notLinked);
  return (await loadSpaceWords()).wordsOfKey(space.key);
}

/** Forgets the space's key and cursor; every note stays on this device. */
export async function stopSyncing(): Promise<void> {
  await leaveSpace(undefined);
}

/**
 * A new key for the family's notes (when the words may have been seen by someone else): a new
 * space gets everything this device holds, sealed under the new key, then the old space is removed,
 * so its other devices are told to link again with the new words. Answers the new words.
 */
export async function rotateSpace(): Promise<string[]> {
  const old = await linkedSpace();
  if (!old) throw new Error(SPACE_MESSAGES.notLinked);
  const { newSpaceKey, wordsOfKey } = await loadSpaceWords();
  // Writes queued from here on go to the new space (the push seals them for whichever is linked).
  const lastQueued = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
  const key = newSpaceKey();
  const keys = await keysOf(key);
  await makeSpace(key);
  // Sent here, not through the outbox: the old space goes only once the new one holds everything.
  const records = await everyRecord();
  const cursor = await withKept(key, async (name) => {
    let last = 0;
    for (const write of writesOf(await sealKept(key, records, name), (seal) => seal.size)) {
      const answer = resultOf<{ cursor?: unknown }>(await writeKept(keys, name, write.map((seal) => seal.rid), `op-${newObjectId()}`)).data;
      last = Number(answer.cursor) || last;
    }
    return last;
  });
  await db.transaction('rw', [db.meta, db.outbox], async () => {
    await db.outbox.filter((entry) => entry.kind === STUDY_WRITE_KIND && entry.seq! <= lastQueued).delete();
    await writeSpaceState({ status: 'linked', key, cursor, syncedAt: Date.now() });
  });
  const oldKeys = await keysOf(old.key);
  await api('DELETE', spacePath(oldKeys.spaceId), { headers: headersOf(oldKeys.credential) });
  return wordsOfKey(key);
}

