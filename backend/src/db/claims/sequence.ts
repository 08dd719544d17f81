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
//   insert, so a change costs two inserts here (its claim and its `writing` fate, below) and
//   nothing more on the usual path.
//
// Numbers are claimed before the change is written, so a reader could see change 11 while 10 is
// still being written, move its cursor past 10 and never see it. A claim is therefore made
// "unsettled" and readers stop below the first unsettled one (`horizon()`). It is settled by:
// - the Idempotency-Key record it names (`key`, `attempt`; db/claims/key-records.ts): once the request
//   that made it has stored its answer (or given its key back), all its changes are settled by
//   that one update;
// - `done: true`, set after the write, for a change made without a record;
// - its fate, once it is SEQ_SETTLE_EXPECTED_MS old (its writer may have died): abandoned before
//   anything was written, written, or given up and watched should its write land after all
//   (db/claims/sequence-fates.ts);
// - age: a claim older than CLAIM_STALE_MS belongs to a crashed writer and holds nobody back.
// Each claim also names what changed (`ref`, e.g. `article:<id>`), so the claims double as a short
// change log: a reader that knows the horizon moved from 40 to 43 reads claims "41".."43" by `_id`
// and then only those things (modules/sync/read-model.ts), instead of scanning for `seq > 40`.
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import { HttpError } from '../../errors.ts';
import { CLAIM_STALE_MS, insertClaim, isStale } from './claim.ts';
import { IDEMPOTENCY_COLLECTION, recordFinished, type KeyDoc, type KeyHold } from './key-records.ts';
import { SEQ_SETTLE_EXPECTED_MS, sequenceFates, type ClaimedThings } from './sequence-fates.ts';

export { SEQ_SETTLE_EXPECTED_MS, type ClaimedThings, type FateDoc } from './sequence-fates.ts';

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
/** A reader that has not looked for this long starts again from the hint (claims may be pruned). */
const SEQ_HINT_REREAD_MS = 60_000;
/** Readers write the settled horizon down at most this often (for fresh instances). */
const SEQ_HINT_RAISE_EVERY_MS = 1000;
/** Writers write the newest number down every this many claims (where fresh writers start). */
const SEQ_HINT_EVERY_CLAIMS = 16;
/** Claim documents a process keeps at hand after reading them (the read model asks again). */
const SEQ_RECENT_CLAIMS_KEPT = 512;
/** Hint documents in `counters`: at or below the newest claim, and at or below the settled horizon. */
const NEWEST_HINT_ID = 'seq';
const SETTLED_HINT_ID = 'seq-settled';

interface CounterDoc {
  _id: string;
  value: number;
}
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
}
interface MetaDoc {
  _id: string;
  epoch?: string;
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
   * Idempotency-Key record is finished; without, by `settle(n)`.
   */
  claim(ref?: string, hold?: KeyHold): Promise<number>;
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
  const counters = connection.collection<CounterDoc>('counters');
  const claims = connection.collection<ClaimDoc>('seq_claims');
  const fates = sequenceFates(connection);
  const keys = connection.collection<KeyDoc>(IDEMPOTENCY_COLLECTION);
  const meta = connection.collection<MetaDoc>('meta');
  let epoch: Promise<string> | undefined;
  let lastPruneMs = 0;
  /** The highest number this process knows to be claimed (0: not known yet). */
  let newestKnown = 0;
  /** The settled horizon this process last found, and when. */
  let settledKnown: { committed: number; atMs: number } | null = null;
  let lastRaise = { value: 0, atMs: 0 };
  /** The newest-number hint as this process last wrote or read it. */
  let newestStored = 0;
  /** Numbers this process settled itself (no need to ask the database), above its horizon. */
  const settledLocally = new Set<number>();
  /** Claims read or made lately, by number: the read model asks for the same ones again. */
  const recent = new Map<number, ClaimDoc>();
  const settledListeners: (() => void)[] = [];

  const hint = async (id: string) => (await counters.findOne({ _id: id }))?.value ?? 0;

  /** Not awaited: a hint only says where to start looking. */
  function raiseHint(id: string, value: number): Promise<boolean> {
    // `$max` is not atomic on FerretDB, so a racing raise may leave a lower value; every value a
    // caller writes was true when written, which is all a starting point needs.
    return counters.updateOne({ _id: id }, { $max: { value } }, { upsert: true }).then(
      () => true,
      // Two first upserts at once, or the database away: a later raise tries again.
      () => false,
    );
  }

  /** Where a writer that knows nothing yet starts: the newest of the two hints. */
  async function storedStart(): Promise<number> {
    const [newest, settled] = await Promise.all([hint(NEWEST_HINT_ID), hint(SETTLED_HINT_ID)]);
    newestStored = Math.max(newestStored, newest);
    return Math.max(newest, settled);
  }

  function remember(claim: ClaimDoc): void {
    recent.set(claim.n, claim);
    if (claim.n > newestKnown) newestKnown = claim.n;
    if (recent.size > SEQ_RECENT_CLAIMS_KEPT) recent.delete(recent.keys().next().value!);
  }

  async function readClaim(n: number): Promise<ClaimDoc | null> {
    const held = recent.get(n);
    if (held && (held.done !== false || settledLocally.has(n))) return held;
    const found = await claims.findOne({ _id: String(n) });
    if (found) remember(found);
    return found;
  }

  async function isSettled(claim: ClaimDoc, nowMs: number, things?: ClaimedThings): Promise<boolean> {
    if (settledLocally.has(claim.n) || isStale(claim.at, nowMs)) return true;
    let settled: boolean;
    if (claim.key !== undefined) {
      const record = await keys.findOne({ _id: claim.key }, { projection: { state: 1, attempt: 1 } });
      settled = recordFinished(record, { id: claim.key, attempt: claim.attempt ?? 0 });
    } else {
      settled = claim.done !== false;
    }
    if (settled || nowMs - claim.at.getTime() < SEQ_SETTLE_EXPECTED_MS) return settled;
    if (!(await fates.resolveOverdue(claim, things))) return false;
    // Final either way (an abandoned number is never written; a written change stays written).
    settledLocally.add(claim.n);
    return true;
  }

  function pruneOldClaims(nowMs: number, below: number) {
    if (nowMs - lastPruneMs < SEQ_CLAIM_PRUNE_EVERY_MS) return;
    lastPruneMs = nowMs;
    const old = { n: { $lt: below - SEQ_CLAIM_KEEP_COUNT }, at: { $lt: new Date(nowMs - SEQ_CLAIM_KEEP_MS) } };
    // Housekeeping only; the next attempt comes a minute later.
    claims.deleteMany(old).catch(() => {});
    fates.prune(old);
  }

  async function claim(ref: string | undefined, hold: KeyHold | undefined): Promise<number> {
    if (!newestKnown) newestKnown = await storedStart();
    // Far enough below what is written down (a hint) or known settled that no reader or writer
    // starts there again; the age rule alone would keep a claim a fresh start could still need.
    pruneOldClaims(Date.now(), Math.max(newestStored, settledKnown?.committed ?? 0));
    let candidate = newestKnown + 1;
    for (let attempt = 1; attempt <= SEQ_CLAIM_MAX_ATTEMPTS; attempt++) {
      const doc: ClaimDoc = {
        _id: String(candidate),
        n: candidate,
        at: new Date(),
        ...(ref === undefined ? {} : { ref }),
        ...(hold ? { key: hold.id, attempt: hold.attempt } : { done: false }),
      };
      // The number is ours once the claim is in and its fate is `writing`: a reader that found the
      // claim overdue first has abandoned it, and the next number is tried instead. Should the
      // fate insert fail, the claim has no fate and readers abandon it once overdue.
      if ((await insertClaim(claims, doc)) && (await fates.begin(candidate))) {
        remember(doc);
        // Now and then, and whenever another instance made this one walk: a newer starting point.
        if (attempt > 1 || candidate - newestStored >= SEQ_HINT_EVERY_CLAIMS) {
          const written = candidate;
          void raiseHint(NEWEST_HINT_ID, written).then((ok) => {
            if (ok) newestStored = Math.max(newestStored, written);
          });
        }
        return candidate;
      }
      candidate =
        attempt % SEQ_REREAD_EVERY_ATTEMPTS === 0
          ? Math.max(candidate + 1, (await storedStart()) + 1)
          : candidate + 1;
    }
    throw new HttpError('BUSY', 'The server is busy saving other changes. Please try again.');
  }

  function markSettled(numbers: readonly number[]): void {
    for (const n of numbers) settledLocally.add(n);
    for (const listener of settledListeners) listener();
  }

  async function settle(n: number): Promise<void> {
    try {
      await claims.updateOne({ _id: String(n) }, { $set: { done: true } });
      const held = recent.get(n);
      if (held) held.done = true;
    } finally {
      // Settled here either way: the write itself is over. Should the mark be lost, other
      // instances wait for the claim to go stale.
      markSettled([n]);
    }
  }

  async function loadEpoch(): Promise<string> {
    const found = await meta.findOne({ _id: 'sequence' });
    if (found?.epoch) return found.epoch;
    // Of two instances starting at once, the first insert wins and both read its epoch.
    await insertClaim(meta, { _id: 'sequence', epoch: crypto.randomBytes(6).toString('hex') });
    const stored = await meta.findOne({ _id: 'sequence' });
    if (!stored?.epoch) throw new Error('The sequence epoch could not be stored.');
    return stored.epoch;
  }

  /**
   * Where a reader may start: a number every claim at or below which is settled. Its own last
   * horizon while that is recent (the claims above it cannot have been pruned since), else the
   * hint readers keep; either is checked against what is claimed above it.
   */
  async function settledStart(nowMs: number): Promise<number> {
    const known = settledKnown?.committed ?? 0;
    const recentlyKnown = settledKnown !== null && nowMs - settledKnown.atMs <= SEQ_HINT_REREAD_MS;
    const start = recentlyKnown ? known : Math.max(known, await hint(SETTLED_HINT_ID));
    if (await readClaim(start + 1)) return start;
    // Nothing claimed just above: nothing new, unless higher numbers are known to be taken.
    if (recentlyKnown && newestKnown <= start) return start;
    return oldestKeptAbove(start);
  }

  /**
   * Nothing is claimed just above `start`, yet higher numbers are taken: the claims there were
   * pruned (a start nobody moved for minutes, or a database from before the settled hint) or
   * never made (numbers given out in bulk while no server ran). The claims still kept run from
   * some number up to the newest, so walk down from the newest known to the oldest one kept:
   * anything below that is long settled.
   */
  async function oldestKeptAbove(start: number): Promise<number> {
    let low = Math.max(newestKnown, await hint(NEWEST_HINT_ID));
    while (low > start && (await readClaim(low))) low -= 1;
    return Math.max(low, start);
  }

  return {
    claim,
    settle,
    failed: fates.failed,
    settledHere: markSettled,
    onSettled(listener) {
      settledListeners.push(listener);
    },
    async claimOf(n) {
      return readClaim(n);
    },
    async next(write, ref) {
      const n = await claim(ref, undefined);
      try {
        return await write(n);
      } finally {
        await settle(n).catch(() => {});
      }
    },

    async horizon(options) {
      const nowMs = Date.now();
      epoch ??= loadEpoch().catch((error: unknown) => {
        epoch = undefined;
        throw error;
      });
      // Awaited last; if a read before it fails (the connection closing), its own failure must not
      // surface as an unhandled rejection.
      epoch.catch(() => {});
      // Claims are contiguous, so walking up from a settled number by `_id` meets every claim
      // above it; the horizon stops below the first one still being written.
      let n = await settledStart(nowMs);
      let committed: number | undefined;
      for (let claim = await readClaim(n + 1); claim; claim = await readClaim(n + 1)) {
        n += 1;
        if (committed === undefined && !(await isSettled(claim, nowMs, options?.things))) committed = n - 1;
      }
      committed ??= n;
      fates.watchLate(nowMs, options?.things);
      if (n > newestKnown) newestKnown = n;
      if (!settledKnown || committed >= settledKnown.committed) settledKnown = { committed, atMs: nowMs };
      for (const settledNumber of settledLocally) if (settledNumber <= committed) settledLocally.delete(settledNumber);
      if (committed > lastRaise.value && nowMs - lastRaise.atMs >= SEQ_HINT_RAISE_EVERY_MS) {
        lastRaise = { value: committed, atMs: nowMs };
        void raiseHint(SETTLED_HINT_ID, committed);
      }
      return { epoch: await epoch, committed, claimed: n };
    },
  };
}
