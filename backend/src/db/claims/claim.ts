// "Claim by inserting a document": the one way this backend decides who wins when several callers
// race (a key, a slot, a change number, a version, the first-admin seat, a seed row). Inserting a
// document whose _id is taken fails with E11000 on FerretDB 1.24 and MongoDB alike, and an insert
// is also one of the few operations FerretDB answers from its _id index whatever the collection's
// size (a read or delete of a missing _id, or a filter on any other field, reads everything).
import type { Collection, Document, OptionalUnlessRequiredId } from 'mongodb';
import { isDuplicateKey } from '../duplicate-key.ts';

/**
 * A claim whose holder has not finished after this long belongs to a crashed request and may be
 * taken over (idempotency keys, article versions, sequence leases, lesson dates). Far above any
 * request's time limit (app.ts REQUEST_TIMEOUT_MS), so a live holder is never overtaken.
 */
export const CLAIM_STALE_MS = 60_000;

export type ClaimDoc = Document & { _id: string };

/** Runs an insert; true when it went in, false when its _id (or a unique field) was taken. */
export async function inserted(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** True when this caller inserted `doc`; false when its _id was already taken. */
export function insertClaim<T extends ClaimDoc>(collection: Collection<T>, doc: T): Promise<boolean> {
  return inserted(() => collection.insertOne(doc as OptionalUnlessRequiredId<T>));
}

export type ClaimOutcome<T> = { mine: true } | { mine: false; holder: T | null };

/**
 * Inserts `doc`, or reads who holds its _id (an _id read that finds something: cheap). The holder
 * is null only when it was removed in between.
 */
export async function claimOrHolder<T extends ClaimDoc>(
  collection: Collection<T>,
  doc: T,
): Promise<ClaimOutcome<T>> {
  if (await insertClaim(collection, doc)) return { mine: true };
  const holder = (await collection.findOne({ _id: doc._id } as never)) as T | null;
  return { mine: false, holder };
}

/** Whether a claim made at `at` is older than CLAIM_STALE_MS. */
export function isStale(at: Date, nowMs: number = Date.now()): boolean {
  return nowMs - at.getTime() > CLAIM_STALE_MS;
}
