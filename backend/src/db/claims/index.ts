// The claims that stand in for transactions. FerretDB 1.24 has no multi-document transactions,
// runs a conditional update without isolation (two `updateOne({ _id, version: 3 }, …)` can both
// match), loses `$inc` increments under concurrency, and answers only an `_id` equality from an
// index. One operation is atomic and cheap there: inserting a document whose `_id` may be taken
// (E11000 for every caller but one). Every race in the backend is decided by such an insert.
// Round trips below are database calls of about a millisecond each.
//
// claim.ts — claim by insert, the primitive the others build on.
//   Guarantees: of any number of callers inserting one `_id`, exactly one wins; the others learn
//   who holds it. A holder not finished after CLAIM_STALE_MS is taken to have crashed.
//   Replaces: a unique conditional update or upsert (not isolated on FerretDB).
//   Cost: 1 insert; 1 `_id` read more when the id is taken (claimOrHolder).
//
// key-records.ts — Idempotency-Key records.
//   Guarantees: at most one request runs under a key at a time; a replay returns the first
//   answer (kept IDEMPOTENCY_KEY_TTL_MS); a crashed holder's key is taken over after
//   CLAIM_STALE_MS by exactly one retry (it inserts `<key>#<attempt>` first).
//   Replaces: a transaction around "is this key new? run, store the answer".
//   Cost: 1 insert to open, 1 insert to finish (its answer, which also settles every change
//   numbered under it); a replay 1 insert + 2 reads; a take-over 1 insert + 2 reads + 1 insert +
//   1 update.
//
// version-claims.ts — edit versions of articles and lessons.
//   Guarantees: at most one change moves a record from version v-1 to v; the other is refused
//   (409). A claim whose change never arrived is taken over after CLAIM_STALE_MS, by the one
//   caller that inserts its take-over mark (claim.ts winTakeOver, which lesson dates use too).
//   Replaces: optimistic locking by `updateOne({ _id, version })` (not isolated on FerretDB).
//   Cost: 1 insert; on a taken version 1 read more (a take-over: 1 read, 2 inserts, 1 delete).
//
// sequence.ts (with sequence-state.ts, sequence-horizon.ts, sequence-fates.ts) — change numbers.
//   Guarantees: change numbers are unique and contiguous, and every number is either settled
//   (its key record finished, `done`, its thing carrying it for a `byThing` claim, or older than
//   CLAIM_STALE_MS), seen written, or fated
//   (`seq_fates`: given up and watched, and moved to a fresh number should its write land after
//   all). The horizon never passes a number that is none of these, so a reader's cursor never
//   skips a change being written.
//   Replaces: a `$inc` counter (loses increments) and a transaction writing a change together
//   with its number; range reads (`seq > n` reads the whole collection) become `_id` probes.
//   Cost: a writer 1 insert (its claim), 1 insert more per number another instance took; a reader
//   1 `_id` read per new claim made before its walk began (a later one waits for the next walk,
//   so writes that keep coming cannot keep a walk going), 1 key-record read (or, for `byThing`,
//   1 read of its thing) per claim not yet settled, and for a claim
//   overdue after SEQ_SETTLE_EXPECTED_MS a fate read, a read of the thing it names and a fate
//   insert (then one read of the thing every 2 s until CLAIM_STALE_MS).
//
// window-slots.ts — rate-limit counts shared by every backend instance.
//   Guarantees: each counted hit takes a distinct slot `<bucket>:<key>:<window>#<n>`, so across
//   all instances a window allows at most `limit` hits (a hit is never counted twice or lost).
//   Replaces: a `$inc` counter per window (loses increments).
//   Cost: 1 insert per hit; 1 more per slot another instance took, once; a window known full is
//   refused without a call; with `blockSize`, 1 insert per that many hits.
//
// Claims elsewhere use claim.ts directly: a lesson's date (modules/schedule/lesson-store.ts), the
// first-admin seat (modules/users/first-admin.ts), seed rows (seed/seed.ts).
export {
  CLAIM_STALE_MS,
  claimOrHolder,
  insertClaim,
  inserted,
  isStale,
  winTakeOver,
} from './claim.ts';
export {
  IDEMPOTENCY_COLLECTION,
  IDEMPOTENCY_KEY_TTL_MS,
  keyRecordsOn,
  readKeyRecord,
  unrecordedScope,
  type KeptAnswer,
  type KeyDoc,
  type WriteDeadline,
  type WriteScope,
} from './key-records.ts';
export { versionClaims, type VersionClaims } from './version-claims.ts';
export {
  SEQ_SETTLE_EXPECTED_MS,
  SEQ_CLAIMS_COLLECTION,
  BY_THING,
  sequenceOn,
  type ClaimDoc,
  type ClaimedThings,
  type FateDoc,
  type Horizon,
} from './sequence.ts';
export {
  RATE_LIMIT_COLLECTION,
  windowSlots,
} from './window-slots.ts';
