// HTTP measuring tools of the server bench: one GET with the bytes as they crossed the wire,
// paging the delta feed as the PWA does, autocannon load, and the bare-Koa ceiling process.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { round } from './stats.mjs';

/** What a browser offers; the server answers brotli. */
export const ACCEPT_ENCODING = { 'accept-encoding': 'br, gzip' };
/** pwa/src/sync/pull.ts: the article page size the PWA asks the feed for (contracts' LIMITS). */
export const PWA_SYNC_PAGE_ITEMS = 2000;
export const LOAD_CONNECTIONS = 10;
export const LOAD_DURATION_S = 5;
const LOAD_WARMUP_S = 1;
const GET_TIMEOUT_MS = 120_000;

/** A body as sent, decoded by its Content-Encoding. */
export function decode(body, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

/** A browser keeps its connection open between requests; so does the bench's feed paging. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * GET with the bytes received (status line + headers + body as sent, compressed or not) and the
 * time to the last byte; `raw` is the body as sent, `json` the decoded body. With `parse` false
 * the body is neither decoded nor parsed: megabytes decoded here in one piece leave this
 * process's garbage collector busy during the next timed request (the next page's first byte
 * seemed 10-20 ms late).
 */
export function measuredGet(baseUrl, urlPath, headers = ACCEPT_ENCODING, agent = false, { parse = true } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(baseUrl + urlPath, { headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks);
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headerBytes += res.rawHeaders[i].length + 2 + res.rawHeaders[i + 1].length + 2;
        const encoding = res.headers['content-encoding'];
        const body = parse ? decode(raw, encoding) : Buffer.alloc(0);
        resolve({
          status: res.statusCode,
          bytes: headerBytes + raw.length,
          ms,
          raw,
          encoding,
          // The feeds (bench/feeds.mjs) answer XML.
          json: body.length && /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(body.toString('utf8')) : null,
          etag: res.headers.etag,
          headerPairs: Array.from({ length: res.rawHeaders.length / 2 }, (_, i) => [
            res.rawHeaders[2 * i],
            res.rawHeaders[2 * i + 1],
          ]),
        });
      });
      res.on('error', reject);
    });
    req.setTimeout(GET_TIMEOUT_MS, () => req.destroy(new Error(`GET ${urlPath} timed out`)));
    req.on('error', reject);
  });
}

/**
 * Pages through the article feed from `since` as the PWA does, on one kept-alive connection;
 * returns bytes, time and the cursor. The time is the sum of each page's request-to-last-byte
 * time: decoding and parsing a page here is the client's work, not the server's or the wire's.
 */
/**
 * Collects this process's own garbage now, between timed requests: an answer of megabytes read just
 * before leaves a collection that otherwise lands in the next timed request (at 10,000 articles the
 * first feed page after the full list took 9-17 ms, the next ones of the same size 3-4 ms). Node
 * gives `gc` only to a process started with --expose-gc, which the flag set here stands for.
 */
export const collectGarbage = (() => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  return () => gc();
})();

/** `collect`: the bench's garbage collected before each page (collectGarbage), outside its time. */
export async function pullFeed(baseUrl, since, { collect = false } = {}) {
  let cursor = since;
  let bytes = 0;
  let pages = 0;
  let articles = 0;
  let ms = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(PWA_SYNC_PAGE_ITEMS) });
    if (cursor) query.set('since', cursor);
    if (collect) collectGarbage();
    const page = await measuredGet(baseUrl, `/api/sync/articles?${query}`, ACCEPT_ENCODING, keepAlive, { parse: false });
    if (page.status !== 200) throw new Error(`feed answered ${page.status}`);
    ms += page.ms;
    bytes += page.bytes;
    pages += 1;
    const { count, tail } = await readLaidOut(page.raw, page.encoding, 'articles');
    articles += count;
    cursor = tail.cursor;
    if (!tail.hasMore) break;
  }
  return { bytes, ms, pages, articles, cursor };
}

/**
 * A feed page's entry count and its fields after them, read as the PWA reads it: one entry per
 * line, the fields on the last line (contracts/src/sync.ts, "A page's layout"). Decoded a piece
 * at a time, keeping only what follows the last newline so far.
 */
async function readLaidOut(raw, encoding, list) {
  const pieces =
    encoding === 'br' ? zlib.createBrotliDecompress() : encoding === 'gzip' ? zlib.createGunzip() : null;
  let newlines = 0;
  let head = '';
  let rest = Buffer.alloc(0);
  const take = (piece) => {
    if (newlines === 0) head += piece.toString('utf8', 0, Math.min(piece.length, 4096));
    let last = -1;
    for (let at = piece.indexOf(10); at >= 0; at = piece.indexOf(10, at + 1)) {
      newlines += 1;
      last = at;
    }
    rest = last < 0 ? Buffer.concat([rest, piece]) : piece.subarray(last + 1);
  };
  if (pieces) {
    pieces.end(raw);
    for await (const piece of pieces) take(piece);
  } else take(raw);
  if (!head.slice(0, head.indexOf('\n')).endsWith(`"${list}":[`))
    throw new Error('the feed page is not laid out one entry per line');
  return { count: Math.max(0, newlines - 1), tail: JSON.parse(`{"_":[${rest.toString('utf8')}`) };
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, connections: LOAD_CONNECTIONS, duration, pipelining: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** One download of the full list, on the same kind of connection as the feed's pages. */
export const fullList = (baseUrl, { parse = true } = {}) =>
  measuredGet(baseUrl, '/api/articles/all', ACCEPT_ENCODING, keepAlive, { parse });

/** req/s and p99 of `url` under load, after a short warm-up; every answer must be `status`. */
export async function underLoad(url, headers, status, { warmUp = true } = {}) {
  if (warmUp) await load(url, headers, LOAD_WARMUP_S);
  const result = await load(url, headers, LOAD_DURATION_S);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  const unexpected = Object.keys(statuses).filter((code) => Number(code) !== status);
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    statuses,
    allExpected: unexpected.length === 0 && result.errors + result.timeouts === 0,
  };
}

/**
 * The ceiling: bare Koa answering `answers` ({ path: a measuredGet result }) in its own process,
 * each with the same body and headers the real server sent.
 */
export async function startBareKoa(dir, answers) {
  const port = await freePort();
  const args = [
    String(port),
    ...Object.entries(answers).map(([route, { raw, headerPairs }]) => {
      const file = path.join(dir, route.replace(/\W/g, '_'));
      fs.writeFileSync(`${file}.body`, raw);
      fs.writeFileSync(`${file}.headers.json`, JSON.stringify(headerPairs));
      return `${route}=${file}.body=${file}.headers.json`;
    }),
  ];
  const child = fork(new URL('./bare-koa.mjs', import.meta.url), args, { stdio: 'inherit' });
  if (!(await waitForPort(port, 10_000))) throw new Error('The bare Koa server did not start.');
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) =>
        child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')),
      ),
  };
}
