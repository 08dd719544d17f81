// Cross-origin access. The PWA is served from the API's own origin, so by default no other origin
// gets CORS headers and the browser keeps foreign pages from reading our answers. Origins listed
// in CORS_ORIGINS (e.g. a separately hosted front end) are allowed explicitly; a preflight from any
// other origin is refused with 403 and a message, so a misconfiguration is easy to spot.
// Only the API takes part: the PWA's own files and pages are the same for every origin. They
// must not vary by Origin either: a module script or its CSS is requested with an Origin header,
// the service worker's precache without one, and `Vary: Origin` would keep the precache from
// reusing the copy the page has just loaded (a second download of the whole app on a first visit).
import type { Middleware } from 'koa';
import { HEADERS } from '@fw/contracts';
import { API_PREFIX } from '@fw/contracts/paths';
import { HttpError } from '../errors.ts';

const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const CORS_ALLOWED_HEADERS = ['Authorization', HEADERS.TOKEN, 'Content-Type', HEADERS.IDEMPOTENCY_KEY];
/** Headers a cross-origin client may read: the retry hint on 429 and the schedule's ETag. */
const CORS_EXPOSED_HEADERS = ['Retry-After', 'ETag'];
/** How long a browser may reuse a preflight answer. */
const CORS_PREFLIGHT_MAX_AGE_SECONDS = 600;

export function cors({ origins }: { origins: readonly string[] }): Middleware {
  // Origins compare as the browser sends them: scheme://host[:port], no trailing slash.
  const allowed = new Set(origins.map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean));

  return async function handleCors(ctx, next) {
    const origin = ctx.get('Origin');
    if (!origin || !ctx.path.startsWith(API_PREFIX)) return next();
    // Caches must not hand one origin's answer to another.
    ctx.vary('Origin');
    const isPreflight = ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '';

    if (!allowed.has(origin)) {
      // Same-origin requests may carry Origin too; they need no CORS headers. (Koa 3's ctx.origin
      // echoes the Origin header, so our own origin is built from protocol and host.)
      if (origin === `${ctx.protocol}://${ctx.host}` || !isPreflight) return next();
      throw new HttpError('ORIGIN_NOT_ALLOWED', `Requests from ${origin} are not allowed. Add it to CORS_ORIGINS to allow it.`);
    }

    ctx.set('Access-Control-Allow-Origin', origin);
    if (isPreflight) {
      ctx.set('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS.join(', '));
      ctx.set('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
      ctx.set('Access-Control-Max-Age', String(CORS_PREFLIGHT_MAX_AGE_SECONDS));
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    await next();
  };
}
