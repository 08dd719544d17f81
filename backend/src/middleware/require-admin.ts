// Guards every admin call: a valid, unexpired token of a user who still exists, is approved and
// is an admin. Sets ctx.state.user for the handler. Each refusal has a code of kind 'sign-in'
// (contracts/errors.ts), so a client asks for a new login instead of giving the request up.
// What a token means and where users live belong to modules/users: app.ts hands both in, so
// this layer imports no module.
import type { Middleware } from 'koa';
import mongoose from 'mongoose';
import { HttpError } from '../errors.ts';

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

export function requireAdmin({ verifyToken, findUser }: AdminGuardDeps): Middleware<AdminState> {
  return async function checkAdmin(ctx, next) {
    const token = tokenFromHeaders(ctx.headers);
    if (!token) throw new HttpError('TOKEN_MISSING', AUTH_MESSAGES.MISSING);
    const check = verifyToken(token);
    if (!check.ok) throw check.reason === 'expired'
        ? new HttpError('TOKEN_EXPIRED', AUTH_MESSAGES.EXPIRED)
        : new HttpError('TOKEN_INVALID', AUTH_MESSAGES.INVALID);
    if (!mongoose.isValidObjectId(check.userId)) throw new HttpError('TOKEN_INVALID', AUTH_MESSAGES.INVALID);
    const user = await findUser(check.userId);
    if (!user) throw new HttpError('ACCOUNT_GONE', AUTH_MESSAGES.GONE);
    if (!user.isApproved) throw new HttpError('NOT_APPROVED', AUTH_MESSAGES.NOT_APPROVED);
    if (user.role !== 'admin') throw new HttpError('NOT_ADMIN', AUTH_MESSAGES.NOT_ADMIN);
    ctx.state.user = user;
    await next();
  };
}
