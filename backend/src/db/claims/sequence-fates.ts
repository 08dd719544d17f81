// What became of a claimed change number (db/claims/sequence.ts) whose writer may have died: its fate,
// one per number in `seq_fates`, decided by unique insert (db/claims/claim.ts) like every race here.
//
// - A writer inserts no fate: its claim is its promise to write within CLAIM_STALE_MS, the bound
//   every writer keeps (a request's time limit is far below it). So a number costs its writer one
//   insert, the claim.
// - A reader that finds a claim unsettled SEQ_SETTLE_EXPECTED_MS after it was made (a change is
//   written within milliseconds) passes it when the thing it names carries it or a later number
//   (its change is written; readers read it by `ref`). Otherwise its writer died, or stalled
//   before or within its write: the number is given up (`abandoned`, `late`) and watched until
//   CLAIM_STALE_MS. Should the write land after all, at a number readers have passed, the one
//   reader that inserts `<n>:moved` first moves the thing to a fresh number, so no device misses
//   it. Every reader that passes the number watches it, so the move does not depend on one process.
// - A writer whose write failed marks its own number given up (`failed`), so a settlement lost
//   with the database (a key record left pending) holds nobody back either.
// - Fates from before writers stopped inserting them: `writing` (its writer was alive right after
//   its claim) is treated as no fate; a plain `abandoned` (a number its writer never wrote, as the
//   writer learnt from that fate) is passed without watching.
// Fates are pruned with the claims. Every step is an `_id` insert, read or update.
import type mongoose from 'mongoose';
import { CLAIM_STALE_MS, insertClaim } from './claim.ts';
import type { ClaimDoc } from './sequence.ts';

/**
 * A claim not settled this long after it was made is looked into. Far above a change's own
 * writing time (milliseconds), and short enough that a write acknowledged after a crash reaches
 * readers within two seconds (this plus read-model.ts READ_MODEL_MAX_AGE_MS).
 */
export const SEQ_SETTLE_EXPECTED_MS = 1_000;
/** How often a process looks whether a write given up while being written landed after all. */
const SEQ_LATE_CHECK_MS = 2_000;

export interface FateDoc {
  _id: string;
  n: number;
  at: Date;
  /**
   * `moved`: the record (`<n>:moved`) of the one reader that renumbers a late write of `n`.
   * `writing`: only in databases from before writers stopped inserting fates (treated as none).
   */
  state: 'writing' | 'abandoned' | 'moved';
  /** Given up while (or after) being written: its write may still land, at a number readers passed. */
  late?: boolean;
}

/** What a claim's `ref` names, as far as the sequence needs it (modules/sync/read-model.ts). */
export interface ClaimedThings {
  /** The change number the thing (or its tombstone) carries now; null when it is not there. */
  seqOf(claim: ClaimDoc): Promise<number | null>;
  /** Moves the thing, still at `claim.n`, to a fresh number (a change of its own). */
  move(claim: ClaimDoc): Promise<void>;
}

export function sequenceFates(connection: mongoose.Connection) {
  const fates = connection.collection<FateDoc>('seq_fates');
  /** Numbers this process passed while their write may still land (watchLate). */
  const watched = new Map<number, ClaimDoc>();
  let lastWatchMs = 0;
  let watching: Promise<void> | null = null;
  const giveUp = (id: string) =>
    fates.updateOne(
      { _id: id },
      { $set: { state: 'abandoned', late: true }, $setOnInsert: { n: Number(id), at: new Date() } },
      { upsert: true },
    );

  return {
    /**
     * Whether an overdue claim may be passed: only with `things`, which tells whether its change is
     * written and lets a late one be moved.
     */
    async resolveOverdue(claim: ClaimDoc, things?: ClaimedThings): Promise<boolean> {
      if (!things) return false;
      const fate = await fates.findOne({ _id: claim._id });
      // An older version's plain `abandoned`: its writer learnt of it and never wrote the number.
      if (fate?.state === 'abandoned' && !fate.late) return true;
      if (fate?.state !== 'abandoned') {
        const seq = await things.seqOf(claim);
        if (seq !== null && seq >= claim.n) return true;
        // Not written yet: given up. Racing readers, and the writer itself (failed), all write the same.
        if (fate || !(await insertClaim(fates, { _id: claim._id, n: claim.n, at: new Date(), state: 'abandoned', late: true }))) {
          await giveUp(claim._id);
        }
      }
      // Given up: watched, should its write land after all.
      watched.set(claim.n, claim);
      return true;
    },

    /** Now and then (not awaited by readers): moves a given-up write that landed after all. */
    watchLate(nowMs: number, things?: ClaimedThings): void {
      if (!things || watched.size === 0 || watching || nowMs - lastWatchMs < SEQ_LATE_CHECK_MS) return;
      lastWatchMs = nowMs;
      watching = (async () => {
        for (const [n, claim] of [...watched]) {
          if (nowMs - claim.at.getTime() > CLAIM_STALE_MS) {
            watched.delete(n);
            continue;
          }
          const seq = await things.seqOf(claim);
          if (seq === null || seq < n) continue;
          watched.delete(n);
          // Still at its old number, which readers passed: one reader moves it.
          if (seq === n && (await insertClaim(fates, { _id: `${n}:moved`, n, at: new Date(), state: 'moved' }))) {
            await things.move(claim);
          }
        }
      })()
        .catch(() => {
          // Looked at again on the next round.
        })
        .finally(() => {
          watching = null;
        });
    },

    /** The write of `n` failed; retried in the background while the database is away. */
    failed(n: number): void {
      const startedMs = Date.now();
      const mark = (): void => {
        giveUp(String(n)).catch(() => {
          if (Date.now() - startedMs < CLAIM_STALE_MS) setTimeout(mark, SEQ_SETTLE_EXPECTED_MS).unref();
        });
      };
      mark();
    },

    prune(old: object): void {
      fates.deleteMany(old).catch(() => {});
    },
  };
}
