// The framework's ceiling for the server bench: a bare Koa server (no router, no middleware)
// answering fixed answers read from files, byte for byte as the real server sent them: the same
// body (compressed as it was) and the same headers, its ETag included, with a 304 when
// If-None-Match holds it. Run as its own process:
//   node bench/lib/bare-koa.mjs <port> <path>=<body file>=<headers file (JSON pairs)> …
import fs from 'node:fs';
import Koa from 'koa';

/** Node writes these itself for each answer. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const [port, ...routes] = process.argv.slice(2);
const answers = new Map(
  routes.map((route) => {
    const [path, bodyFile, headersFile] = route.split('=');
    const pairs = JSON.parse(fs.readFileSync(headersFile, 'utf8'));
    const headers = Object.fromEntries(pairs.filter(([name]) => !PER_ANSWER.has(name.toLowerCase())));
    const etag = pairs.find(([name]) => name.toLowerCase() === 'etag')?.[1] ?? `"${path}"`;
    return [path, { body: fs.readFileSync(bodyFile), headers: { ...headers, ETag: etag }, etag }];
  }),
);

const app = new Koa();
app.use(async function answer(ctx) {
  const found = answers.get(ctx.path);
  if (!found) return;
  ctx.set(found.headers);
  if (ctx.get('If-None-Match') === found.etag) {
    ctx.status = 304;
    return;
  }
  ctx.body = found.body;
});
app.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
