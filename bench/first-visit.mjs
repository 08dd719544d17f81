// A first visit as families make it, in chromium against the real server over a library of
// FIRST_VISIT_ARTICLES generated articles (~800 words, FIRST_VISIT_COMMENTS_EACH approved comments each):
// - a shared article link opened cold on a throttled phone (about 1.6 Mbit/s down, 150 ms
//   latency, 4x CPU slowdown): time from navigation start until the article's first paragraph
//   is on screen (first animation frame that shows it); baseline: the same page again once the
//   service worker holds the app (same throttling);
// - the bytes on the wire for that cold visit until everything is offline (the page, the
//   service worker's precache, the first library sync: articles, comments, schedule), as
//   chromium counts them (encoded body + headers, page and service worker requests alike).
import { log } from '../scripts/lib/proc.mjs';

// Playwright reports a service worker's own requests (the precache) only with this set.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';
import { launchBrowser, waitForActiveServiceWorker } from './lib/browser.mjs';
import { api, createArticles, registerAdmin } from './lib/server.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { median, round } from './lib/stats.mjs';

export const FIRST_VISIT_ARTICLES = Number(process.env.FIRST_VISIT_ARTICLES ?? 500);
export const FIRST_VISIT_COMMENTS_EACH = 5;
export const COLD_ARTICLE_TARGET_MS = 2500;
export const FIRST_VISIT_TARGET_BYTES = 1.5 * 1024 * 1024;
/** A slow mobile connection (Lighthouse's "slow 4G" figures) and a mid-range phone's CPU. */
export const THROTTLE = { downloadKbps: 1600, uploadKbps: 750, latencyMs: 150, cpuSlowdown: 4 };
const RUNS = 3;
const WAIT_MS = 180_000;

/** The server's environment for this bench: many comments from one address. */
export const FIRST_VISIT_SERVER_ENV = { RATE_LIMIT_COMMENT: '100000' };

/** Fills the library through the API, as admins and visitors would. */
export async function fillLibrary(url) {
  const token = await registerAdmin(url);
  log(
    `first visit: creating ${FIRST_VISIT_ARTICLES} articles with ${FIRST_VISIT_COMMENTS_EACH} comments each`,
  );
  const articles = await createArticles(url, token, 0, FIRST_VISIT_ARTICLES, (n) =>
    articleInput(n, 7),
  );
  const jobs = articles.flatMap((a) =>
    Array.from({ length: FIRST_VISIT_COMMENTS_EACH }, (_, i) => [a._id, i]),
  );
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const [article, i] = jobs[next++];
      const { comment } = await api(url, 'POST', '/api/articles/add-comment', {
        body: {
          article,
          name: `Reader ${i + 1}`,
          content: `A thought on this article, number ${i + 1}: it helped our family talk about it at dinner.`,
        },
      });
      await api(url, 'PUT', '/api/admin/comments/approve', { token, body: { id: comment._id } });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return articles;
}

/** In the page: the time (page clock) of the first animation frame that shows `text`. */
function watchVisible(text) {
  window.__visibleAt = null;
  const check = () => {
    if (document.body && document.body.textContent.includes(text))
      window.__visibleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** The slow phone of THROTTLE on `page`: its line and its CPU. Answers the page's CDP session. */
export async function throttle(page, context) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: (THROTTLE.downloadKbps * 1000) / 8,
    uploadThroughput: (THROTTLE.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuSlowdown });
  return cdp;
}

async function timeToText(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__visibleAt !== null, undefined, {
    timeout: WAIT_MS,
    polling: 50,
  });
  return page.evaluate(() => window.__visibleAt);
}

/** Device counts from IndexedDB, read in the page. */
function deviceCounts(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('family-bible-articles');
        open.onsuccess = () => {
          const db = open.result;
          const names = ['articles', 'bodies', 'comments', 'worship'].filter((n) =>
            db.objectStoreNames.contains(n),
          );
          if (names.length < 4) return resolve(null);
          const tx = db.transaction([...names, 'meta']);
          const counts = Object.fromEntries(names.map((n) => [n, tx.objectStore(n).count()]));
          const synced = tx.objectStore('meta').get('lastSyncedAt');
          tx.oncomplete = () =>
            resolve({
              ...Object.fromEntries(Object.entries(counts).map(([n, r]) => [n, r.result])),
              synced: synced.result !== undefined,
            });
        };
        open.onerror = () => resolve(null);
      }),
  );
}

async function waitUntil(check, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

export async function benchFirstVisit(server, articles) {
  const target = articles[articles.length - 1];
  const paragraph =
    /<p>(.*?)<\/p>/s
      .exec(target.content)?.[1]
      .replace(/<[^>]*>/g, '')
      .slice(0, 50) ?? target.title;
  const url = `${server.url}/article/${target._id}`;
  const browser = await launchBrowser();
  try {
    const cold = [];
    const warm = [];
    let wire = null;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      await context.addInitScript(watchVisible, paragraph);
      const page = await context.newPage();
      const requests = [];
      context.on('requestfinished', (request) => requests.push(request));
      await throttle(page, context);
      cold.push(await timeToText(page, url));
      log(`first visit: run ${run + 1}, cold article text after ${Math.round(cold.at(-1))} ms`);
      if (run === 0) {
        // Until everything is offline: the worker installed, every article, body and comment stored.
        const done = await waitUntil(async () => {
          const counts = await deviceCounts(page);
          const sw = await page.evaluate(
            async () =>
              (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
          );
          return (
            sw &&
            counts?.synced &&
            counts.bodies >= articles.length &&
            counts.comments >= articles.length * FIRST_VISIT_COMMENTS_EACH
          );
        }, WAIT_MS * 3);
        if (!done) throw new Error('first visit: the library did not end up offline in time');
        let bytes = 0;
        const byKind = { document: 0, script: 0, stylesheet: 0, api: 0, other: 0 };
        for (const request of requests) {
          const sizes = await request.sizes().catch(() => null);
          const response = await request.response();
          if (!sizes || !response || response.fromServiceWorker()) continue;
          const n = sizes.responseBodySize + sizes.responseHeadersSize;
          bytes += n;
          const kind = new URL(request.url()).pathname.startsWith('/api/')
            ? 'api'
            : request.resourceType();
          byKind[kind in byKind ? kind : 'other'] += n;
        }
        wire = {
          bytes,
          byKind,
          requests: requests.length,
          serviceWorkerRequests: requests.filter((r) => r.serviceWorker()).length,
          counts: await deviceCounts(page),
        };
      } else {
        await waitForActiveServiceWorker(page, WAIT_MS);
      }
      // The same link again, the app now held by the service worker.
      warm.push(await timeToText(page, url));
      await context.close();
    }
    const coldMs = round(median(cold), 0);
    return {
      articles: articles.length,
      commentsEach: FIRST_VISIT_COMMENTS_EACH,
      throttle: THROTTLE,
      runs: RUNS,
      coldArticle: {
        medianMs: coldMs,
        samples: cold.map((v) => round(v, 0)),
        targetMet: coldMs < COLD_ARTICLE_TARGET_MS,
      },
      serviceWorkerArticle: {
        medianMs: round(median(warm), 0),
        samples: warm.map((v) => round(v, 0)),
      },
      wire: { ...wire, targetMet: wire.bytes <= FIRST_VISIT_TARGET_BYTES },
    };
  } finally {
    await browser.close();
  }
}
