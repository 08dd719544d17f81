// Group commit for single inserts. On FerretDB over SQLite every write is a transaction of its own
// and concurrent ones wait on each other's lock: ten `insertOne`s sent at once took 16-20 ms in
// all, ten one after another 10-13 ms, and one `insertMany` of the ten 1.4-1.9 ms. So inserts into
// one collection that arrive while an insert into it is on its way are held and sent together, as
// one unordered `insertMany`, the moment it answers. A lone insert goes when the code that made it
// has run to its next wait (a microtask later), so inserts one request makes together into one
// collection go as one: a visitor comment's rate-limit slot and its change number share the
// collection for that (middleware/rate-limit.ts commentRateLimit).
//
// Each caller still gets its own insert's outcome: in, refused as a duplicate `_id` (how this
// backend decides races, db/claims/claim.ts), or its own error. An unordered batch tries every
// document whatever the others do, so one refused claim never fails its neighbours.
//
// A batch the driver has not answered in BATCH_ANSWER_LIMIT_MS is failed for its callers (as a
// network timeout: the database unreachable, a 503) and the lane goes on without it. Seen here
// after FerretDB was stopped and started again under load: an insert sent as the database went
// away was never settled by the driver, and every later insert into its collection waited behind
// it, for minutes (the test of that: test/soak.test.ts). A caller told so is in the state of any
// insert whose answer was lost: it may or may not be in, which every caller here already handles.
import type { Collection, Document, MongoBulkWriteError, OptionalUnlessRequiredId } from 'mongodb';
import mongoose from 'mongoose';
import { within } from './within.ts';

/** Documents one batch carries at most (the driver splits a batch past its message size itself). */
const BATCH_MAX_DOCS = 64;
/**
 * Far above a batch's time on a loaded machine (milliseconds), and above the driver's own server
 * selection limit (db/connection.ts, 5 s), so an outage still answers with the driver's error.
 */
const BATCH_ANSWER_LIMIT_MS = 10_000;

interface Waiting {
  doc: Document;
  done: (error: unknown) => void;
}

interface Lane {
  busy: boolean;
  /** A send is due at the end of this turn (the first insert of an idle lane asked for it). */
  due: boolean;
  waiting: Waiting[];
}

const lanes = new WeakMap<Collection<Document>, Lane>();

/**
 * Inserts `doc` into `collection`, joined with the inserts into it that wait meanwhile. Resolves
 * once it is in; rejects with the driver's error for this document (E11000 for a taken `_id`,
 * db/duplicate-key.ts) or for the whole batch.
 */
export function batchedInsert<T extends Document>(collection: Collection<T>, doc: T): Promise<void> {
  const key = collection as unknown as Collection<Document>;
  let lane: Lane | undefined = lanes.get(key);
  if (!lane) {
    lane = { busy: false, due: false, waiting: [] };
    lanes.set(key, lane);
  }
  const promise = new Promise<void>((resolve, reject) => {
    lane.waiting.push({ doc, done: (error) => (error === undefined ? resolve() : reject(error)) });
  });
  if (!lane.busy && !lane.due) {
    lane.due = true;
    const due = lane;
    queueMicrotask(() => {
      due.due = false;
      void send(key, due);
    });
  }
  return promise;
}

async function send(collection: Collection<Document>, lane: Lane): Promise<void> {
  lane.busy = true;
  while (lane.waiting.length > 0) {
    const batch = lane.waiting.splice(0, BATCH_MAX_DOCS);
    // insertAll settles every caller itself and never rejects: a rejection here is the limit.
    await within(insertAll(collection, batch), BATCH_ANSWER_LIMIT_MS).catch(() => {
      const error = new mongoose.mongo.MongoNetworkTimeoutError(`The database did not answer an insert in ${BATCH_ANSWER_LIMIT_MS} ms.`);
      // A caller's promise settles once: a late answer of the driver changes nothing.
      for (const waiting of batch) waiting.done(error);
    });
  }
  lane.busy = false;
}

async function insertAll(collection: Collection<Document>, batch: Waiting[]): Promise<void> {
  if (batch.length === 1) {
    const [only] = batch;
    try {
      await collection.insertOne(only!.doc as OptionalUnlessRequiredId<Document>);
      only!.done(undefined);
    } catch (error) {
      only!.done(error);
    }
    return;
  }
  try {
    await collection.insertMany(
      batch.map((waiting) => waiting.doc as OptionalUnlessRequiredId<Document>),
      { ordered: false },
    );
    for (const waiting of batch) waiting.done(undefined);
  } catch (error) {
    const failedAt = failuresByIndex(error);
    for (const [index, waiting] of batch.entries()) {
      // Without per-document errors the whole batch failed (the connection, a timeout): each
      // caller sees that error, as its own insert would have.
      waiting.done(failedAt ? failedAt.get(index) : error);
    }
  }
}

/** The batch's per-document errors by index, or null when the error is not about documents. */
function failuresByIndex(error: unknown): Map<number, unknown> | null {
  const writeErrors = (error as Partial<MongoBulkWriteError> | null)?.writeErrors;
  if (!writeErrors) return null;
  const list = Array.isArray(writeErrors) ? writeErrors : [writeErrors];
  if (list.length === 0) return null;
  const failures = new Map<number, unknown>();
  for (const writeError of list) {
    // Shaped like a single insert's error, so callers and the error handler test it the same way:
    // isDuplicateKey for a taken `_id`, isDatabaseUnreachable (db/unreachable.ts) for FerretDB's
    // per-document InternalError while PostgreSQL is away, which must stay a 503, not a 500.
    const shaped = Object.assign(new Error(writeError.errmsg ?? 'insert failed', { cause: error }), {
      name: 'MongoServerError',
      code: writeError.code,
    });
    failures.set(writeError.index, shaped);
  }
  return failures;
}
