// One way through a server write. Every change a service makes (articles, comments, worship
// lessons) goes through writeChange, which makes the write's claims in one order:
//
//   1. the Idempotency-Key record: claimed by the request before its handler runs
//      (middleware/idempotency.ts, db/claims/key-records.ts); the change is made under that scope, the
//      request's current one (db/write-scope.ts), so no caller passes it. A visitor's comment has
//      none: its id comes from the key, so its own insert is what refuses a repeat;
//   2. the version claim, for a change that moves a record to its next version
//      (db/claims/version-claims.ts): only one change per version wins, the loser is told so;
//   3. the change number, for a change the delta feeds report (db/claims/sequence.ts): its claim, a
//      promise to write within CLAIM_STALE_MS (a write that lands after readers gave its number
//      up is moved to a fresh one, db/claims/sequence-fates.ts);
//
// then writes the change itself, and settles what it claimed. Each claim is one `_id` insert
// (FerretDB 1.24 has no transactions, and only a unique insert is atomic under concurrency). A
// number claimed under a key record is settled by that record's answer, which the request stores
// anyway, so a change costs its claims and its own write and nothing more: an edit is the version
// insert, the number's insert and the update (plus, for a save that changes the text, the insert
// of the revision it replaces, made `beside` the number's, in its round trip); a number claimed
// without a record takes one more update to settle, unless the change's own write stamps it on
// the thing its ref names (a visitor's comment: `settledByThing`), where readers see it written.
// If the write fails, the version claim is given back (the next try may take it) and the number is
// settled all the same (it names a change that did not happen, which readers skip), so no failure
// holds the feeds back.
//
// Round trips per call are counted in db/write-change.test.ts.
import type mongoose from 'mongoose';
import { BY_THING, sequenceOn, type VersionClaims } from './claims/index.ts';
import { currentWriteScope } from './write-scope.ts';

interface VersionStep {
  claims: VersionClaims;
  id: string;
  /** The version the change writes (the stored one plus one). */
  version: number;
  /** The stored version now, read only to take over a claim whose writer died. */
  stored: () => Promise<number | null>;
}

export interface Change<T> {
  /** Moves a record to its next version: the change is written only if this caller wins it. */
  version?: VersionStep;
  /** `<kind>:<id>` (sync/tombstone.model.ts changeRef): the change takes a number for the feeds. */
  ref?: string;
  /**
   * Settle the number as soon as the change is written, not when the request's key record is
   * finished: for a change a later step of the same request reads back through the read model
   * (a publish toggle, then the renumbering of its comments). Costs one more update.
   */
  settleNow?: boolean;
  /**
   * The change's own write stamps its number on the thing `ref` names (a visitor's comment, made
   * under no key record): readers see it written there (db/claims/sequence.ts `byThing`), so it
   * costs no settlement. `landed(value)` says whether the write stamped it; one that did not (a
   * repeat) or that failed is settled by an update, as a change without a record is.
   */
  settledByThing?: { landed: (value: T) => boolean };
  /**
   * A write that needs the version won but not the number (an article's replaced version, kept as
   * a revision), or a claim the change must win too (a visitor's rate-limit slot, which goes in the
   * number's own insert, middleware/rate-limit.ts commentRateLimit): it goes beside the number's
   * claim, in the same round trip. If it fails, the change is not made and fails as if `apply` had.
   */
  beside?: () => Promise<void>;
  /** Writes the change; `seq` is its number (0 without `ref`). */
  apply: (seq: number) => Promise<T>;
}

/** `written: false` only when another change took the version first (the caller answers 409). */
export type Written<T> = { written: true; value: T } | { written: false };

/**
 * Makes `change` under the current request's write scope (none outside a request). Without a
 * version step a change is always written (or its error thrown).
 */
export function writeChange<T>(
  connection: mongoose.Connection,
  change: Change<T> & { version?: undefined },
): Promise<{ written: true; value: T }>;
export function writeChange<T>(
  connection: mongoose.Connection,
  change: Change<T>,
): Promise<Written<T>>;
export async function writeChange<T>(
  connection: mongoose.Connection,
  { version, ref, settleNow, settledByThing, beside, apply }: Change<T>,
): Promise<Written<T>> {
  const scope = currentWriteScope();
  if (version && !(await version.claims.claim(version.id, version.version, version.stored))) {
    return { written: false };
  }
  const giveBackVersion = () => version?.claims.release(version.id, version.version).catch(() => {});
  const sequence = sequenceOn(connection);
  const hold = settledByThing ? BY_THING : settleNow ? undefined : scope?.key;
  const [numbered, besideDone] = await Promise.allSettled([
    ref === undefined ? 0 : sequence.claim(ref, hold),
    beside?.(),
  ]);
  if (numbered.status === 'rejected') {
    await giveBackVersion();
    throw numbered.reason;
  }
  const seq = numbered.value;
  let stamped = false;
  try {
    if (besideDone.status === 'rejected') throw besideDone.reason;
    // The point of no return: a request already answered "nothing was saved" stops here.
    scope?.deadline?.enterWrite();
    const value = await apply(seq);
    stamped = settledByThing?.landed(value) ?? false;
    return { written: true, value };
  } catch (error) {
    await giveBackVersion();
    if (ref !== undefined) sequence.failed(seq);
    throw error;
  } finally {
    if (ref !== undefined) {
      if (stamped) sequence.settledHere([seq]);
      else if (hold && hold !== BY_THING) scope!.whenFinished(() => sequence.settledHere([seq]));
      // A settle that fails leaves the claim unsettled: other instances pass it once its change is
      // seen written (db/claims/sequence.ts), or, if the write never landed, once it is stale.
      else await sequence.settle(seq).catch(() => {});
    }
  }
}
