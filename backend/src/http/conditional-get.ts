// ETags for the read calls devices poll (article list, delta feeds, schedule). An ETag is made
// from what identifies the answer (e.g. the change-sequence horizon), never from the body, so a
// 304 costs a tiny read and no serialising.
import type { Context } from 'koa';

export function etagOf(...parts: (string | number)[]): string {
  return `"${parts.join('-')}"`;
}

/** RFC 9110 weak comparison against an If-None-Match list (`*` matches anything). */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sets the ETag and answers 304 when the client already holds this version. Returns true when
 * it did, and the handler must stop there.
 *
 * Not `ctx.fresh`: it treats a request carrying `Cache-Control: no-cache` as never fresh, and
 * fetch() adds exactly that header to every request with a hand-set If-None-Match, so a device's
 * conditional pull would never get its 304.
 */
export function answeredNotModified(ctx: Context, etag: string): boolean {
  ctx.set('ETag', etag);
  // Cached copies may be kept but must be checked with us before use.
  ctx.set('Cache-Control', 'no-cache');
  const ifNoneMatch = ctx.get('If-None-Match');
  if (!ifNoneMatch || !matchesIfNoneMatch(ifNoneMatch, etag)) return false;
  ctx.status = 304;
  return true;
}
