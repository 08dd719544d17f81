// Debian's chromium driven by playwright-core, with the same flags as the browser tests.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/proc.mjs';

export { CHROMIUM_ARGS };

export function launchBrowser(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Puts `records` into the app's IndexedDB store `store`, from inside the page, as the app keeps them. */
export function putInAppDb(page, store, records) {
  return page.evaluate(
    ({ store, records }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('family-bible-articles');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store, 'readwrite');
          for (const record of records) tx.objectStore(store).put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve(records.length);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, records },
  );
}

/**
 * Reloads the page at `slowdown`x CPU and answers the page clock's `window[key]` once the page sets
 * it. `explain(page)`: what to add to the error when it never does.
 */
export async function timedReload(page, cdp, key, slowdown, explain = async () => '') {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.reload({ waitUntil: 'commit' });
  await page
    .waitForFunction((k) => window[k] !== null, key, { timeout: 60_000, polling: 50 })
    .catch(async (error) => {
      throw new Error(`${error.message}${await explain(page)}`, { cause: error });
    });
  const ms = await page.evaluate((k) => window[k], key);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return ms;
}

/**
 * Waits until the page's service worker is activated (its precache complete). `waitForFunction`
 * would not wait: it takes the promise an async predicate returns as true at once.
 */
export async function waitForActiveServiceWorker(page, timeout = 60_000) {
  await page.evaluate(async (ms) => {
    const activated = (async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (!worker || worker.state === 'activated') return;
      await new Promise((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    })();
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error(`no service worker activated in ${ms} ms`)), ms));
    await Promise.race([activated, late]);
  }, timeout);
}
