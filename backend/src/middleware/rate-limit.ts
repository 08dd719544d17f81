// The HTTP side of the rate limits: which requests count, under which key, and the 429 answer.
// The counting itself, shared by every backend instance, is db/claims/window-slots.ts.
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import { DEFAULT_RATE_LIMITS, type Config, type RateLimitSetting } from '../config.ts';
import { HttpError } from '../errors.ts';
import { SEQ_CLAIMS_COLLECTION, windowSlots } from '../db/claims/index.ts';

export function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

export function tooMany(retryAfterSeconds: number): HttpError {
  return new HttpError('RATE_LIMITED', tooManyMessage(retryAfterSeconds), {}, { 'Retry-After': String(retryAfterSeconds) });
}

interface RateLimitOptions extends RateLimitSetting {
  connection: mongoose.Connection;
  /** Names the counted action, e.g. `register-ip`; part of the slot id. */
  bucket: string;
  /** Who is counted; null means this request is not counted by this limiter. */
  key: (ctx: Context) => string | null;
}

/** Counts every request (before validation, so malformed ones count too). */
function rateLimit({ key, ...slotOptions }: RateLimitOptions): Middleware {
  const counter = windowSlots(slotOptions);
  return async function limitRate(ctx, next) {
    const who = key(ctx);
    if (who === null || who === '') return next();
    const taken = await counter.take(who);
    if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
    await next();
  };
}

/**
 * The caller's address: the connection's, or with TRUST_PROXY=true the X-Forwarded-For entry our
 * own proxies wrote (TRUSTED_PROXY_HOPS from the right; app.ts sets Koa's maxIpsCount), never an
 * entry the client wrote itself.
 */
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

const registerSetting = (deps: RateLimitDeps) => deps.config.rateLimits?.register ?? DEFAULT_RATE_LIMITS.register;

/** Registrations per address: every attempt counts, malformed ones too. */
export function registerIpRateLimit(deps: RateLimitDeps): Middleware {
  return limiter(deps, 'register-ip', registerSetting(deps), byIp);
}

/**
 * Registrations per email, called with the email of a request that passed validation: only
 * well-formed attempts count, so junk sent with someone's address from many places cannot make
 * that person's own registration wait an hour.
 */
export function registerEmailRateLimit(deps: RateLimitDeps): (email: string) => Promise<void> {
  const counter = windowSlots({ connection: deps.connection, bucket: 'register-email', ...registerSetting(deps) });
  return async function limitByEmail(email) {
    const taken = await counter.take(email);
    if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
  };
}

/** Counts one hit of the caller; throws the 429 when the caller's window is full. */
export type TakeHit = () => Promise<void>;

/**
 * Visitor comments, counted per IP, not as a layer before the route but by the comment's own write
 * (comments.service.ts `add`): its slot is taken beside its change number's claim
 * (db/write-change.ts `beside`), and lives in the numbers' collection, so the two go to the
 * database as one insert (db/batched-insert.ts), where they went one after the other: a comment
 * is two round trips, its slot with its number, then itself. A malformed comment is refused before
 * it counts; one for an article the read model does not hold as published is counted before the
 * read that decides it (comments.service.ts requirePublished). A refused slot fails the write, and
 * its number is given up as any failed change's is. A caller this instance already knows to be
 * over the limit is refused at once, with no database call. Returns the hit to take, or undefined
 * for a caller not counted (no address).
 */
export function commentRateLimit(deps: RateLimitDeps): (ctx: Context) => TakeHit | undefined {
  const setting = deps.config.rateLimits?.comment ?? DEFAULT_RATE_LIMITS.comment;
  const counter = windowSlots({ connection: deps.connection, bucket: 'comment-ip', ...setting, collection: SEQ_CLAIMS_COLLECTION });
  return (ctx) => {
    const who = byIp(ctx);
    if (who === null || who === '') return undefined;
    if (counter.knownFull(who)) throw tooMany(counter.secondsLeft());
    return async () => {
      const taken = await counter.take(who);
      if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
    };
  };
}

/** Reminder saves and removals, counted per IP: mount on the reminder subscription calls. */
export function reminderRateLimit(deps: RateLimitDeps): Middleware {
  return limiter(deps, 'reminder-ip', deps.config.rateLimits?.reminder ?? DEFAULT_RATE_LIMITS.reminder, byIp);
}
