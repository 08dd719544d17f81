// Serves the built PWA from the same origin as the API: hashed assets cached for a year, the
// service worker and index.html never cached, and index.html for every client-side route.
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function staticPwa({ dir }: { dir: string }): Middleware {
  const indexFile = path.join(dir, 'index.html');
  const files = serve(dir, {
    index: 'index.html',
    gzip: false,
    brotli: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? `public, max-age=${YEAR_MS / 1000}, immutable` : 'no-cache');
    },
  });
  return async function servePwa(ctx, next) {
    if (ctx.path.startsWith('/api/')) return next();
    await files(ctx, async () => {});
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.accepts('html') && !path.extname(ctx.path)) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = fs.createReadStream(indexFile);
      return;
    }
    return next();
  };
}
