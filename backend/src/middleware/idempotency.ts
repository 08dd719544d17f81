// `Idempotency-Key` on the write calls: the first answer is stored in the database, shared by every
// backend instance, and a repeat gets it back with `Idempotent-Replayed: true` without running again.
//
// Mounted per route, AFTER the login check (or making it beside the key's claim, CheckBeside): a
// key belongs to its caller. The record's id is the
// caller's scope + method + path + key, so the same key from someone else is simply another key
// (no replay, no "key in use" 409 that would tell a stranger the key exists). The scope is the
// user id for a logged-in caller; for an anonymous visitor (comments) it is a hash of the client
// address, which another person cannot forge over TCP (behind TRUST_PROXY=true only the
// X-Forwarded-For entries our own proxies appended count: rate-limit.ts byIp). A visitor's comment
// keeps no record at all (keyDerivedWrite below): its id is derived from the key, so its own insert
// is what refuses a repeat.
//
// What is kept is what a retry needs and no more: answers of writes that did something, and
// compact refusals (status + message, no extra fields). "Try again" answers (5xx, 401, 403, 408,
// 429) and answers over the caller's size cap are not kept, so the retry runs. Bounds (docs/configuration.md):
// anonymous answers at most IDEMPOTENCY_ANON_ANSWER_MAX_BYTES each and RATE_LIMIT_ANON_KEYS new
// records per window across all visitors (by default 120 an hour, so at most 24 x 120 x 16 KB,
// about 46 MB, in all); past the budget an anonymous call (a reminder's save) runs without a
// record; logged-in answers at most IDEMPOTENCY_USER_ANSWER_MAX_BYTES each.
// The budget is taken in blocks of ANON_BUDGET_BLOCK (one insert per block, not per call).
//
// The records themselves (claim, take-over, the stored answer, the 24-hour sweep) are
// db/claims/key-records.ts; the claimed record is the request's write scope, and the rest of the request
// runs in it (db/write-scope.ts), so the changes its services make (db/write-change.ts) are settled
// by the answer stored here. A write call without a record runs in a scope that holds only its
// time limit, so no write starts once it was answered "nothing was saved" (http/deadline.ts).
import crypto from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import { HEADERS, IDEMPOTENCY_KEY_PATTERN, LIMITS } from '@fw/contracts';
import { isReplayedAnswer } from '@fw/contracts/idempotency';
import { HttpError } from '../errors.ts';
import { keyRecordsOn, unrecordedScope, type KeptAnswer, windowSlots } from '../db/claims/index.ts';
import { runInWriteScope } from '../db/write-scope.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSetting } from '../config.ts';
import { scopeOf } from '../http/idempotency-key.ts';
import { deadlineOf } from '../http/deadline.ts';

/** A comment's answer (2,000 characters of text, a name, ids) fits with room to spare. */
export const IDEMPOTENCY_ANON_ANSWER_MAX_BYTES = 16 * 1024;
/** An article save answers with the article, so up to the request body limit. */
const IDEMPOTENCY_USER_ANSWER_MAX_BYTES = LIMITS.REQUEST_BODY_MAX_BYTES + 64 * 1024;
/** Budget hits one database insert stands for (an instance hands the rest out from memory). */
const ANON_BUDGET_BLOCK = 10;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  MALFORMED: `The ${HEADERS.IDEMPOTENCY_KEY} header must be 8 to 128 letters, digits or the characters . _ : -`,
  IN_PROGRESS: 'A request with this Idempotency-Key is still being processed.',
  REUSED:
    'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
} as const;

function fingerprintOf(ctx: Context): string {
  const body = (ctx.request as { body?: unknown }).body;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

/** The answer to keep, or null when the retry should run again instead (the shared rule). */
function answerToKeep(ctx: Context, error: unknown, maxBytes: number): KeptAnswer | null {
  let answer: KeptAnswer | null = null;
  if (error === undefined) {
    const body: unknown = ctx.body;
    if (!Buffer.isBuffer(body) && isReplayedAnswer(ctx.status, body)) answer = { status: ctx.status, body: JSON.stringify(body) };
  } else if (error instanceof HttpError) {
    const body = error.toBody();
    if (isReplayedAnswer(error.status, body)) answer = { status: error.status, body: JSON.stringify(body) };
  }
  if (answer && Buffer.byteLength(answer.body, 'utf8') > maxBytes) return null;
  return answer;
}

/**
 * A check of the caller that would otherwise run as a layer of its own before this one (the admin
 * guard's user read, middleware/require-admin.ts requireAdminBeside), begun when the request
 * reaches this layer and awaited beside the key's claim: a read and an insert at once, where they
 * went one after the other (`npm run bench -- --only=roundtrips`: about 0.7 of the time on both
 * backends). It still decides first: while it is pending nothing runs and nothing is replayed, and
 * when it refuses, the refusal is the answer and a key claimed meanwhile is given back (kept:
 * nothing). Two inserts into two collections at once would not gain this way: on FerretDB over
 * SQLite they wait on each other's lock (about 1.2 times the time of one after the other there,
 * though 0.7 on PostgreSQL); a visitor's comment sends its rate-limit slot inside its change
 * number's insert instead (middleware/rate-limit.ts commentRateLimit).
 */
interface CheckBeside {
  /** The caller's key scope, when the check knows it before it ends (the token's user). */
  scope?: string;
  done: Promise<void>;
}

/**
 * The key layer of a write whose record id comes from the key and whose own insert refuses a
 * repeat (a visitor's comment: http/idempotency-key.ts idFromIdempotencyKey). No record is kept:
 * the key's claim and its stored answer were two of a comment's five round trips, and guarded
 * nothing its insert does not. A repeat, even one still running beside the first, finds the
 * stored thing and answers with it (the handler says so with REPLAYED_HEADER); the same key with
 * other words is refused as a reused key. The key's form is checked as for every write.
 */
export function keyDerivedWrite(): Middleware {
  return async function checkDerivedKey(ctx, next) {
    const key = ctx.get(HEADERS.IDEMPOTENCY_KEY);
    if (key && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError('INVALID_IDEMPOTENCY_KEY', IDEMPOTENCY_MESSAGES.MALFORMED);
    return runInWriteScope(unrecordedScope(deadlineOf(ctx)), next);
  };
}

export interface IdempotencyOptions {
  connection: mongoose.Connection;
  /** New anonymous records per window, all visitors together (RATE_LIMIT_ANON_KEYS). */
  anonymousBudget?: RateLimitSetting;
  /** Begins the check awaited beside the claim; a refusal it knows at once it throws. */
  beside?: (ctx: Context) => CheckBeside;
}

export function idempotency({
  connection,
  anonymousBudget = DEFAULT_RATE_LIMITS.anonKeys,
  beside,
}: IdempotencyOptions): Middleware {
  const records = keyRecordsOn(connection);
  const anonBudget = windowSlots({ connection, bucket: 'idempotency-anon', ...anonymousBudget, blockSize: ANON_BUDGET_BLOCK });
  const inProgress = () => new HttpError('IDEMPOTENCY_KEY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.IN_PROGRESS);

  return async function honourIdempotencyKey(ctx, next) {
    const check = beside?.(ctx);
    // Seen to at once: it is awaited below, maybe after the claim has failed first.
    check?.done.catch(() => undefined);
    const checked = async () => check?.done;
    const unrecorded = async () => {
      await checked();
      return runInWriteScope(unrecordedScope(deadlineOf(ctx)), next);
    };
    const key = ctx.get(HEADERS.IDEMPOTENCY_KEY);
    if (!key) return unrecorded();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      await checked();
      throw new HttpError('INVALID_IDEMPOTENCY_KEY', IDEMPOTENCY_MESSAGES.MALFORMED);
    }

    const scope = check?.scope ?? scopeOf(ctx);
    const anonymous = scope.startsWith('a:');
    const id = `${scope} ${ctx.method} ${ctx.path} ${key}`;
    const fingerprint = fingerprintOf(ctx);
    // A new anonymous record counts against the hourly budget; past it, the call runs unrecorded.
    if (anonymous && !(await anonBudget.take()).allowed) return unrecorded();
    let opened: Awaited<ReturnType<typeof records.open>>;
    try {
      opened = await records.open(id, fingerprint);
    } catch (error) {
      // The check's refusal is the answer when there is one (as when it ran first).
      await checked();
      throw error;
    }
    try {
      await checked();
    } catch (refusal) {
      // Nothing ran under the key: it is given back, and a retry runs.
      if (opened.kind === 'claimed') await opened.scope.finish(null).catch(() => undefined);
      throw refusal;
    }
    if (opened.kind === 'busy') throw inProgress();
    if (opened.kind === 'held') {
      const held = opened.record;
      if (held.fingerprint !== fingerprint) throw new HttpError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.REUSED);
      if (held.state !== 'done' || held.status === undefined || held.body === undefined) throw inProgress();
      ctx.status = held.status;
      ctx.set(REPLAYED_HEADER, 'true');
      ctx.type = 'application/json';
      ctx.body = held.body;
      return;
    }

    const writeScope = opened.scope;
    writeScope.deadline ??= deadlineOf(ctx);
    const maxBytes = anonymous ? IDEMPOTENCY_ANON_ANSWER_MAX_BYTES : IDEMPOTENCY_USER_ANSWER_MAX_BYTES;
    let failure: unknown;
    try {
      await runInWriteScope(writeScope, next);
    } catch (error) {
      failure = error ?? new Error('unknown failure');
      throw error;
    } finally {
      const answer = answerToKeep(ctx, failure, maxBytes);
      const stored = writeScope.finish(answer);
      // An answer the database refused is stored by the key's retry to this instance (db/claims/key-records.ts).
      await (answer ? stored : stored.catch(() => {}));
    }
  };
}
