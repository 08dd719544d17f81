// What a request's Idempotency-Key names: its owner's scope, the id a create derives from it and
// the name of the call. The idempotency middleware (middleware/idempotency.ts) keys its records on
// them; handlers call idFromIdempotencyKey and operationId.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { HEADERS, IDEMPOTENCY_KEY_PATTERN } from '@fw/contracts';

/**
 * Who the key belongs to: the logged-in user, the study space a call opened, or a hash of an anonymous caller's address (ctx.ip:
 * behind TRUST_PROXY only what our own proxies appended to X-Forwarded-For, app.ts).
 */
export function scopeOf(ctx: Context): string {
  const state = ctx.state as { user?: { _id?: unknown }; space?: string };
  if (state.user?._id) return userScope(String(state.user._id));
  // A study sync space whose credential the call proved (modules/study/study.routes.ts).
  if (state.space) return `s:${state.space}`;
  return `a:${crypto.createHash('sha256').update(`address ${ctx.ip}`).digest('base64url').slice(0, 22)}`;
}

/** The scope of the logged-in user `id`. */
export const userScope = (id: string): string => `u:${id}`;

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
