// Guards every admin call: a valid, unexpired token of a user who still exists, is approved and
// is an admin. Sets ctx.state.user for the handler. Each refusal has a code of kind 'sign-in'
// (contracts/errors.ts), so a client asks for a new login instead of giving the request up.
import type { Middleware } from 'koa';
import mongoose from 'mongoose';
import { HttpError } from '../errors.ts';
import { tokenFromHeaders, verifyToken } from '../modules/users/tokens.ts';
import type { UserModel, UserDoc } from '../modules/users/user.model.ts';

export const AUTH_MESSAGES = {
  MISSING: 'Please log in: this needs an administrator token.',
  INVALID: 'Your login is not valid. Please log in again.',
  EXPIRED: 'Your session has expired. Please log in again.',
  GONE: 'Your account no longer exists. Please log in again.',
  NOT_APPROVED: 'Your account is waiting for approval by an administrator.',
  NOT_ADMIN: 'Only administrators can do this.',
} as const;

export interface AdminState {
  user: UserDoc;
}

export function requireAdmin({ users, secret }: { users: UserModel; secret: string }): Middleware<AdminState> {
  return async function checkAdmin(ctx, next) {
    const token = tokenFromHeaders(ctx.headers);
    if (!token) throw new HttpError('TOKEN_MISSING', AUTH_MESSAGES.MISSING);
    const check = verifyToken(token, secret);
    if (!check.ok) throw check.reason === 'expired'
        ? new HttpError('TOKEN_EXPIRED', AUTH_MESSAGES.EXPIRED)
        : new HttpError('TOKEN_INVALID', AUTH_MESSAGES.INVALID);
    if (!mongoose.isValidObjectId(check.userId)) throw new HttpError('TOKEN_INVALID', AUTH_MESSAGES.INVALID);
    const user = (await users.findById(check.userId).lean()) as UserDoc | null;
    if (!user) throw new HttpError('ACCOUNT_GONE', AUTH_MESSAGES.GONE);
    if (!user.isApproved) throw new HttpError('NOT_APPROVED', AUTH_MESSAGES.NOT_APPROVED);
    if (user.role !== 'admin') throw new HttpError('NOT_ADMIN', AUTH_MESSAGES.NOT_ADMIN);
    ctx.state.user = user;
    await next();
  };
}
