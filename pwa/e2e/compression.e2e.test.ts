// The service worker's precache and the app's own fetches receive compressed files: the browser
// sees Content-Encoding on what it stored, so the build's .br/.gz files are what travelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser.ts';

interface Stored {
  url: string;
  encoding: string | null;
}

describe('compressed transfer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the precache holds scripts, styles and index.html that arrived brotli- or gzip-encoded', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const stored = await page.evaluate(async (): Promise<Stored[]> => {
      await navigator.serviceWorker.ready;
      // The precache is filled during install; `ready` resolves once the worker is active.
      const out: Stored[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          out.push({ url: request.url, encoding: response?.headers.get('content-encoding') ?? null });
        }
      }
      return out;
    });
    const big = stored.filter((s) => /\/(?:index\.html|assets\/index-[^/]+\.js|sw\.js)(?:\?|$)/.test(s.url));
    expect(big.length, JSON.stringify(stored)).toBeGreaterThanOrEqual(2);
    for (const entry of big) expect(['br', 'gzip'], entry.url).toContain(entry.encoding);
    const scripts = stored.filter((s) => /\.js(?:\?|$)/.test(s.url));
    const encoded = scripts.filter((s) => s.encoding === 'br' || s.encoding === 'gzip');
    // Only files under 1 KB are left plain by the build; most scripts are larger.
    expect(encoded.length).toBeGreaterThan(scripts.length / 2);
    await context.close();
  });

  it('the app’s API fetches arrive compressed', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const encoding = await page.evaluate(async () => {
      const res = await fetch('/api/schedule');
      await res.text();
      return res.headers.get('content-encoding');
    });
    expect(['br', 'gzip']).toContain(encoding);
    await context.close();
  });
});
