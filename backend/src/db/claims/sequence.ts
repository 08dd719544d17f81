// The global change sequence the delta feeds page by. Every change to published content (article
// create, edit, publish toggle, delete; comment approve, delete) claims a number through
// db/write-change.ts and stamps it on the document (or tombstone) it writes.
//
// Three FerretDB 1.24 (SQLite) facts shape this file, all measured here:
// - `$inc` on a counter loses increments under concurrency (150 parallel increments gave 35
//   distinct values), and two changes sharing a number can be skipped at a page boundary. A
//   number is therefore claimed by inserting `{ _id: "<n>" }` into `seq_claims`, which only one
//   caller can do. Claimed numbers are contiguous: a caller only moves past a number someone holds.
// - Only equality on a string or ObjectId `_id` is answered from an index (thanks to the index
//   scripts/ferretdb/idindex adds); sorts, ranges and other filters read the whole collection. So
//   claims are found by probing `_id`s upward from a number known to be settled, and `seq_claims`
//   is kept short: only the last minutes of claims matter, older ones are deleted.
// - Every round trip costs about a millisecond (a SQLite transaction), and an update more than an
//   insert, so a change costs one insert here (its claim, below) and nothing more on the usual path.
//
// Numbers are claimed before the change is written, so a reader could see change 11 while 10 is
// still being written, move its cursor past 10 and never see it. A claim is therefore made
// "unsettled" and readers stop below the first unsettled one (`horizon()`). It is settled by:
// - the Idempotency-Key record it names (`key`, `attempt`; db/claims/key-records.ts): once the request
//   that made it has stored its answer (or given its key back), all its changes are settled by
//   that one update;
// - `done: true`, set after the write, for a change made without a record;
// - the thing it names (`byThing`), for a change made without a record whose own write stamps the
//   number on that thing (a visitor's comment): a reader that finds the thing carrying this number
//   or a later one knows the change is written, so the writer sends nothing more to settle it;
// - its fate, once it is SEQ_SETTLE_EXPECTED_MS old (its writer may have died): written, or given
//   up and watched should its write land after all (db/claims/sequence-fates.ts);
// - age: a claim older than CLAIM_STALE_MS belongs to a crashed writer and holds nobody back.
// Each claim also names what changed (`ref`, e.g. `article:<id>`), so the claims double as a short
// change log: a reader that knows the horizon moved from 40 to 43 reads claims "41".."43" by `_id`
// and then only those things (modules/sync/read-model.ts), instead of scanning for `seq > 40`.
//
// This file claims numbers; the horizon walk is db/claims/sequence-horizon.ts, what a process
// keeps in memory between the two is db/claims/sequence-state.ts.
import type mongoose from 'mongoose';
import { HttpError } from '../../errors.ts';
import { CLAIM_STALE_MS, insertClaim } from './claim.ts';
import type { KeyHold } from './key-records.ts';
import type { ClaimedThings } from './sequence-fates.ts';
import { findHorizon } from './sequence-horizon.ts';
import {
  NEWEST_HINT_ID,
  markSettled,
  raiseHint,
  readClaim,
  remember,
  sequenceState,
  storedStart,
  type SequenceState,
} from './sequence-state.ts';

export { SEQ_SETTLE_EXPECTED_MS, type ClaimedThings, type FateDoc } from './sequence-fates.ts';
export { SEQ_CLAIMS_COLLECTION } from './sequence-state.ts';

/**
 * Claims are kept this long and at least this many below the newest-number hint this process
 * wrote. A reader starts from a number it knows settled (its own last horizon, or the hint readers
 * keep), a writer from the newest it knows, and no claim holds readers back longer than
 * CLAIM_STALE_MS, so an older claim is never needed again.
 */
export const SEQ_CLAIM_KEEP_MS = 10 * CLAIM_STALE_MS;
const SEQ_CLAIM_KEEP_COUNT = 100;
const SEQ_CLAIM_PRUNE_EVERY_MS = 60_000;
const SEQ_CLAIM_MAX_ATTEMPTS = 500;
/** While walking past taken numbers, re-read the newest-number hint every this many attempts. */
const SEQ_REREAD_EVERY_ATTEMPTS = 8;
/** Writers write the newest number down every this many claims (where fresh writers start). */
const SEQ_HINT_EVERY_CLAIMS = 16;

export interface ClaimDoc {
  /** The number as text: only string and ObjectId ids are looked up by index on FerretDB. */
  _id: string;
  n: number;
  at: Date;
  /** What the change is about, `<kind>:<id>` (absent from claims made without one). */
  ref?: string;
  /** The Idempotency-Key record whose finishing settles this change, and its attempt. */
  key?: string;
  attempt?: number;
  /** A change without a record: false while written, then true. Absent on older claims (settled). */
  done?: boolean;
  /**
   * Settled once the thing `ref` names carries `n` or a later number (read through ClaimedThings),
   * or by `done: true` when its write stamped nothing (a repeat, a failure).
   */
  byThing?: true;
  /** A number filled after its own claim failed (fillGap): it names no change at all. */
  gap?: true;
}

export interface Horizon {
  /** Changes when the database is replaced, so ETags from another database never match. */
  epoch: string;
  /** Every change numbered up to here has been written. */
  committed: number;
  /**
   * The highest number claimed so far (its change may still be being written): no cursor this
   * database handed out is above it, so a larger one was made up.
   */
  claimed: number;
}

export interface Sequence {
  /**
   * Claims the next number for a change of `ref`. With `hold`, the change is settled when that
   * Idempotency-Key record is finished; with BY_THING, when the thing `ref` names carries the
   * number (its write stamps it there); without either, by `settle(n)`.
   */
  claim(ref?: string, hold?: KeyHold | typeof BY_THING): Promise<number>;
  /** Marks a change claimed without a record as written (or given up); readers may pass it. */
  settle(n: number): Promise<void>;
  /**
   * The write of `n` failed: its number names no change. Its fate says so (retried in the
   * background while the database is away), so readers pass it once overdue even when the
   * settlement is lost with the database (a key record left pending, a `done` never set).
   */
  failed(n: number): void;
  /** This process finished the record that settles `numbers`: its readers may pass them now. */
  settledHere(numbers: readonly number[]): void;
  /** Runs `write` with a fresh number and settles it (tools and the seed; services use write-change). */
  next<T>(write: (seq: number) => Promise<T>, ref?: string): Promise<T>;
  /**
   * `things`: how to read and renumber what a claim names (the read model knows the collections).
   * Without it, an overdue claim is passed only when nothing was being written under it.
   */
  horizon(options?: { things?: ClaimedThings }): Promise<Horizon>;
  /** The claim of one number (its `ref` says what changed), or null once pruned. */
  claimOf(n: number): Promise<ClaimDoc | null>;
  /** Calls `listener` each time a change of this process settles (it may now be read). */
  onSettled(listener: () => void): void;
}

/** Sequence.claim's `hold` for a change settled by the thing it names carrying its number. */
export const BY_THING = 'by-thing';

const sequences = new WeakMap<mongoose.Connection, Sequence>();

/** The sequence of this connection's database (one per connection, shared by every module). */
export function sequenceOn(connection: mongoose.Connection): Sequence {
  let sequence = sequences.get(connection);
  if (!sequence) {
    sequence = createSequence(connection);
    sequences.set(connection, sequence);
  }
  return sequence;
}

function createSequence(connection: mongoose.Connection): Sequence {
  const state = sequenceState(connection);
  return {
    claim: (ref, hold) => claimNumber(state, ref, hold),
    settle: (n) => settle(state, n),
    failed: state.fates.failed,
    settledHere: (numbers) => markSettled(state, numbers),
    onSettled(listener) {
      state.settledListeners.push(listener);
    },
    async claimOf(n) {
      return readClaim(state, n);
    },
    async next(write, ref) {
      const n = await claimNumber(state, ref, undefined);
      try {
        return await write(n);
      } finally {
        await settle(state, n).catch(() => {});
      }
    },
    horizon: (options) => findHorizon(state, options?.things),
  };
}

/** The claim document of `n` for a change of `ref`, settled by `hold`, its thing or `settle(n)`. */
function claimDoc(n: number, ref: string | undefined, hold: KeyHold | typeof BY_THING | undefined): ClaimDoc {
  const settledBy = hold === BY_THING ? { byThing: true as const } : hold ? { key: hold.id, attempt: hold.attempt } : { done: false };
  return {
    _id: String(n),
    n,
    at: new Date(),
    ...(ref === undefined ? {} : { ref }),
    ...settledBy,
  };
}

async function claimNumber(
  state: SequenceState,
  ref: string | undefined,
  hold: KeyHold | typeof BY_THING | undefined,
): Promise<number> {
  if (!state.newestKnown) state.newestKnown = await storedStart(state);
  // Far enough below what is written down (a hint) or known settled that no reader or writer
  // starts there again; the age rule alone would keep a claim a fresh start could still need.
  pruneOldClaims(
    state,
    Date.now(),
    Math.max(state.newestStored, state.settledKnown?.committed ?? 0),
  );
  let candidate = nextCandidate(state);
  for (let attempt = 1; attempt <= SEQ_CLAIM_MAX_ATTEMPTS; attempt++) {
    const doc = claimDoc(candidate, ref, hold);
    let inserted: boolean;
    try {
      inserted = await insertClaim(state.claims, doc);
    } catch (error) {
      fillGap(state, candidate);
      throw error;
    }
    // The number is ours once the claim is in. Should its write come after readers gave the
    // number up (a writer stalled past SEQ_SETTLE_EXPECTED_MS), it is moved (sequence-fates.ts).
    if (inserted) {
      remember(state, doc);
      // Now and then, and whenever another instance made this one walk: a newer starting point.
      if (attempt > 1 || candidate - state.newestStored >= SEQ_HINT_EVERY_CLAIMS)
        raiseNewestHint(state, candidate);
      return candidate;
    }
    candidate = nextCandidate(
      state,
      attempt % SEQ_REREAD_EVERY_ATTEMPTS === 0 ? await storedStart(state) : 0,
    );
  }
  throw new HttpError('BUSY', 'The server is busy saving other changes. Please try again.');
}

/**
 * The next number this process tries: above every number it knows to be claimed and every number
 * it handed to a claim still in flight (and above `atLeast`). Concurrent claims of one process
 * thus try different numbers instead of all racing for the same one, which cost a refused insert
 * per claim ahead of each. A number is only passed while someone holds it or is trying it, so the
 * claims stay contiguous; the one way a try can leave a gap (its insert failed without an answer)
 * is filled by fillGap.
 */
function nextCandidate(state: SequenceState, atLeast = 0): number {
  state.handedOut = Math.max(state.newestKnown, state.handedOut, atLeast) + 1;
  return state.handedOut;
}

/** Between tries to fill a gap while the database is away. */
const SEQ_GAP_RETRY_MS = 1000;

/**
 * `n`'s claim failed without an answer (it may or may not be in), while this process may have
 * claimed numbers above it: readers walk claims one by one and stop at a missing one. A settled
 * claim marked `gap` fills the number (readers pass it, the read model reads nothing for it); if
 * the claim did go in, the fill is refused and nothing changes. Tried again
 * until it is in or refused, so readers are held back no longer than the database is away.
 */
function fillGap(state: SequenceState, n: number): void {
  const fill = (): void => {
    insertClaim(state.claims, { _id: String(n), n, at: new Date(), done: true, gap: true }).catch(() => {
      setTimeout(fill, SEQ_GAP_RETRY_MS).unref();
    });
  };
  fill();
}

/**
 * `newestStored` moves only once the raise is in (claims are pruned relative to it), so while one
 * raise is on its way the claims after it would each send another: those wait for the next turn.
 */
function raiseNewestHint(state: SequenceState, written: number): void {
  if (state.hintRaising) return;
  state.hintRaising = true;
  void raiseHint(state, NEWEST_HINT_ID, written).then((ok) => {
    if (ok) state.newestStored = Math.max(state.newestStored, written);
    state.hintRaising = false;
  });
}

function pruneOldClaims(state: SequenceState, nowMs: number, below: number): void {
  if (nowMs - state.lastPruneMs < SEQ_CLAIM_PRUNE_EVERY_MS) return;
  state.lastPruneMs = nowMs;
  const old = {
    n: { $lt: below - SEQ_CLAIM_KEEP_COUNT },
    at: { $lt: new Date(nowMs - SEQ_CLAIM_KEEP_MS) },
  };
  // Housekeeping only; the next attempt comes a minute later.
  state.claims.deleteMany(old).catch(() => {});
  state.fates.prune(old);
}

async function settle(state: SequenceState, n: number): Promise<void> {
  try {
    await state.claims.updateOne({ _id: String(n) }, { $set: { done: true } });
    const held = state.recent.get(n);
    if (held) held.done = true;
  } finally {
    // Settled here either way: the write itself is over. Should the mark be lost, other
    // instances wait for the claim to go stale.
    markSettled(state, [n]);
  }
}
