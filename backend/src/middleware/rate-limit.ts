// Rate limits kept in the database (collection `rate_limits`), so several backend instances share
// the same counters. Fixed windows per bucket, key and window start. FerretDB 1.24 loses `$inc`
// increments under concurrency (see db/sequence.ts), so a hit is counted by inserting its slot
// `<window id>#<n>`, which only one request can do; a hint document says where to start probing.
// FerretDB has no TTL indexes, so expired windows are swept now and then by the requests themselves
// instead of a timer that would outlive the app.
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import { DEFAULT_RATE_LIMITS, type Config, type RateLimitSetting } from '../config.ts';
import { HttpError } from '../errors.ts';

export const RATE_LIMIT_COLLECTION = 'rate_limits';
/** How often one limiter deletes expired windows (at most). */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Upper bound on a key taken from a request body, so a huge field cannot make a huge id. */
const KEY_MAX_CHARS = 254;
const DUPLICATE_KEY_CODE = 11000;

interface CounterDoc {
  _id: string;
  /** On a slot: absent. On the window's hint document: the highest slot known to be taken. */
  count?: number;
  expiresAt: Date;
}

export interface RateLimitOptions {
  connection: mongoose.Connection;
  /** Names the counted action, e.g. `login-ip`; part of the counter id. */
  bucket: string;
  limit: number;
  windowMs: number;
  /** Who is counted; null means this request is not counted by this limiter. */
  key: (ctx: Context) => string | null;
}

export function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === DUPLICATE_KEY_CODE;
}

export function rateLimit({ connection, bucket, limit, windowMs, key }: RateLimitOptions): Middleware {
  const counters = () => connection.collection<CounterDoc>(RATE_LIMIT_COLLECTION);
  let lastSweepMs = 0;

  /** Claims the next free slot of the window; returns its number, or limit + 1 when all are taken. */
  async function countHit(id: string, expiresAt: Date): Promise<number> {
    const hint = (await counters().findOne({ _id: id }))?.count ?? 0;
    for (let slot = hint + 1; slot <= limit; slot++) {
      try {
        await counters().insertOne({ _id: `${id}#${slot}`, expiresAt });
      } catch (error) {
        if (isDuplicateKey(error)) continue;
        throw error;
      }
      // Only a hint: a lost update here costs a few extra probes, never a wrong count.
      await counters().updateOne({ _id: id }, { $max: { count: slot }, $setOnInsert: { expiresAt } }, { upsert: true }).catch(() => {});
      return slot;
    }
    return limit + 1;
  }

  function sweepExpired(nowMs: number): void {
    if (nowMs - lastSweepMs < RATE_LIMIT_SWEEP_INTERVAL_MS) return;
    lastSweepMs = nowMs;
    // Not awaited: a slow or failed sweep must never delay or fail the request that triggered it.
    counters()
      .deleteMany({ expiresAt: { $lt: new Date(nowMs) } })
      .catch(() => {});
  }

  return async function limitRate(ctx, next) {
    const who = key(ctx);
    if (who === null || who === '') return next();
    const nowMs = Date.now();
    const windowStartMs = nowMs - (nowMs % windowMs);
    const windowEndMs = windowStartMs + windowMs;
    const count = await countHit(`${bucket}:${who.slice(0, KEY_MAX_CHARS)}:${windowStartMs}`, new Date(windowEndMs));
    sweepExpired(nowMs);
    if (count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowEndMs - nowMs) / 1000));
      throw new HttpError(429, tooManyMessage(retryAfterSeconds), {}, { 'Retry-After': String(retryAfterSeconds) });
    }
    await next();
  };
}

/** The caller's address (X-Forwarded-For is honoured only when TRUST_PROXY=true). */
export const byIp = (ctx: Context): string | null => ctx.ip || null;

/** The email of a JSON body, normalised like the contracts schema does; null when absent. */
export function byBodyEmail(ctx: Context): string | null {
  const body = (ctx.request as { body?: unknown }).body;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

export interface RateLimitDeps {
  connection: mongoose.Connection;
  config: Pick<Config, 'rateLimits'>;
}

function limiter(deps: RateLimitDeps, bucket: string, setting: RateLimitSetting, key: RateLimitOptions['key']) {
  return rateLimit({ connection: deps.connection, bucket, ...setting, key });
}

/** Login attempts, counted per IP and per email (guessing one account from many addresses). */
export function loginRateLimits(deps: RateLimitDeps): Middleware[] {
  const setting = deps.config.rateLimits?.login ?? DEFAULT_RATE_LIMITS.login;
  return [limiter(deps, 'login-ip', setting, byIp), limiter(deps, 'login-email', setting, byBodyEmail)];
}

/** Registrations, counted per IP and per email. */
export function registerRateLimits(deps: RateLimitDeps): Middleware[] {
  const setting = deps.config.rateLimits?.register ?? DEFAULT_RATE_LIMITS.register;
  return [limiter(deps, 'register-ip', setting, byIp), limiter(deps, 'register-email', setting, byBodyEmail)];
}

/** Visitor comments, counted per IP: mount on POST /api/articles/add-comment. */
export function commentRateLimit(deps: RateLimitDeps): Middleware {
  return limiter(deps, 'comment-ip', deps.config.rateLimits?.comment ?? DEFAULT_RATE_LIMITS.comment, byIp);
}
