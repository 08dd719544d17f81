// "Claim by inserting a document": the one way this backend decides who wins when several callers
// race (a key, a slot, a change number, a version, the first-admin seat, a seed row). Inserting a
// document whose _id is taken fails with E11000 on FerretDB 1.24 and MongoDB alike, and an insert
// is also one of the few operations FerretDB answers from its _id index whatever the collection's
// size (a read or delete of a missing _id, or a filter on any other field, reads everything).
import type { Collection, Document } from 'mongodb';
import { batchedInsert } from '../batched-insert.ts';
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
  return inserted(() => batchedInsert(collection, doc));
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

/**
 * Decides which of several callers takes over `held`, a stale claim whose holder died: the one that
 * inserts its take-over mark `<_id>@<at>#<generation>`. A conditional delete cannot decide it:
 * FerretDB 1.24 runs it without isolation, so a second taker's delete could remove the claim the
 * first had just made. A mark whose own taker died goes stale like any claim, and the next
 * generation may then be won, so a crash between the mark and the new claim blocks nothing for
 * good. Marks are kept (they are tiny); the winner deletes `held` and inserts its own claim.
 * `timeField`: the field a claim of this collection keeps its time in (the mark's too).
 */
export async function winTakeOver<T extends ClaimDoc>(
  collection: Collection<T>,
  held: { _id: string; at: Date },
  fields: Partial<Omit<T, '_id'>>,
  timeField = 'at',
): Promise<boolean> {
  for (let generation = 1; ; generation += 1) {
    const mark = { ...fields, _id: `${held._id}@${held.at.getTime()}#${generation}`, [timeField]: new Date() } as T;
    const outcome = await claimOrHolder(collection, mark);
    if (outcome.mine) return true;
    // A live taker holds this generation: this caller lost.
    if (!outcome.holder || !isStale(outcome.holder[timeField] as Date)) return false;
  }
}
