// Sync: what a device downloads on its first sync of 2,000 articles (the delta feed from no
// cursor, in the PWA's page size) and on the delta sync after 10 of them change, against
// downloading the full list again (GET /api/articles/all). Bytes are the response as sent:
// status line, headers and body (the server does not compress). Times are loopback wall-clock,
// median of a few repeats. Articles are created through the API as the admin, as the editor would.
import http from 'node:http';
import { log } from '../scripts/lib/proc.mjs';
import { api } from './lib/server.mjs';
import { median, round } from './lib/stats.mjs';

/** pwa/src/sync/pull.ts SYNC_PAGE_ITEMS: the page size the PWA asks the feed for. */
const PWA_SYNC_PAGE_ITEMS = 200;
export const SYNC_CHANGED_ARTICLES = 10;
export const SYNC_DELTA_TARGET_SHARE = 0.01;
const REPEATS = 3;

/** GET with the bytes received (status line + headers + body) and the time to the last byte. */
export function measuredGet(baseUrl, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(baseUrl + path, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headerBytes += res.rawHeaders[i].length + 2 + res.rawHeaders[i + 1].length + 2;
        resolve({
          status: res.statusCode,
          bytes: headerBytes + body.length,
          ms: performance.now() - started,
          json: body.length ? JSON.parse(body.toString('utf8')) : null,
          etag: res.headers.etag,
        });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
  });
}

/** Pages through the article feed from `since` as the PWA does; returns bytes, time, cursor. */
export async function pullFeed(baseUrl, since) {
  let cursor = since;
  let bytes = 0;
  let pages = 0;
  let articles = 0;
  const started = performance.now();
  for (;;) {
    const query = new URLSearchParams({ limit: String(PWA_SYNC_PAGE_ITEMS) });
    if (cursor) query.set('since', cursor);
    const page = await measuredGet(baseUrl, `/api/sync/articles?${query}`);
    if (page.status !== 200) throw new Error(`feed answered ${page.status}`);
    bytes += page.bytes;
    pages += 1;
    articles += page.json.articles.length;
    cursor = page.json.cursor;
    if (!page.json.hasMore) break;
  }
  return { bytes, ms: performance.now() - started, pages, articles, cursor };
}

async function repeated(run) {
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await run());
  return { ...runs[0], ms: round(median(runs.map((r) => r.ms)), 1) };
}

/** `server` already holds `created` (2,000 published articles) and the admin `token`. */
export async function benchSync(server, token, created) {
  log(`sync: first sync of ${created.length} articles`);
  const first = await repeated(() => pullFeed(server.url));
  if (first.articles !== created.length)
    throw new Error(`first sync brought ${first.articles} articles`);

  log(`sync: changing ${SYNC_CHANGED_ARTICLES} articles, then the delta`);
  const step = Math.floor(created.length / SYNC_CHANGED_ARTICLES);
  for (let i = 0; i < SYNC_CHANGED_ARTICLES; i++) {
    const article = created[i * step];
    const edited = {
      ...article,
      title: `${article.title} (revised)`,
      content: `${article.content}<p>A short note added.</p>`,
    };
    const { _id, title, subtitle, content, category, isPublished, version } = edited;
    await api(server.url, 'POST', '/api/articles/add', {
      token,
      body: {
        article: JSON.stringify({ _id, title, subtitle, content, category, isPublished, version }),
      },
    });
  }
  const delta = await repeated(() => pullFeed(server.url, first.cursor));
  if (delta.articles !== SYNC_CHANGED_ARTICLES)
    throw new Error(`delta sync brought ${delta.articles} articles`);
  const nothingNew = await measuredGet(
    server.url,
    `/api/sync/articles?since=${delta.cursor}&limit=${PWA_SYNC_PAGE_ITEMS}`,
  );

  const full = await repeated(async () => {
    const res = await measuredGet(server.url, '/api/articles/all');
    return { bytes: res.bytes, ms: res.ms, articles: res.json.articles.length };
  });

  const share = delta.bytes / first.bytes;
  return {
    articles: created.length,
    changed: SYNC_CHANGED_ARTICLES,
    pageItems: PWA_SYNC_PAGE_ITEMS,
    firstSync: { bytes: first.bytes, ms: first.ms, pages: first.pages },
    deltaSync: { bytes: delta.bytes, ms: delta.ms, pages: delta.pages },
    nothingNew: { bytes: nothingNew.bytes, status: nothingNew.status },
    fullList: { bytes: full.bytes, ms: full.ms },
    deltaShareOfFirst: share,
    deltaShareOfFullList: delta.bytes / full.bytes,
    targetMet: share < SYNC_DELTA_TARGET_SHARE,
  };
}
