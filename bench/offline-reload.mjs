// Offline reload: after one online visit (service worker installed, articles synced into
// IndexedDB), the home page is reloaded with the network off and the CPU slowed 4x
// (Emulation.setCPUThrottlingRate); the time is from the reload's navigation start to the first
// article card in the page. The baseline is the same reload online (same 4x CPU). Also records
// which JavaScript and CSS the first online visit of the home page fetched.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PWA_DIST, log } from '../scripts/lib/proc.mjs';
import { launchBrowser, waitForActiveServiceWorker } from './lib/browser.mjs';
import { median, round } from './lib/stats.mjs';

export const OFFLINE_RELOAD_TARGET_MS = 1000;
export const CPU_SLOWDOWN = 4;
const RUNS = 5;
const CARD = '[data-testid="article-card"]';

/** Records when the first card enters the page, in the page's own clock (0 = navigation start). */
function watchForCards(selector) {
  window.__cardsAt = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.__cardsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function timedReload(page, cdp, { offline, rate }) {
  await page.context().setOffline(offline);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => window.__cardsAt !== null, undefined, {
    timeout: 30_000,
    polling: 50,
  });
  const ms = await page.evaluate(() => window.__cardsAt);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.context().setOffline(false);
  return ms;
}

export async function benchOfflineReload(server, publishedCount) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addInitScript(watchForCards, CARD);
    const page = await context.newPage();
    const fetched = new Set();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\.(js|css)$/.test(url.pathname)) fetched.add(url.pathname);
    });

    log('offline reload: first online visit');
    await page.goto('/');
    await page.waitForFunction(
      ([sel, n]) => document.querySelectorAll(sel).length === n,
      [CARD, publishedCount],
      { timeout: 30_000 },
    );
    await waitForActiveServiceWorker(page);
    const firstVisit = [...fetched];
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForSelector(CARD);

    const cdp = await context.newCDPSession(page);
    const samples = { offline: [], online: [], offlineFullSpeed: [] };
    log(
      `offline reload: ${RUNS} reloads each, offline and online at ${CPU_SLOWDOWN}x CPU, offline at full speed`,
    );
    for (let i = 0; i < RUNS; i++) {
      samples.offline.push(await timedReload(page, cdp, { offline: true, rate: CPU_SLOWDOWN }));
      samples.online.push(await timedReload(page, cdp, { offline: false, rate: CPU_SLOWDOWN }));
      samples.offlineFullSpeed.push(await timedReload(page, cdp, { offline: true, rate: 1 }));
    }
    const cardsAfterOffline = await page.locator(CARD).count();
    const summary = (list) => ({
      medianMs: round(median(list), 0),
      maxMs: round(Math.max(...list), 0),
      samples: list.map((v) => round(v, 0)),
    });
    const gzip = (urls) =>
      urls.reduce(
        (sum, url) => sum + zlib.gzipSync(fs.readFileSync(path.join(PWA_DIST, url))).length,
        0,
      );
    const offline = summary(samples.offline);
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      runs: RUNS,
      cards: cardsAfterOffline,
      offline: { ...offline, targetMet: offline.medianMs < OFFLINE_RELOAD_TARGET_MS },
      online: summary(samples.online),
      offlineFullSpeed: summary(samples.offlineFullSpeed),
      firstVisitFetched: {
        js: firstVisit.filter((u) => u.endsWith('.js')),
        jsGzipBytes: gzip(firstVisit.filter((u) => u.endsWith('.js'))),
        cssGzipBytes: gzip(firstVisit.filter((u) => u.endsWith('.css'))),
      },
    };
  } finally {
    await browser.close();
  }
}
