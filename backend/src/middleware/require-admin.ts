// Guards every admin call: a valid, unexpired token of a user who still exists, is approved and
// is an admin. Sets ctx.state.user for the handler. Each refusal has a code of kind 'sign-in'
// (contracts/errors.ts), so a client asks for a new login instead of giving the request up.
// What a token means and where users live belong to modules/users: app.ts hands both in, so
// this layer imports no module.
import type { Context, Middleware } from 'koa';
import mongoose from 'mongoose';
import { HttpError } from '../errors.ts';
import { userScope } from '../http/idempotency-key.ts';

export const AUTH_MESSAGES = {
  MISSING: 'Please log in: this needs an administrator token.',
  INVALID: 'Your login is not valid. Please log in again.',
  EXPIRED: 'Your session has expired. Please log in again.',
  GONE: 'Your account no longer exists. Please log in again.',
  NOT_APPROVED: 'Your account is waiting for approval by an administrator.',
  NOT_ADMIN: 'Only administrators can do this.',
} as const;

/** What the guard and the handlers after it read of the signed-in user. */
interface AdminUser {
  _id: unknown;
  name: string;
  isApproved: boolean;
  role: string;
}

export interface AdminState {
  user: AdminUser;
}

/** Whom a login token names, or why it names no one. */
type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'expired' | 'invalid' };

export interface AdminGuardDeps {
  /** Checks a token's signature and expiry (modules/users/tokens.ts). */
  verifyToken: (token: string) => TokenCheck;
  /** The user with this id as stored now, or null when there is none. */
  findUser: (id: string) => Promise<AdminUser | null>;
}

/** The token from `Authorization` (bare or as `Bearer <token>`), else from a `token` header. */
function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();
  const authorization = pick(headers.authorization);
  if (authorization) return authorization.replace(/^Bearer\s+/i, '') || null;
  return pick(headers.token) || null;
}

/** The admin check begun: whom the token names, and the read that decides (it rejects with the refusal). */
export interface AdminCheck {
  userId: string;
  user: Promise<AdminUser>;
}

/**
 * Begins the check of a request's caller: the token is checked now (a refusal throws at once), the
 * stored user is read and judged in `user`. The Idempotency-Key layer of an admin write awaits it
 * beside its key's claim (app.ts); every other admin call awaits it first (requireAdmin).
 */
export function adminCheck({ verifyToken, findUser }: AdminGuardDeps): (ctx: { headers: Record<string, string | string[] | undefined> }) => AdminCheck {
  return function beginAdminCheck(ctx) {
    const token = tokenFromHeaders(ctx.headers);
    if (!token) throw new HttpError('TOKEN_MISSING', AUTH_MESSAGES.MISSING);
    const check = verifyToken(token);
    if (!check.ok) throw check.reason === 'expired'
        ? new HttpError('TOKEN_EXPIRED', AUTH_MESSAGES.EXPIRED)
        : new HttpError('TOKEN_INVALID', AUTH_MESSAGES.INVALID);
    if (!mongoose.isValidObjectId(check.userId)) throw new HttpError('TOKEN_INVALID', AUTH_MESSAGES.INVALID);
    const user = findUser(check.userId).then((found) => {
      if (!found) throw new HttpError('ACCOUNT_GONE', AUTH_MESSAGES.GONE);
      if (!found.isApproved) throw new HttpError('NOT_APPROVED', AUTH_MESSAGES.NOT_APPROVED);
      if (found.role !== 'admin') throw new HttpError('NOT_ADMIN', AUTH_MESSAGES.NOT_ADMIN);
      return found;
    });
    return { userId: check.userId, user };
  };
}

/** The guard of an admin call: nothing after it runs until the caller is known to be an admin. */
export function requireAdmin(begin: ReturnType<typeof adminCheck>): Middleware<AdminState> {
  return async function checkAdmin(ctx, next) {
    ctx.state.user = await begin(ctx).user;
    await next();
  };
}

/**
 * The guard of an admin write: the check begun by `keyLayer` (the Idempotency-Key layer) and
 * awaited beside its key's claim, one round trip for both; nothing after it runs until the check
 * has passed. The key is the token's user's, as it is once the check has set ctx.state.user.
 * Only a caller `knownAdmin` says is one (the admin view, which may lag a second) claims a key
 * before the check ends: any other token, a reader's or a user's waiting for approval, is refused
 * before anything is written, so it cannot fill the key records with refused calls.
 */
export function requireAdminBeside(
  begin: ReturnType<typeof adminCheck>,
  keyLayer: (beside: (ctx: Context) => { scope: string; done: Promise<void> }) => Middleware,
  knownAdmin: (userId: string) => boolean,
): Middleware<AdminState> {
  const begun = new WeakMap<Context, AdminCheck>();
  const layer = keyLayer((ctx) => {
    const check = begun.get(ctx)!;
    return { scope: userScope(check.userId), done: check.user.then((user) => void (ctx.state.user = user)) };
  });
  return async function checkAdminBeside(ctx, next) {
    const check = begin(ctx);
    if (!knownAdmin(check.userId)) ctx.state.user = await check.user;
    begun.set(ctx, check);
    return layer(ctx, next);
  };
}
