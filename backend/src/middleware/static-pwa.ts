// Serves the built PWA from the same origin as the API: hashed assets cached for a year, the
// service worker and index.html never cached, and for every client-side route the page that
// `renderPage` writes (modules/pages), or plain index.html without one.
// The build writes `.br` and `.gz` beside each compressible file (pwa/vite-plugins/precompress.ts);
// they are sent as such to clients that accept them, so no static file is compressed per request.
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { API_PREFIX } from '@fw/contracts/paths';

const YEAR_MS = 365 * 24 * 3600 * 1000;

const PRECOMPRESSED = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;

/** The precompressed form of `file` this client accepts (brotli first, as koa-send chooses). */
function precompressedFor(ctx: Context, file: string): { file: string; encoding?: 'br' | 'gzip' } {
  for (const { encoding, ext } of PRECOMPRESSED) {
    if (ctx.acceptsEncodings(encoding, 'identity') === encoding && fs.existsSync(file + ext)) {
      return { file: file + ext, encoding };
    }
  }
  return { file };
}

/**
 * A request the site answers with a page (its own 404 page included): a path without a file
 * extension that accepts HTML, or a browser's navigation, which names text/html in Accept, to any
 * address (`/bible/john/3.5`). A script, style or image that is not there stays a bare 404.
 */
function isPageRequest(ctx: Context): boolean {
  if (/\btext\/html\b/i.test(ctx.get('accept'))) return true;
  return Boolean(ctx.accepts('html')) && !path.extname(ctx.path);
}

export function staticPwa({
  dir,
  renderPage,
}: {
  dir: string;
  renderPage?: (ctx: Context) => Promise<void>;
}): Middleware {
  const indexFile = path.join(dir, 'index.html');
  const files = serve(dir, {
    // '/' is a page like the others (renderPage), not the bare index.html.
    index: renderPage ? false : 'index.html',
    // koa-send picks `<file>.br` or `<file>.gz` when the client accepts it and sets Content-Encoding.
    gzip: true,
    brotli: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? `public, max-age=${YEAR_MS / 1000}, immutable` : 'no-cache');
    },
  });
  return async function servePwa(ctx, next) {
    if (ctx.path.startsWith(API_PREFIX)) return next();
    // The answer depends on Accept-Encoding whether or not this one is compressed (caches must know).
    ctx.vary('Accept-Encoding');
    await files(ctx, async () => {});
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && isPageRequest(ctx)) {
      if (renderPage) return renderPage(ctx);
      const { file, encoding } = precompressedFor(ctx, indexFile);
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      if (encoding) ctx.set('Content-Encoding', encoding);
      ctx.body = fs.createReadStream(file);
      return;
    }
    return next();
  };
}
