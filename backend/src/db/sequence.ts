// The global change sequence the delta feeds page by. Every change to published content (article
// create, edit, publish toggle, delete; comment approve, delete) runs inside `next()` and stamps
// the number it gets on the document (or tombstone) it writes.
//
// Three FerretDB 1.24 (SQLite) facts shape this file, all measured here:
// - `$inc` on a counter loses increments under concurrency (150 parallel increments gave 35
//   distinct values), and two changes sharing a number can be skipped at a page boundary. A
//   number is therefore claimed by inserting `{ _id: "<n>" }` into `seq_claims`, which only one
//   caller can do. Claimed numbers are contiguous: a caller only moves past a number someone holds.
// - Only equality on a string or ObjectId `_id` is answered from an index (and only thanks to the
//   index scripts/ferretdb/idindex adds; sorts, ranges and other filters read the whole
//   collection, in Go). So the newest claim
//   is found by probing upward from a hint (`counters`, `{ _id: 'seq', value }`), and `seq_claims`
//   is kept short: only the last minutes of claims matter, older ones are deleted.
// - Numbers are claimed before the change is written, so a reader could see change 11 while 10 is
//   still being written, move its cursor past 10 and never see it. Each writer holds a lease in
//   the small `seq_leases` collection from before its claim until its write has settled, with a
//   lower bound of its number; `horizon()` answers the highest number below every lease, and the
//   feeds never return anything above it.
// Each claim also names what changed (`ref`, e.g. `article:<id>`), so the claims double as a short
// change log: a reader that knows the horizon moved from 40 to 43 reads claims "41".."43" by `_id`
// and then only those things (modules/sync/read-model.ts), instead of scanning for `seq > 40`.
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import { HttpError } from '../errors.ts';
import { isDuplicateKey } from './duplicate-key.ts';
import { CLAIM_STALE_MS, insertClaim } from './claim.ts';

const SEQ_LEASE_SWEEP_EVERY_MS = 10 * 60_000;
/**
 * Claims are kept this long and at least this many below the hint. A caller only ever tries
 * numbers above a hint it has just read, and no lease outlives CLAIM_STALE_MS (then a crashed
 * writer's lease no longer holds readers back), so an
 * older claim can never be taken again.
 */
export const SEQ_CLAIM_KEEP_MS = 10 * CLAIM_STALE_MS;
const SEQ_CLAIM_KEEP_COUNT = 100;
const SEQ_CLAIM_PRUNE_EVERY_MS = 60_000;
const SEQ_CLAIM_MAX_ATTEMPTS = 500;
/** While walking past taken numbers, re-read the hint every this many attempts. */
const SEQ_REREAD_EVERY_ATTEMPTS = 8;
const COUNTER_ID = 'seq';

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
}
interface LeaseDoc {
  _id: string;
  /** The writer's number will be at least this. */
  floor: number;
  at: Date;
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
   * Runs `write` with a fresh number; the number counts as finished once `write` settles.
   * `ref` (`<kind>:<id>`) names what the write changes, for readers of the change log.
   */
  next<T>(write: (seq: number) => Promise<T>, ref?: string): Promise<T>;
  horizon(): Promise<Horizon>;
  /** The claim of one number (its `ref` says what changed), or null once pruned. */
  claimOf(n: number): Promise<ClaimDoc | null>;
  /** Calls `listener` each time a write of this process settles (its change may now be read). */
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
  const leases = connection.collection<LeaseDoc>('seq_leases');
  const meta = connection.collection<MetaDoc>('meta');
  let epoch: Promise<string> | undefined;
  let lastSweepMs = 0;
  let lastPruneMs = 0;

  /** Where to start looking: at or below the newest claim (updates to it may be lost). */
  async function hint(): Promise<number> {
    return (await counters.findOne({ _id: COUNTER_ID }))?.value ?? 0;
  }

  async function raiseHint(value: number): Promise<void> {
    try {
      await counters.updateOne({ _id: COUNTER_ID }, { $max: { value } }, { upsert: true });
    } catch (error) {
      // Two first upserts at once: the loser's number is covered by probing anyway.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  const isClaimed = async (n: number) =>
    (await claims.findOne({ _id: String(n) }, { projection: { _id: 1 } })) !== null;

  /** The newest claimed number: claims are contiguous, so it is just below the first gap. */
  async function newest(): Promise<number> {
    const start = await hint();
    let n = start;
    while (await isClaimed(n + 1)) n += 1;
    if (n > start) await raiseHint(n);
    return n;
  }

  async function claim(from: number, ref: string | undefined): Promise<number> {
    let candidate = from;
    for (let attempt = 1; attempt <= SEQ_CLAIM_MAX_ATTEMPTS; attempt++) {
      const claimed = await insertClaim(claims, {
        _id: String(candidate),
        n: candidate,
        at: new Date(),
        ...(ref === undefined ? {} : { ref }),
      });
      if (claimed) {
        // Not awaited: the hint only says where to start looking, and a late or lost raise costs
        // the next caller one taken number to step over, not a wrong answer.
        raiseHint(candidate).catch(() => {});
        return candidate;
      }
      candidate =
        attempt % SEQ_REREAD_EVERY_ATTEMPTS === 0
          ? Math.max(candidate + 1, (await hint()) + 1)
          : candidate + 1;
    }
    throw new HttpError('BUSY', 'The server is busy saving other changes. Please try again.');
  }

  function pruneOldClaims(nowMs: number, hintValue: number) {
    if (nowMs - lastPruneMs < SEQ_CLAIM_PRUNE_EVERY_MS) return;
    lastPruneMs = nowMs;
    claims
      .deleteMany({
        n: { $lt: hintValue - SEQ_CLAIM_KEEP_COUNT },
        at: { $lt: new Date(nowMs - SEQ_CLAIM_KEEP_MS) },
      })
      .catch(() => {
        // Housekeeping only; the next attempt comes a minute later.
      });
  }

  function sweepStaleLeases(nowMs: number) {
    if (nowMs - lastSweepMs < SEQ_LEASE_SWEEP_EVERY_MS) return;
    lastSweepMs = nowMs;
    leases.deleteMany({ at: { $lt: new Date(nowMs - CLAIM_STALE_MS) } }).catch(() => {
      // Housekeeping only: stale leases are ignored by readers anyway.
    });
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

  const settledListeners: (() => void)[] = [];
  return {
    onSettled(listener) {
      settledListeners.push(listener);
    },
    claimOf(n) {
      return claims.findOne({ _id: String(n) });
    },
    async next(write, ref) {
      const floor = (await hint()) + 1;
      pruneOldClaims(Date.now(), floor - 1);
      const lease = crypto.randomBytes(12).toString('hex');
      // The lease exists before the claim, so a reader that can see the number sees the lease.
      await leases.insertOne({ _id: lease, floor, at: new Date() });
      try {
        return await write(await claim(floor, ref));
      } finally {
        try {
          await leases.deleteOne({ _id: lease });
        } finally {
          for (const listener of settledListeners) listener();
        }
      }
    },

    async horizon() {
      const nowMs = Date.now();
      sweepStaleLeases(nowMs);
      epoch ??= loadEpoch().catch((error: unknown) => {
        epoch = undefined;
        throw error;
      });
      // Awaited last; if a read before it fails (the connection closing), its own failure must not
      // surface as an unhandled rejection.
      epoch.catch(() => {});
      // Newest first, leases second: any number up to `last` was claimed before the lease read,
      // and its writer's lease was taken before that, so an unfinished one shows up here.
      const last = await newest();
      const active = await leases
        .find({ at: { $gt: new Date(nowMs - CLAIM_STALE_MS) } })
        .toArray();
      const committed = Math.min(last, ...active.map((l) => l.floor - 1));
      return { epoch: await epoch, committed, claimed: last };
    },
  };
}
