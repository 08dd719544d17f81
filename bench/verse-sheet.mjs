// The verse sheet, offline: after one online visit (service worker installed, the article's cited
// books kept in IndexedDB), the article is reloaded with the network off; once the app has taken
// the page over (and idled, as a reader does before a tap), the CPU is slowed 4x and a citation
// is tapped. The time is from the tap's click event to the frame after the sheet's verses enter
// the page, in the page's own clock. Each run is a fresh reload, so every tap is a first tap
// (book read from IndexedDB, not memory). The baseline is the same page's floor: a tap on plain
// text to the next frame, same slowdown.
import { log } from '../scripts/lib/proc.mjs';
import { launchBrowser, waitForActiveServiceWorker } from './lib/browser.mjs';
import { median, round } from './lib/stats.mjs';

export const VERSE_SHEET_TARGET_MS = 100;
const CPU_SLOWDOWN = 4;
const RUNS = 7;
/** The sheet's code is fetched (from the service worker) this long after the page starts. */
const IDLE_BEFORE_TAP_MS = 3500;
const LINK = '[data-testid="article-content"] a[href^="/bible/"]';

/** In the page: time from the next click to the frame after `selector` appears (or to a frame). */
function armTimer(selector) {
  window.__tapMs = null;
  document.addEventListener(
    'click',
    (event) => {
      const t0 = event.timeStamp;
      const done = () => requestAnimationFrame(() => (window.__tapMs = performance.now() - t0));
      if (!selector) return done();
      if (document.querySelector(selector)) return done();
      new MutationObserver((_, observer) => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        done();
      }).observe(document.body, { childList: true, subtree: true });
    },
    { capture: true, once: true },
  );
}

async function timedTap(page, cdp, target, selector) {
  await page.evaluate(armTimer, selector);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.click(target);
  await page.waitForFunction(() => window.__tapMs !== null, undefined, { timeout: 30_000, polling: 20 });
  const ms = await page.evaluate(() => window.__tapMs);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return ms;
}

async function bookOnDevice(page, osis) {
  return page.evaluate(
    (wanted) =>
      new Promise((resolve) => {
        const open = indexedDB.open('family-bible-articles');
        open.onsuccess = () => {
          const request = open.result.transaction('bibleBooks').objectStore('bibleBooks').getKey(wanted);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result !== undefined);
          };
        };
      }),
    osis,
  );
}

export async function benchVerseSheet(server, articleId, osis) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    log('verse sheet: first online visit, until the cited books are kept');
    await page.goto(`/article/${articleId}`);
    await waitForActiveServiceWorker(page);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    for (let tries = 0; !(await bookOnDevice(page, osis)); tries += 1) {
      if (tries > 240) throw new Error(`verse sheet: ${osis} never reached the device`);
      await page.waitForTimeout(250);
    }
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    const samples = { sheet: [], floor: [] };
    log(`verse sheet: ${RUNS} offline reloads, a tap each at ${CPU_SLOWDOWN}x CPU`);
    for (let i = 0; i < RUNS; i++) {
      await page.reload();
      await page.getByRole('group', { name: 'Text size' }).waitFor();
      await page.waitForTimeout(IDLE_BEFORE_TAP_MS);
      samples.floor.push(await timedTap(page, cdp, '[data-testid="article-content"] p', null));
      samples.sheet.push(await timedTap(page, cdp, LINK, '[data-testid="verse-sheet-text"]'));
    }
    const summary = (list) => ({ medianMs: round(median(list), 0), maxMs: round(Math.max(...list), 0), samples: list.map((v) => round(v, 0)) });
    const sheet = summary(samples.sheet);
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      runs: RUNS,
      sheet: { ...sheet, targetMet: sheet.medianMs <= VERSE_SHEET_TARGET_MS },
      floor: summary(samples.floor),
    };
  } finally {
    await browser.close();
  }
}
