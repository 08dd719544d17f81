// What one process knows of the change sequence (db/claims/sequence.ts), shared by its claiming
// and its horizon (db/claims/sequence-horizon.ts): the collections, the two starting-point hints
// kept in `counters`, and the claims it read or made lately. Nothing here decides a race; it only
// saves round trips and says where to start probing `_id`s.
import type mongoose from 'mongoose';
import { IDEMPOTENCY_COLLECTION, type KeyDoc } from './key-records.ts';
import { sequenceFates } from './sequence-fates.ts';
import type { ClaimDoc } from './sequence.ts';

/** Claim documents a process keeps at hand after reading them (the read model asks again). */
const SEQ_RECENT_CLAIMS_KEPT = 512;
/** Hint documents in `counters`: at or below the newest claim, and at or below the settled horizon. */
export const NEWEST_HINT_ID = 'seq';
export const SETTLED_HINT_ID = 'seq-settled';

interface CounterDoc {
  _id: string;
  value: number;
}
interface MetaDoc {
  _id: string;
  epoch?: string;
}

export type SequenceState = ReturnType<typeof sequenceState>;

/**
 * The claims of change numbers, `_id` the number. Other claims may live here too when a write
 * sends them with its number as one insert (db/batched-insert.ts): nothing here reads the
 * collection but by those numbers.
 */
export const SEQ_CLAIMS_COLLECTION = 'seq_claims';

export function sequenceState(connection: mongoose.Connection) {
  return {
    counters: connection.collection<CounterDoc>('counters'),
    claims: connection.collection<ClaimDoc>(SEQ_CLAIMS_COLLECTION),
    fates: sequenceFates(connection),
    keys: connection.collection<KeyDoc>(IDEMPOTENCY_COLLECTION),
    meta: connection.collection<MetaDoc>('meta'),
    epoch: undefined as Promise<string> | undefined,
    lastPruneMs: 0,
    /** The highest number this process knows to be claimed (0: not known yet). */
    newestKnown: 0,
    /** The highest number this process handed to a claim (db/claims/sequence.ts nextCandidate). */
    handedOut: 0,
    /** The settled horizon this process last found, and when. */
    settledKnown: null as { committed: number; atMs: number } | null,
    lastRaise: { value: 0, atMs: 0 },
    /** The newest-number hint as this process last wrote or read it. */
    newestStored: 0,
    /** A newest-number raise is on its way (db/claims/sequence.ts raiseNewestHint). */
    hintRaising: false,
    /** Numbers this process settled itself (no need to ask the database), above its horizon. */
    settledLocally: new Set<number>(),
    /** Claims read or made lately, by number: the read model asks for the same ones again. */
    recent: new Map<number, ClaimDoc>(),
    settledListeners: [] as (() => void)[],
  };
}

export async function readHint(state: SequenceState, id: string): Promise<number> {
  return (await state.counters.findOne({ _id: id }))?.value ?? 0;
}

/** Not awaited: a hint only says where to start looking. */
export function raiseHint(state: SequenceState, id: string, value: number): Promise<boolean> {
  // `$max` is not atomic on FerretDB, so a racing raise may leave a lower value; every value a
  // caller writes was true when written, which is all a starting point needs.
  return state.counters.updateOne({ _id: id }, { $max: { value } }, { upsert: true }).then(
    () => true,
    // Two first upserts at once, or the database away: a later raise tries again.
    () => false,
  );
}

/** Where a writer that knows nothing yet starts: the newest of the two hints. */
export async function storedStart(state: SequenceState): Promise<number> {
  const [newest, settled] = await Promise.all([
    readHint(state, NEWEST_HINT_ID),
    readHint(state, SETTLED_HINT_ID),
  ]);
  state.newestStored = Math.max(state.newestStored, newest);
  return Math.max(newest, settled);
}

export function remember(state: SequenceState, claim: ClaimDoc): void {
  state.recent.set(claim.n, claim);
  if (claim.n > state.newestKnown) state.newestKnown = claim.n;
  if (state.recent.size > SEQ_RECENT_CLAIMS_KEPT)
    state.recent.delete(state.recent.keys().next().value!);
}

export async function readClaim(state: SequenceState, n: number): Promise<ClaimDoc | null> {
  const held = state.recent.get(n);
  // A claim whose `done` may still be set is read again until this process knows it settled:
  // settled here, or at or below a horizon it found (the read model reads each change's claim
  // once more after the horizon passed it, to learn what it names).
  const mayChange = held && (held.done === false || (held.byThing && held.done !== true));
  const settled = state.settledLocally.has(n) || n <= (state.settledKnown?.committed ?? 0);
  if (held && (!mayChange || settled)) return held;
  const found = await state.claims.findOne({ _id: String(n) });
  if (found) remember(state, found);
  return found;
}

export function markSettled(state: SequenceState, numbers: readonly number[]): void {
  for (const n of numbers) state.settledLocally.add(n);
  for (const listener of state.settledListeners) listener();
}
