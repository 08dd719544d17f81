// The framework's ceiling for the API benchmark: a bare Koa server (no router, no middleware)
// answering fixed bodies read from files, byte for byte as the real server sent them (with their
// Content-Encoding when compressed), with an ETag and a 304 when If-None-Match holds it.
// Run as its own process: node bench/lib/bare-koa.mjs <port> <path>=<file>[=<encoding>] …
import fs from 'node:fs';
import Koa from 'koa';

const [port, ...routes] = process.argv.slice(2);
const bodies = new Map(
  routes.map((route) => {
    const [path, file, encoding] = route.split('=');
    const body = fs.readFileSync(file);
    return [path, { body, encoding, etag: `"${body.length}-${path.length}"` }];
  }),
);

const app = new Koa();
app.use(async function answer(ctx) {
  const found = bodies.get(ctx.path);
  if (!found) return;
  ctx.set('ETag', found.etag);
  ctx.set('Cache-Control', 'no-cache');
  if (ctx.get('If-None-Match') === found.etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  if (found.encoding) {
    ctx.set('Content-Encoding', found.encoding);
    ctx.set('Vary', 'Accept-Encoding');
  }
  ctx.body = found.body;
});
app.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
