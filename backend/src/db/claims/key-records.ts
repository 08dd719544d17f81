// The Idempotency-Key records, and the write scope a request holds while it runs under one.
// middleware/idempotency.ts decides which requests have a record (and what answer is kept);
// this file claims, takes over and finishes records. A record's id is the caller's scope, the
// call and the key (the middleware makes it); its answer is kept IDEMPOTENCY_KEY_TTL_MS.
//
// The record is also what settles the numbered changes made under it (db/claims/sequence.ts): a change
// claimed with `key` and `attempt` counts as written once the record has an answer in that attempt
// (or is gone, or was taken over). Finishing the record therefore settles every change of the
// request at once, instead of one more update per change.
//
// The answer is a document of its own beside the record, `<record id>=<attempt>` (answerId), not
// an update of the record: an insert, which requests finishing at once send together
// (db/batched-insert.ts), where ten updates at once cost ten round trips. Whoever reads a record
// reads its answer with it (withAnswer). Records finished by an update before answers had their own
// documents say so in their own `state`, and are read as they always were.
//
// Every step is an _id insert, an _id read or an _id update: constant cost on FerretDB whatever
// the number of records. A released key is marked, not deleted, and expired records and answers go
// in a periodic sweep (FerretDB has no TTL index).
import type mongoose from 'mongoose';
import type { Collection } from 'mongodb';
import { claimOrHolder, insertClaim, isStale, winTakeOver } from './claim.ts';

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';
/** Keys are remembered this long, then forgotten by a periodic delete. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;
const IDEMPOTENCY_SWEEP_EVERY_MS = 3600 * 1000;
/**
 * Answers this process could not store (the database was away) are kept for the key's retry: the
 * retry stores the answer first and then goes on as if it had been stored in time, where it was
 * told "still being processed" until the claim was a minute old. At most this many are kept.
 */
const UNSTORED_ANSWERS_MAX = 10_000;

export interface KeyDoc {
  _id: string;
  /** `released`: nothing was done and nothing kept; the next request with the key runs. */
  state: 'pending' | 'done' | 'released';
  /** A hash of the request body: the same key with another body is a client bug, not a retry. */
  fingerprint: string;
  createdAt: Date;
  /** Which take-over this is; a take-over claims `<_id>#<attempt>` first, so only one wins. */
  attempt: number;
  status?: number;
  /** The answer as JSON text (stored as text so any field name is safe in the database). */
  body?: string;
}

/** The request's hold on its record, as the changes made under it name it. */
export interface KeyHold {
  id: string;
  attempt: number;
}

/** The id of the answer kept for `attempt` of record `id` (a key never holds `=`: IDEMPOTENCY_KEY_PATTERN). */
const answerId = (id: string, attempt: number) => `${id}=${attempt}`;

/** The record as it stands: a pending record with its attempt's answer reads as that answer. */
async function withAnswer(keys: Collection<KeyDoc>, record: KeyDoc): Promise<KeyDoc> {
  if (record.state !== 'pending') return record;
  const answer = await keys.findOne({ _id: answerId(record._id, record.attempt ?? 0) });
  return answer ? { ...record, state: answer.state, status: answer.status, body: answer.body } : record;
}

/** The record `id` with its answer (null when there is none). */
export async function readKeyRecord(keys: Collection<KeyDoc>, id: string): Promise<KeyDoc | null> {
  const record = await keys.findOne({ _id: id });
  return record && withAnswer(keys, record);
}

/**
 * True once the changes claimed under `hold` are settled as far as the records can tell: the
 * attempt has its answer, or the record is gone, finished the older way, or taken over since.
 * One `_id` read when the request has finished, two while it runs.
 */
export async function changesSettledBy(keys: Collection<KeyDoc>, hold: KeyHold): Promise<boolean> {
  if (await keys.findOne({ _id: answerId(hold.id, hold.attempt) }, { projection: { _id: 1 } })) return true;
  const record = await keys.findOne({ _id: hold.id }, { projection: { state: 1, attempt: 1 } });
  return !record || record.state !== 'pending' || (record.attempt ?? 0) !== hold.attempt;
}

export interface KeptAnswer {
  status: number;
  body: string;
}

/** The request's time limit as its writes see it (http/deadline.ts). */
export interface WriteDeadline {
  /** Called right before the request's first database write: throws (503) once the time is up. */
  enterWrite(): void;
}

/**
 * One request's writes: the record it holds, if any, and what to do once it is finished. The
 * running request's scope is found with db/write-scope.ts currentWriteScope.
 */
export interface WriteScope {
  readonly key?: KeyHold;
  /** The request's time limit (middleware/idempotency.ts sets it); absent for tools and the seed. */
  deadline?: WriteDeadline;
  /** Runs `listener` after the scope finished (its answer stored, or its key given back). */
  whenFinished(listener: () => void): void;
  /** Keeps `answer` for a retry (null: keeps nothing, the retry runs), then runs the listeners. */
  finish(answer: KeptAnswer | null): Promise<void>;
}

export type KeyOpening =
  | { kind: 'claimed'; scope: WriteScope }
  /** Another request has the key: done (its answer is there) or still running. */
  | { kind: 'held'; record: KeyDoc }
  /** Another retry is taking the key over at this moment, or it vanished in between. */
  | { kind: 'busy' };

function scopeFor(
  finishRecord: ((answer: KeptAnswer | null) => Promise<void>) | null,
  key?: KeyHold,
  deadline?: WriteDeadline,
): WriteScope {
  const listeners: (() => void)[] = [];
  return {
    key,
    deadline,
    whenFinished(listener) {
      listeners.push(listener);
    },
    async finish(answer) {
      try {
        await finishRecord?.(answer);
      } finally {
        for (const listener of listeners.splice(0)) listener();
      }
    },
  };
}

/** A scope without a record (no key, or an anonymous call past the budget): nothing to finish. */
export function unrecordedScope(deadline?: WriteDeadline): WriteScope {
  return scopeFor(null, undefined, deadline);
}

export interface KeyRecords {
  /** Claims record `id` for this request, or says who holds it. */
  open(id: string, fingerprint: string): Promise<KeyOpening>;
}

const keyRecords = new WeakMap<mongoose.Connection, KeyRecords>();

export function keyRecordsOn(connection: mongoose.Connection): KeyRecords {
  let records = keyRecords.get(connection);
  if (!records) {
    records = createKeyRecords(connection);
    keyRecords.set(connection, records);
  }
  return records;
}

function createKeyRecords(connection: mongoose.Connection): KeyRecords {
  const keys = connection.collection<KeyDoc>(IDEMPOTENCY_COLLECTION);
  let lastSweepMs = 0;

  function sweepNowAndThen(nowMs: number) {
    if (nowMs - lastSweepMs < IDEMPOTENCY_SWEEP_EVERY_MS) return;
    lastSweepMs = nowMs;
    // Not awaited: housekeeping must never delay the request that happens to trigger it.
    keys.deleteMany({ createdAt: { $lt: new Date(nowMs - IDEMPOTENCY_KEY_TTL_MS) } }).catch(() => {});
  }

  /** Answers refused by the database, by record id, each with when its claim was made. */
  const unstored = new Map<string, { answer: KeyDoc; claimedAtMs: number }>();

  /** The record as its pending attempt's answer, stored now, makes it, if this process kept one. */
  async function storeKeptAnswer(record: KeyDoc): Promise<KeyDoc> {
    const kept = unstored.get(record._id);
    if (!kept || record.state !== 'pending' || kept.answer.attempt !== record.attempt) return record;
    // A claim past the stale time may be taken over meanwhile: its answer is for no one now.
    if (!isStale(new Date(kept.claimedAtMs))) await insertClaim(keys, kept.answer);
    unstored.delete(record._id);
    return withAnswer(keys, record);
  }

  function claimed(id: string, attempt: number, claimedAtMs: number): KeyOpening {
    const finishRecord = async (answer: KeptAnswer | null) => {
      const kept = answer ? { state: 'done' as const, status: answer.status, body: answer.body } : { state: 'released' as const };
      const doc: KeyDoc = { _id: answerId(id, attempt), fingerprint: '', createdAt: new Date(), attempt, ...kept };
      // Refused only when this attempt was already answered: the first answer stands.
      try {
        await insertClaim(keys, doc);
      } catch (error) {
        if (unstored.size >= UNSTORED_ANSWERS_MAX) unstored.delete(unstored.keys().next().value!);
        unstored.set(id, { answer: doc, claimedAtMs });
        throw error;
      }
    };
    return { kind: 'claimed', scope: scopeFor(finishRecord, { id, attempt }) };
  }

  return {
    async open(id, fingerprint) {
      const nowMs = Date.now();
      sweepNowAndThen(nowMs);
      const fresh: KeyDoc = { _id: id, state: 'pending', fingerprint, createdAt: new Date(nowMs), attempt: 0 };
      const outcome = await claimOrHolder(keys, fresh);
      if (outcome.mine) return claimed(id, 0, nowMs);
      const held = outcome.holder && (await storeKeptAnswer(await withAnswer(keys, outcome.holder)));
      if (!held) return { kind: 'busy' };
      const age = nowMs - held.createdAt.getTime();
      const free =
        held.state === 'released' ||
        age > IDEMPOTENCY_KEY_TTL_MS ||
        (held.state === 'pending' && isStale(held.createdAt, nowMs));
      if (!free) return { kind: 'held', record: held };
      // Taking over: of several retries at once, only the one that wins the take-over runs (a
      // taker that died before its update below leaves a mark that goes stale, db/claims/claim.ts).
      const attempt = (held.attempt ?? 0) + 1;
      const won = await winTakeOver(keys, { _id: id, at: held.createdAt }, { state: 'released', fingerprint, attempt }, 'createdAt');
      if (!won) return { kind: 'busy' };
      await keys.updateOne(
        { _id: id },
        { $set: { state: 'pending', fingerprint, createdAt: new Date(nowMs), attempt }, $unset: { status: '', body: '' } },
      );
      return claimed(id, attempt, nowMs);
    },
  };
}
