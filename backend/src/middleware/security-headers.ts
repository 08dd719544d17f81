// The standard security headers on every answer (helmet's, worked out once at start), with the one
// Content-Security-Policy of the site named here, so anything that writes HTML (the PWA's
// index.html, the server-drawn first paint of modules/pages) is judged by the same rules.
//
// What the policy allows, and why:
// - scripts only from this origin ('self'): the built index.html has no inline script (Vite
//   emits module files; vite-plugin-pwa's registration is not injected, the app registers the
//   worker itself), so none needs allowing. Data written into a page for the app to read is a
//   `<script type="application/json">` block, which the browser never runs, so 'self' covers it.
// - styles from this origin only, no 'unsafe-inline': no `<style>` element and no style attribute
//   written as markup. React's `style` props and Quill's formats and pickers set styles through
//   the CSSOM (element.style), which a policy does not restrict; react-toastify is used unstyled
//   (it would inject a `<style>`), its stylesheet bundled. Checked in the browser with Quill's
//   toolbar, a pasted image and every admin screen (pwa/e2e/security-headers.e2e.test.ts).
//   A server-drawn page must therefore carry no style attributes either.
// - images from this origin, `data:` (pictures inside articles are data URLs) and `blob:`
//   (pasted images before they are read).
// - the service worker, the search worker, fetches, the manifest: this origin only.
// - no framing by anyone (frame-ancestors 'none', X-Frame-Options DENY), no plugins, no <base>.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Middleware } from 'koa';

const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

/**
 * The headers helmet sets with this policy. Nothing in them depends on the request (no nonces),
 * so they are worked out once by running helmet against a response that only records them, and
 * each answer gets them in one go instead of helmet's dozen steps per request.
 */
function securityHeaderSet(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  const setAll = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([name, sources]) => [name, [...sources]]),
      ),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  let done = false;
  setAll({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish setting its headers at once.');
  return headers;
}

export function securityHeaders(): Middleware {
  const headers = securityHeaderSet();
  return async function setSecurityHeaders(ctx, next) {
    ctx.set(headers);
    await next();
  };
}
