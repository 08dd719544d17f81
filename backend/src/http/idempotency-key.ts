// What a request's Idempotency-Key names: its owner's scope, the id a create derives from it and
// the name of the call. The idempotency middleware (middleware/idempotency.ts) keys its records on
// them; handlers call idFromIdempotencyKey and operationId, and hand writeScopeOf to the services.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { HEADERS, IDEMPOTENCY_KEY_PATTERN } from '@fw/contracts';
import { unrecordedScope, type WriteScope } from '../db/claims/key-records.ts';
import { deadlineOf } from './deadline.ts';

/**
 * Who the key belongs to: the logged-in user, or a hash of an anonymous caller's address (ctx.ip:
 * behind TRUST_PROXY only what our own proxies appended to X-Forwarded-For, app.ts).
 */
export function scopeOf(ctx: Context): string {
  const user = (ctx.state as { user?: { _id?: unknown } }).user;
  if (user?._id) return `u:${String(user._id)}`;
  return `a:${crypto.createHash('sha256').update(`address ${ctx.ip}`).digest('base64url').slice(0, 22)}`;
}

const keyOf = (ctx: Context): string | undefined => {
  const key = ctx.get(HEADERS.IDEMPOTENCY_KEY);
  return key && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined;
};

/**
 * The id a create made without one gets when it carries an Idempotency-Key: derived from the key,
 * so a create whose outcome was lost (applied, then the database failed before its answer was
 * recorded, and the key released) makes the same record again on the retry, never a second one.
 * Not scoped to the caller, so a visitor whose address changed still cannot comment twice.
 */
export function idFromIdempotencyKey(ctx: Context): string | undefined {
  const key = keyOf(ctx);
  if (!key) return undefined;
  return crypto
    .createHash('sha256')
    .update(`${ctx.method} ${ctx.path} ${key}`)
    .digest('hex')
    .slice(0, 24);
}

/**
 * A name for this call that a retry of it shares and no other call has: the caller's scope, the
 * call and the key. Lets a change mark itself as applied (articles.service togglePublish).
 */
export function operationId(ctx: Context): string | undefined {
  const key = keyOf(ctx);
  if (!key) return undefined;
  return crypto
    .createHash('sha256')
    .update(`${scopeOf(ctx)} ${ctx.method} ${ctx.path} ${key}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The write scope of this request: the key record it holds, if any, and its time limit. Services
 * make their changes under it (db/write-change.ts), so the record's answer settles them and no
 * write starts once the request was answered "nothing was saved" (http/deadline.ts).
 */
export function writeScopeOf(ctx: Context): WriteScope | undefined {
  const state = ctx.state as { writeScope?: WriteScope };
  const deadline = deadlineOf(ctx);
  if (!state.writeScope && deadline) state.writeScope = unrecordedScope(deadline);
  return state.writeScope;
}

/** Set by middleware/idempotency.ts once it holds the request's record. */
export function setWriteScope(ctx: Context, scope: WriteScope): void {
  scope.deadline ??= deadlineOf(ctx);
  (ctx.state as { writeScope?: WriteScope }).writeScope = scope;
}
