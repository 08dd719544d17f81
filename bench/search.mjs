// Offline search in the browser, on a page slowed 4x (a mid-range phone): 2,000 and 10,000
// generated articles written by the PWA's own sync code and searched by its own search (the
// index in a Web Worker), checked against a naive scan that strips markup at query time.
// Chromium cannot slow a worker (Emulation.setCPUThrottlingRate: "only supported for pages"),
// so every figure that includes worker time is also given with that time counted 4 times over
// ("phone estimate"); targets are judged on that estimate.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, log } from '../scripts/lib/proc.mjs';
import { launchDebuggableChromium } from './lib/chromium-debug.mjs';
import { watchHeaps } from './lib/cdp-heaps.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { median, p95, round } from './lib/stats.mjs';
import { TRACE_CATEGORIES, longestMainThreadTaskMs } from './lib/trace.mjs';
import { PWA_SYNC_PAGE_ITEMS } from './lib/http.mjs';

export const SEARCH_SIZES = (process.env.BENCH_SEARCH_SIZES ?? '2000,10000').split(',').map(Number);
export const SEARCH_TARGETS = {
  p95Ms: 16,
  firstSearchMs: { 2000: 100, 10000: 300 },
  longestTaskMs: 50,
  heapMb: 100,
};
export const CPU_SLOWDOWN = 4;
const SEED = 1;
const PAGE_DIR = path.join(ROOT, 'bench', 'search-page');
const OUT_DIR = path.join(ROOT, 'bench', 'tmp', 'search-page');
const INDEX_REPS = 10;
const INDEX_WARMUPS = 2;
const FIRST_SEARCH_RELOADS = 3;

async function buildPage() {
  const { build } = await import('vite');
  // The app's modules the page and the search worker import read the Bible's file list
  // (`virtual:bible-manifest`): the app's own plugin answers it, as in pwa/vite.config.ts.
  const { tsImport } = await import('tsx/esm/api');
  const { bible } = await tsImport('../pwa/vite-plugins/bible.ts', import.meta.url);
  await build({
    configFile: false,
    root: PAGE_DIR,
    logLevel: 'warn',
    plugins: [bible({ emit: false })],
    worker: { format: 'es', plugins: () => [bible({ emit: false })] },
    build: { outDir: OUT_DIR, emptyOutDir: true, target: 'es2022' },
  });
}

/** Realistic queries: words, a prefix, a piece inside words, phrases copied from articles, no match. */
async function chooseQueries(page) {
  const words = async (n, at, count) =>
    (await page.evaluate((k) => window.bench.textOf(k), n))
      .split(' ')
      .slice(at, at + count)
      .join(' ');
  const rareName = async (n) => {
    // A made-up name (capitalised, not at a sentence start): the long tail of the vocabulary.
    const text = await page.evaluate((k) => window.bench.textOf(k), n);
    return /[a-z,] ([A-Z][a-z]{5,})\b/.exec(text)?.[1] ?? 'Napesurel';
  };
  return [
    'family',
    'forgiveness',
    'Prophecy',
    'pray',
    'forgiv',
    'ness',
    await words(17, 40, 2),
    await words(1234, 101, 2),
    await words(999, 250, 3),
    await rareName(77),
    'xylophone',
    'quantum zebra',
  ];
}

/** Page time plus the worker's time counted CPU_SLOWDOWN times (it ran unslowed). */
const phone = (ms, workerMs) => ms + (CPU_SLOWDOWN - 1) * workerMs;

async function openPage(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  page.cdp = cdp;
  return page;
}

async function traced(browser, page, run) {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const result = await run();
  const { longestMs, tasks } = longestMainThreadTaskMs(await browser.stopTracing());
  return { result, longestTaskMs: round(longestMs, 1), tasks };
}

export async function benchSearch() {
  log('search: building the benchmark page (vite)');
  await buildPage();
  const server = await serveStatic(OUT_DIR);
  const chrome = await launchDebuggableChromium(['--js-flags=--expose-gc']);
  const heaps = await watchHeaps(chrome.port);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const results = { seed: SEED, cpuSlowdown: CPU_SLOWDOWN, sizes: {} };
  try {
    const context = browser.contexts()[0];
    for (const blank of context.pages()) await blank.close();
    let page = await openPage(context, server.url);
    for (const size of SEARCH_SIZES) {
      log(`search: ${size} articles, first sync into IndexedDB (traced)`);
      await page.evaluate(() => window.bench.reset());
      // The feed is made at full speed: the generator is the benchmark's, not the product's.
      await page.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.evaluate(([n, seed]) => window.bench.prepareFeed(n, seed), [size, SEED]);
      await page.cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const sync = await traced(browser, page, () =>
        page.evaluate((n) => window.bench.firstSync(n), size),
      );
      const stored = await page.evaluate(() => window.bench.contents());
      const queries = await chooseQueries(page);

      log(`search: ${size} articles, full index build in the worker (traced)`);
      const build = await traced(browser, page, () =>
        page.evaluate(() => window.bench.buildIndex()),
      );
      const heap = await heaps.usedBytes();

      log(`search: ${size} articles, timing ${queries.length} queries`);
      const index = await page.evaluate(
        ([q, reps, warm]) => window.bench.time('index', q, reps, warm),
        [queries, INDEX_REPS, INDEX_WARMUPS],
      );
      const naive = await page.evaluate(([q]) => window.bench.time('naive', q, 1, 0), [queries]);
      const mismatched = queries.filter((q) => index.hits[q].digest !== naive.hits[q].digest);
      if (mismatched.length)
        throw new Error(`search: the index answered differently for ${JSON.stringify(mismatched)}`);

      log(
        `search: ${size} articles, first search after a reload (${FIRST_SEARCH_RELOADS} reloads)`,
      );
      const firsts = [];
      for (let n = 0; n < FIRST_SEARCH_RELOADS; n++) {
        await page.close();
        page = await openPage(context, server.url);
        const query = queries[n % queries.length];
        const first = await page.evaluate((q) => window.bench.firstSearch(q), query);
        if (first.hits !== index.hits[query].count)
          throw new Error(
            `search: first search for "${query}" found ${first.hits}, warm ${index.hits[query].count}`,
          );
        firsts.push(first);
      }

      const phoneSamples = index.samples.map((ms, i) => phone(ms, index.workerSamples[i]));
      results.sizes[size] = {
        articles: stored.articles,
        averageWords: round(stored.words / stored.articles, 0),
        plainTextMb: round(stored.textChars / 1024 / 1024, 1),
        sync: {
          pageItems: PWA_SYNC_PAGE_ITEMS,
          writeMs: round(sync.result.writeMs, 0),
          indexedMs: round(sync.result.indexedMs, 0),
          longestTaskMs: sync.longestTaskMs,
        },
        build: {
          ms: round(build.result.ms, 0),
          words: build.result.words,
          longestTaskMs: build.longestTaskMs,
        },
        heapMb: round(heap.total / 1024 / 1024, 1),
        heapParts: heap.parts.map((p) => ({
          type: p.type,
          mb: round(p.usedBytes / 1024 / 1024, 1),
        })),
        firstSearch: {
          medianMs: round(median(firsts.map((f) => f.ms)), 0),
          workerMedianMs: round(median(firsts.map((f) => f.workerMs)), 0),
          phoneMedianMs: round(median(firsts.map((f) => phone(f.ms, f.workerMs))), 0),
        },
        index: {
          medianMs: round(median(index.samples), 2),
          p95Ms: round(p95(index.samples), 2),
          workerP95Ms: round(p95(index.workerSamples), 2),
          phoneP95Ms: round(p95(phoneSamples), 2),
          samples: index.samples.length,
        },
        // Diagnostics: each query's median, on the page and in the worker.
        byQuery: Object.fromEntries(
          Object.entries(index.byQuery).map(([q, t]) => [
            q,
            { medianMs: round(median(t.ms), 1), workerMedianMs: round(median(t.workerMs), 1) },
          ]),
        ),
        naive: { medianMs: round(median(naive.samples), 0), p95Ms: round(p95(naive.samples), 0) },
        queries: queries.map((q) => ({ query: q, hits: index.hits[q].count })),
      };
      log(`search: ${size} articles: ${JSON.stringify(results.sizes[size])}`);
    }
  } finally {
    heaps.close();
    await browser.close().catch(() => {});
    await chrome.stop();
    await server.close();
  }
  return results;
}
