// The login policy (docs/configuration.md, "Login policy"): failures are what count, and nobody can lock an
// account's owner out by failing on purpose.
// - per (email, address) pair: RATE_LIMIT_LOGIN failures per window, then that pair gets 429;
// - per address: LOGIN_ADDRESS_FACTOR times as many failures, whatever the emails (an attacker
//   rotating emails from one address is still stopped);
// - per email: no refusal. Past LOGIN_FREE_FAILURES failures in the window each further failure
//   for that email is answered later and later (doubling from LOGIN_DELAY_BASE_MS, capped at
//   rateLimits.loginDelayMaxMs), which slows guessing down; the right password is never delayed,
//   so the owner logs in from any address that has not itself been failing.
// A malformed attempt (400) counts as a failure. Counters are window slots (db/claims/window-slots.ts):
// each recorded failure is one or two inserts; a known-full window is refused from memory, and
// another instance learns it on its first failure there (so at most one extra try per instance).
import type { Middleware } from 'koa';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import { HttpError } from '../errors.ts';
import { windowSlots } from '../db/claims/index.ts';
import { byBodyEmail, byIp, tooMany, type RateLimitDeps } from './rate-limit.ts';

export const LOGIN_ADDRESS_FACTOR = 3;
export const LOGIN_FREE_FAILURES = 3;
export const LOGIN_DELAY_BASE_MS = 250;
export const LOGIN_DELAY_MAX_MS = 4_000;
/** Failures per email are counted up to this many per window (past it the delay is at its cap). */
const LOGIN_EMAIL_COUNT_MAX = 64;

/** How long the answer to the `failures`-th failure for one email waits. */
export function loginFailureDelayMs(failures: number, maxMs: number = LOGIN_DELAY_MAX_MS): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_FREE_FAILURES - 1, 20);
  return Math.min(LOGIN_DELAY_BASE_MS * 2 ** doublings, maxMs);
}

const isFailure = (status: number) => status === 400 || status === 401;

export function loginLimits(deps: RateLimitDeps): Middleware {
  const setting = deps.config.rateLimits?.login ?? DEFAULT_RATE_LIMITS.login;
  const maxDelayMs = deps.config.rateLimits?.loginDelayMaxMs ?? LOGIN_DELAY_MAX_MS;
  const { connection } = deps;
  const perPair = windowSlots({ connection, bucket: 'login-pair', ...setting });
  const perAddress = windowSlots({
    connection,
    bucket: 'login-ip',
    limit: setting.limit * LOGIN_ADDRESS_FACTOR,
    windowMs: setting.windowMs,
  });
  const perEmail = windowSlots({ connection, bucket: 'login-email', limit: LOGIN_EMAIL_COUNT_MAX, windowMs: setting.windowMs });

  return async function limitLogin(ctx, next) {
    const address = byIp(ctx) ?? 'unknown';
    const email = byBodyEmail(ctx);
    const pair = email ? `${email}|${address}` : null;
    if (perAddress.knownFull(address) || (pair && perPair.knownFull(pair))) {
      throw tooMany(perAddress.secondsLeft());
    }
    try {
      await next();
    } catch (error) {
      if (!(error instanceof HttpError) || !isFailure(error.status)) throw error;
      const byAddress = await perAddress.take(address);
      if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
      if (pair) {
        const byPair = await perPair.take(pair);
        if (!byPair.allowed) throw tooMany(byPair.retryAfterSeconds);
        const byEmail = await perEmail.take(email!);
        const waitMs = byEmail.allowed ? loginFailureDelayMs(byEmail.slot, maxDelayMs) : maxDelayMs;
        if (waitMs > 0) await sleep(waitMs);
      }
      throw error;
    }
  };
}
