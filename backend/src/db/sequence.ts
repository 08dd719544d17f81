// The global change sequence the delta feeds page by. Every change to published content (article
// create, edit, publish toggle, delete; comment approve, delete) runs inside `next()` and stamps
// the number it gets on the document (or tombstone) it writes.
//
// Why not `findOneAndUpdate({ _id: 'seq' }, { $inc: { value: 1 } })`: on FerretDB 1.24 (SQLite)
// that loses increments under concurrency (measured: 150 parallel increments gave 35 distinct
// values), and two changes sharing a number can be skipped at a page boundary. Instead a number is
// claimed by inserting `{ _id: n }` into `seq_claims`, which only one caller can do.
//
// Why a horizon: numbers are claimed before the change is written, so a reader could see change
// 11 while change 10 is still being written, move its cursor past 10 and never see it. A claim
// stays `done: false` until its write has finished; `horizon()` answers the highest number below
// every unfinished claim, and the feeds never return anything above it.
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import { HttpError } from '../errors.ts';
import { isDuplicateKey } from './duplicate-key.ts';

/** A claim not finished after this long belongs to a crashed writer and no longer holds readers back. */
export const SEQ_CLAIM_STALE_MS = 60_000;
/** Finished claims are kept this long (only the newest one is needed, to know where to go on). */
export const SEQ_CLAIM_KEEP_MS = 24 * 3600 * 1000;
const SEQ_PRUNE_EVERY_MS = 3600 * 1000;
const SEQ_CLAIM_MAX_ATTEMPTS = 500;
/** Under contention, re-read the newest claim every this many failed attempts instead of walking. */
const SEQ_REREAD_EVERY_ATTEMPTS = 8;

interface ClaimDoc {
  _id: number;
  at: Date;
  done: boolean;
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
}

export interface Sequence {
  /** Runs `write` with a fresh number; the number counts as finished once `write` settles. */
  next<T>(write: (seq: number) => Promise<T>): Promise<T>;
  horizon(): Promise<Horizon>;
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
  const claims = connection.collection<ClaimDoc>('seq_claims');
  const meta = connection.collection<MetaDoc>('meta');
  let epoch: Promise<string> | undefined;
  let lastPruneMs = 0;

  async function newest(): Promise<number> {
    const [last] = await claims.find({}).sort({ _id: -1 }).limit(1).toArray();
    return last?._id ?? 0;
  }

  async function claim(): Promise<number> {
    let candidate = (await newest()) + 1;
    for (let attempt = 1; attempt <= SEQ_CLAIM_MAX_ATTEMPTS; attempt++) {
      try {
        await claims.insertOne({ _id: candidate, at: new Date(), done: false });
        return candidate;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      // Claimed numbers are contiguous (a caller only moves past a number someone holds), so the
      // next free one is above the one just lost.
      candidate = attempt % SEQ_REREAD_EVERY_ATTEMPTS === 0 ? Math.max(candidate + 1, (await newest()) + 1) : candidate + 1;
    }
    throw new HttpError(503, 'The server is busy saving other changes. Please try again.');
  }

  function pruneNowAndThen() {
    const nowMs = Date.now();
    if (nowMs - lastPruneMs < SEQ_PRUNE_EVERY_MS) return;
    lastPruneMs = nowMs;
    void (async () => {
      const keepAbove = (await newest()) - 1;
      await claims.deleteMany({ _id: { $lt: keepAbove }, at: { $lt: new Date(nowMs - SEQ_CLAIM_KEEP_MS) } });
    })().catch(() => {
      // Pruning is housekeeping; the next attempt comes an interval later.
    });
  }

  async function loadEpoch(): Promise<string> {
    const found = await meta.findOne({ _id: 'sequence' });
    if (found?.epoch) return found.epoch;
    try {
      await meta.insertOne({ _id: 'sequence', epoch: crypto.randomBytes(6).toString('hex') });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const stored = await meta.findOne({ _id: 'sequence' });
    if (!stored?.epoch) throw new Error('The sequence epoch could not be stored.');
    return stored.epoch;
  }

  return {
    async next(write) {
      const seq = await claim();
      pruneNowAndThen();
      try {
        return await write(seq);
      } finally {
        await claims.updateOne({ _id: seq }, { $set: { done: true } });
      }
    },

    async horizon() {
      epoch ??= loadEpoch().catch((error: unknown) => {
        epoch = undefined;
        throw error;
      });
      // Newest first, unfinished second: anything numbered up to `last` was claimed before the
      // second read, so if it is still being written the second read sees it.
      const last = await newest();
      const [pending] = await claims
        .find({ done: false, at: { $gt: new Date(Date.now() - SEQ_CLAIM_STALE_MS) } })
        .sort({ _id: 1 })
        .limit(1)
        .toArray();
      return { epoch: await epoch, committed: pending ? Math.min(last, pending._id - 1) : last };
    },
  };
}
