// How far readers of the change sequence (db/claims/sequence.ts) may go: walking up by `_id`
// from a number known settled, the horizon stops below the first claim still being written.
// Claims are contiguous, so that walk meets every claim above its start.
import crypto from 'node:crypto';
import { insertClaim, isStale } from './claim.ts';
import { changesSettledBy } from './key-records.ts';
import { SEQ_SETTLE_EXPECTED_MS, type ClaimedThings } from './sequence-fates.ts';
import {
  NEWEST_HINT_ID,
  SETTLED_HINT_ID,
  raiseHint,
  readClaim,
  readHint,
  type SequenceState,
} from './sequence-state.ts';
import type { ClaimDoc, Horizon } from './sequence.ts';

/** A reader that has not looked for this long starts again from the hint (claims may be pruned). */
const SEQ_HINT_REREAD_MS = 60_000;
/** Readers write the settled horizon down at most this often (for fresh instances). */
const SEQ_HINT_RAISE_EVERY_MS = 1000;

export async function findHorizon(
  state: SequenceState,
  things: ClaimedThings | undefined,
): Promise<Horizon> {
  const nowMs = Date.now();
  const epoch = startEpoch(state);
  let n = await settledStart(state, nowMs);
  let committed: number | undefined;
  // Only claims made before this walk began (allowing for another instance's clock) are its
  // business: under a steady stream of writes a walk that followed every new claim up could run
  // for as long as the writes did, reading claims by `_id` while every read that waits for the
  // walk waited with it. A later claim is the next walk's.
  const lastAt = nowMs + SEQ_SETTLE_EXPECTED_MS;
  for (
    let claim = await readClaim(state, n + 1);
    claim && claim.at.getTime() <= lastAt;
    claim = await readClaim(state, n + 1)
  ) {
    n += 1;
    if (committed === undefined && !(await isSettled(state, claim, nowMs, things)))
      committed = n - 1;
  }
  committed ??= n;
  state.fates.watchLate(nowMs, things);
  noteHorizon(state, n, committed, nowMs);
  return { epoch: await epoch, committed, claimed: n };
}

/** The database's epoch, read once per process (and again after a failed read). */
function startEpoch(state: SequenceState): Promise<string> {
  state.epoch ??= loadEpoch(state).catch((error: unknown) => {
    state.epoch = undefined;
    throw error;
  });
  // Awaited last; if a read before it fails (the connection closing), its own failure must not
  // surface as an unhandled rejection.
  state.epoch.catch(() => {});
  return state.epoch;
}

async function loadEpoch({ meta }: SequenceState): Promise<string> {
  const found = await meta.findOne({ _id: 'sequence' });
  if (found?.epoch) return found.epoch;
  // Of two instances starting at once, the first insert wins and both read its epoch.
  await insertClaim(meta, { _id: 'sequence', epoch: crypto.randomBytes(6).toString('hex') });
  const stored = await meta.findOne({ _id: 'sequence' });
  if (!stored?.epoch) throw new Error('The sequence epoch could not be stored.');
  return stored.epoch;
}

/** Keeps what a walk found, and now and then writes the settled horizon down for fresh instances. */
function noteHorizon(
  state: SequenceState,
  claimed: number,
  committed: number,
  nowMs: number,
): void {
  if (claimed > state.newestKnown) state.newestKnown = claimed;
  if (!state.settledKnown || committed >= state.settledKnown.committed)
    state.settledKnown = { committed, atMs: nowMs };
  for (const settledNumber of state.settledLocally) {
    if (settledNumber <= committed) state.settledLocally.delete(settledNumber);
  }
  if (
    committed > state.lastRaise.value &&
    nowMs - state.lastRaise.atMs >= SEQ_HINT_RAISE_EVERY_MS
  ) {
    state.lastRaise = { value: committed, atMs: nowMs };
    void raiseHint(state, SETTLED_HINT_ID, committed);
  }
}

async function isSettled(
  state: SequenceState,
  claim: ClaimDoc,
  nowMs: number,
  things?: ClaimedThings,
): Promise<boolean> {
  if (state.settledLocally.has(claim.n) || isStale(claim.at, nowMs)) return true;
  let settled: boolean;
  if (claim.key !== undefined) {
    settled = await changesSettledBy(state.keys, { id: claim.key, attempt: claim.attempt ?? 0 });
  } else if (claim.byThing && claim.done !== true) {
    // Its write stamps the number on its thing: seen there (or a later one), it is written.
    const seq = things ? await things.seqOf(claim) : null;
    settled = seq !== null && seq >= claim.n;
  } else {
    settled = claim.done !== false;
  }
  if (settled || nowMs - claim.at.getTime() < SEQ_SETTLE_EXPECTED_MS) return settled;
  if (!(await state.fates.resolveOverdue(claim, things))) return false;
  // Final either way: a written change stays written, and a given-up one is watched should it land
  // after all (sequence-fates.ts).
  state.settledLocally.add(claim.n);
  return true;
}

/**
 * Where a reader may start: a number every claim at or below which is settled. Its own last
 * horizon while that is recent (the claims above it cannot have been pruned since), else the
 * hint readers keep; either is checked against what is claimed above it.
 */
async function settledStart(state: SequenceState, nowMs: number): Promise<number> {
  const { settledKnown } = state;
  const known = settledKnown?.committed ?? 0;
  const recentlyKnown = settledKnown !== null && nowMs - settledKnown.atMs <= SEQ_HINT_REREAD_MS;
  const start = recentlyKnown ? known : Math.max(known, await readHint(state, SETTLED_HINT_ID));
  if (await readClaim(state, start + 1)) return start;
  // Nothing claimed just above: nothing new, unless higher numbers are known to be taken.
  if (recentlyKnown && state.newestKnown <= start) return start;
  return oldestKeptAbove(state, start);
}

/**
 * Nothing is claimed just above `start`, yet higher numbers are taken: the claims there were
 * pruned (a start nobody moved for minutes, or a database from before the settled hint) or
 * never made (numbers given out in bulk while no server ran). The claims still kept run from
 * some number up to the newest, so walk down from the newest known to the oldest one kept:
 * anything below that is long settled.
 */
async function oldestKeptAbove(state: SequenceState, start: number): Promise<number> {
  let low = Math.max(state.newestKnown, await readHint(state, NEWEST_HINT_ID));
  while (low > start && (await readClaim(state, low))) low -= 1;
  return Math.max(low, start);
}
