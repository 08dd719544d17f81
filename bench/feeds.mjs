// The feeds at 10,000 published articles (BENCH_FEEDS_SIZE): `/rss.xml` and `/sitemap.xml` asked
// again with If-None-Match (a 304), against a bare Koa server sending the same bytes (the
// framework's ceiling, bench/lib/bare-koa.mjs) in the same run, beside the same figure for the
// article list; and what making each body costs once per change (its first GET after a change).
// The library is written in bulk (bench/lib/bulk-library.mjs), like the server part's.
import crypto from 'node:crypto';
import { log } from '../scripts/lib/proc.mjs';
import { api, createArticles, registerAdmin, startBackend } from './lib/server.mjs';
import { growLibrary, readTemplate } from './lib/bulk-library.mjs';
import { measuredGet, startBareKoa, underLoad } from './lib/http.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { round } from './lib/stats.mjs';

export const FEEDS_SIZE = Number(process.env.BENCH_FEEDS_SIZE ?? 10_000);
export const FEEDS_TARGETS = {
  /** A 304 of the feed or the sitemap: at least this share of bare Koa's req/s (like the list). */
  ceilingShare: 0.5,
};
const ACCEPT = { 'accept-encoding': 'br, gzip' };
/** Pairs (the real 304, then the ceiling's) measured per document. */
const ROUNDS = 5;
const FIRST_GET_ATTEMPTS = 3;
const DOCUMENTS = [
  { key: 'list', path: '/api/articles/all', label: '`/api/articles/all`' },
  { key: 'rss', path: '/rss.xml', label: '`/rss.xml`' },
  { key: 'sitemap', path: '/sitemap.xml', label: '`/sitemap.xml`' },
];

const count = (text, tag) => text.split(tag).length - 1;

/** The decoded body of a measuredGet answer, as text. */
async function text(url, path) {
  const res = await fetch(url + path);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return res.text();
}

/** A library of FEEDS_SIZE articles written through the API (one) and in bulk (the rest). */
async function fillLibrary(database, env) {
  const first = await startBackend(database, { name: 'bench_feeds', seed: false, env });
  let id;
  try {
    const token = await registerAdmin(first.url);
    const [article] = await createArticles(first.url, token, 0, 1, () => articleInput(0));
    // readTemplate wants an approved comment to copy (none are copied: commentsEach is 0).
    const { comment } = await api(first.url, 'POST', '/api/articles/add-comment', {
      body: { article: article._id, name: 'Reader', content: 'Thank you.' },
    });
    await api(first.url, 'PUT', '/api/admin/comments/approve', { token, body: { id: comment._id } });
    id = article._id;
  } finally {
    await first.stop();
  }
  const { template, comments } = await readTemplate(first.mongoUri, id);
  log(`feeds: writing articles 2…${FEEDS_SIZE} in bulk`);
  await growLibrary(first.mongoUri, { from: 1, target: FEEDS_SIZE, commentsEach: 0, template, comments });
  return first.mongoUri;
}

/** `database` from bench/lib/server.mjs startDatabase(); `tmpDir` keeps the ceiling's bodies. */
export async function benchFeeds(database, tmpDir) {
  const env = { JWT_SECRET: crypto.randomBytes(32).toString('hex') };
  const mongoUri = await fillLibrary(database, env);
  log(`feeds: ${FEEDS_SIZE} articles, a fresh instance`);
  const server = await startBackend(database, { name: 'bench_feeds', seed: false, mongoUri, env });
  let bare;
  try {
    const made = {};
    for (const doc of DOCUMENTS) {
      // The first GET makes the body (and its brotli form) for this version. On a busy machine the
      // list's (50 MB of JSON at this size) can take longer than the server's 20 s answer limit;
      // the body is still made and kept, so asking again gets it.
      let first;
      let attempts = 0;
      do {
        attempts += 1;
        first = await measuredGet(server.url, doc.path, ACCEPT);
      } while (first.status === 503 && attempts < FIRST_GET_ATTEMPTS);
      if (first.status !== 200) throw new Error(`${doc.path} answered ${first.status}`);
      first.attempts = attempts;
      const again = await measuredGet(server.url, doc.path, ACCEPT);
      const notModified = await measuredGet(server.url, doc.path, { ...ACCEPT, 'if-none-match': first.etag });
      if (notModified.status !== 304) throw new Error(`${doc.path} with If-None-Match answered ${notModified.status}`);
      made[doc.key] = { first, again, notModified };
    }
    const rss = await text(server.url, '/rss.xml');
    const sitemap = await text(server.url, '/sitemap.xml');
    if (count(rss, '<item>') !== 50) throw new Error(`the feed holds ${count(rss, '<item>')} items`);
    if (count(sitemap, '<url>') !== FEEDS_SIZE + 3) throw new Error(`the sitemap holds ${count(sitemap, '<url>')} URLs`);

    bare = await startBareKoa(
      tmpDir,
      Object.fromEntries(DOCUMENTS.map((doc) => [`/feeds-${doc.key}`, made[doc.key].notModified])),
    );
    // Each document's 304, then the ceiling's, back to back, ROUNDS times with the documents in
    // turn: on a shared machine the load moves within a minute, and a pair measured together
    // sees about the same load. The figure is the median pair.
    const pairs = Object.fromEntries(DOCUMENTS.map((doc) => [doc.key, []]));
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      for (const doc of DOCUMENTS) {
        const { first, notModified } = made[doc.key];
        const real = await underLoad(server.url + doc.path, { ...ACCEPT, 'if-none-match': first.etag }, 304);
        const ceiling = await underLoad(`${bare.url}/feeds-${doc.key}`, { 'if-none-match': notModified.etag }, 304);
        const ratio = round(real.requestsPerSecond / ceiling.requestsPerSecond, 2);
        pairs[doc.key].push({ real, ceiling, ratio });
        log(`feeds: round ${round_ + 1}: ${doc.path}: ${real.requestsPerSecond} req/s against ${ceiling.requestsPerSecond} (${ratio})`);
      }
    }
    const results = {};
    for (const doc of DOCUMENTS) {
      const { first, again } = made[doc.key];
      const sorted = [...pairs[doc.key]].sort((a, b) => a.ratio - b.ratio);
      const { real, ceiling, ratio } = sorted[Math.floor(sorted.length / 2)];
      results[doc.key] = {
        label: doc.label,
        firstMs: round(first.ms, 1),
        firstAttempts: first.attempts,
        againMs: round(again.ms, 1),
        wireBytes: first.bytes,
        encoding: first.encoding ?? 'identity',
        real,
        ceiling,
        ratio,
        ratios: pairs[doc.key].map((p) => p.ratio),
        met: pairs[doc.key].every((p) => p.real.allExpected) && ratio >= FEEDS_TARGETS.ceilingShare,
      };
    }
    return { size: FEEDS_SIZE, rounds: ROUNDS, ...results };
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

/** The feeds' rows of the benchmark table in docs/benchmarks.md (bench/report.mjs). */
export function feedsRows(feeds) {
  const pct = (share) => `${Math.round(share * 100)}%`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const size = feeds.size.toLocaleString('en');
  return DOCUMENTS.filter((doc) => feeds[doc.key]).map(({ key }) => {
    const r = feeds[key];
    return [
      `${r.label} with If-None-Match (304), ${size} published articles (first GET after a change, which makes the body: ${r.firstMs} ms${r.firstAttempts > 1 ? ` at attempt ${r.firstAttempts}, the earlier ones past the 20 s limit` : ''}, ${kb(r.wireBytes)} ${r.encoding}; the next: ${r.againMs} ms)`,
      `${r.real.requestsPerSecond} req/s, p99 ${r.real.p99Ms} ms: **${pct(r.ratio)}** (median of ${feeds.rounds} pairs: ${r.ratios.map(pct).join(', ')})`,
      `bare Koa sending the same bytes, measured right after: ${r.ceiling.requestsPerSecond} req/s`,
      `≥ ${pct(FEEDS_TARGETS.ceilingShare)} of bare Koa`,
      r.met ? 'met' : '**missed**',
    ];
  });
}
