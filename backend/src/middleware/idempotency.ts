// `Idempotency-Key` on every mutating /api/ call (not login or registration, which change nothing
// a retry could double): the first answer is stored in the database, shared by every backend
// instance, and a repeat gets it back with `Idempotent-Replayed: true` without running again.
//
// A key is claimed before the call runs, by inserting its record (the one atomic check FerretDB
// offers, see db/duplicate-key.ts), so two copies sent at once never both run. Answers that say
// "nothing was done, try again" are not kept, so the retry can do the work: 5xx and unexpected
// errors, and also 401/403 (the device logs in again and resends) and 429 (too many requests).
import crypto from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import { HEADERS, IDEMPOTENCY_KEY_PATTERN } from '@fw/contracts';
import { HttpError, badRequest, conflict } from '../errors.ts';
import { isDuplicateKey } from '../db/duplicate-key.ts';

/** Keys are remembered this long, then forgotten by a periodic delete (FerretDB has no TTL index). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;
/** A key still "being processed" after this long belongs to a crashed request and may be reused. */
export const IDEMPOTENCY_PENDING_STALE_MS = 60_000;
const IDEMPOTENCY_SWEEP_EVERY_MS = 3600 * 1000;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  MALFORMED: `The ${HEADERS.IDEMPOTENCY_KEY} header must be 8 to 128 letters, digits or the characters . _ : -`,
  IN_PROGRESS: 'A request with this Idempotency-Key is still being processed.',
  REUSED:
    'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
} as const;

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UNGUARDED_PATHS = new Set(['/api/admin/login', '/api/admin/register']);
const RETRYABLE_STATUSES = new Set([401, 403, 408, 429]);

interface KeyDoc {
  _id: string;
  state: 'pending' | 'done';
  /** A hash of the request body: the same key with another body is a client bug, not a retry. */
  fingerprint: string;
  createdAt: Date;
  status?: number;
  /** The answer as JSON text (stored as text so any field name is safe in the database). */
  body?: string;
}

/**
 * The id a create made without one gets when it carries an Idempotency-Key: derived from the key,
 * so a create whose outcome was lost (applied, then the database failed before its answer was
 * recorded, and the key released) makes the same record again on the retry, never a second one.
 */
export function idFromIdempotencyKey(ctx: Context): string | undefined {
  const key = ctx.get(HEADERS.IDEMPOTENCY_KEY);
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) return undefined;
  return crypto
    .createHash('sha256')
    .update(`${ctx.method} ${ctx.path} ${key}`)
    .digest('hex')
    .slice(0, 24);
}

const isKept = (status: number) => status >= 200 && status < 500 && !RETRYABLE_STATUSES.has(status);

function fingerprintOf(ctx: Context): string {
  const body = (ctx.request as { body?: unknown }).body;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

export function idempotency({ connection }: { connection: mongoose.Connection }): Middleware {
  const keys = connection.collection<KeyDoc>('idempotency_keys');
  let lastSweepMs = 0;

  function sweepNowAndThen(nowMs: number) {
    if (nowMs - lastSweepMs < IDEMPOTENCY_SWEEP_EVERY_MS) return;
    lastSweepMs = nowMs;
    keys.deleteMany({ createdAt: { $lt: new Date(nowMs - IDEMPOTENCY_KEY_TTL_MS) } }).catch(() => {
      // Housekeeping only; expired keys are also ignored when read.
    });
  }

  /** Claims the key, or returns the record that holds it (a finished answer or a running call). */
  async function claim(id: string, fingerprint: string): Promise<KeyDoc | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const nowMs = Date.now();
      sweepNowAndThen(nowMs);
      try {
        await keys.insertOne({
          _id: id,
          state: 'pending',
          fingerprint,
          createdAt: new Date(nowMs),
        });
        return null;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const held = await keys.findOne({ _id: id });
      if (!held) continue;
      const age = nowMs - held.createdAt.getTime();
      const abandoned =
        age > IDEMPOTENCY_KEY_TTL_MS ||
        (held.state === 'pending' && age > IDEMPOTENCY_PENDING_STALE_MS);
      if (!abandoned) return held;
      await keys.deleteOne({ _id: id, createdAt: held.createdAt });
    }
    throw conflict(IDEMPOTENCY_MESSAGES.IN_PROGRESS);
  }

  return async function honourIdempotencyKey(ctx, next) {
    if (
      !MUTATING_METHODS.has(ctx.method) ||
      !ctx.path.startsWith('/api/') ||
      UNGUARDED_PATHS.has(ctx.path)
    ) {
      return next();
    }
    const key = ctx.get(HEADERS.IDEMPOTENCY_KEY);
    if (!key) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.MALFORMED);

    const id = `${ctx.method} ${ctx.path} ${key}`;
    const fingerprint = fingerprintOf(ctx);
    const held = await claim(id, fingerprint);
    if (held) {
      if (held.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_MESSAGES.REUSED);
      if (held.state !== 'done' || held.status === undefined || held.body === undefined) {
        throw conflict(IDEMPOTENCY_MESSAGES.IN_PROGRESS);
      }
      ctx.status = held.status;
      ctx.set(REPLAYED_HEADER, 'true');
      ctx.type = 'application/json';
      ctx.body = held.body;
      return;
    }

    let answer: { status: number; body: string } | null = null;
    try {
      await next();
      if (
        isKept(ctx.status) &&
        ctx.body !== undefined &&
        !Buffer.isBuffer(ctx.body) &&
        typeof ctx.body === 'object'
      ) {
        answer = { status: ctx.status, body: JSON.stringify(ctx.body) };
      }
    } catch (error) {
      if (error instanceof HttpError && isKept(error.status)) {
        // The same body the error handler will send for it.
        answer = {
          status: error.status,
          body: JSON.stringify({ success: false, message: error.message, ...error.body }),
        };
      }
      throw error;
    } finally {
      if (answer) {
        await keys.updateOne(
          { _id: id },
          { $set: { state: 'done', status: answer.status, body: answer.body } },
        );
      } else {
        await keys.deleteOne({ _id: id }).catch(() => {});
      }
    }
  };
}
