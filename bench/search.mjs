// Offline search in the browser: 2,000 and 10,000 generated articles stored in IndexedDB by the
// PWA's own sync code, searched by the PWA's own search (the in-memory index), against a naive
// scan that strips markup at query time and against the previous search (prepared text read from
// IndexedDB per query). Every query's answer must be identical across the three.
import path from 'node:path';
import { ROOT, log } from '../scripts/lib/proc.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { median, p95, round } from './lib/stats.mjs';

export const SEARCH_SIZES = [2_000, 10_000];
export const SEARCH_TARGET_P95_MS = 16;
const SEED = 1;
const PAGE_DIR = path.join(ROOT, 'bench', 'search-page');
const OUT_DIR = path.join(ROOT, 'bench', 'tmp', 'search-page');
const INDEX_REPS = 10;
const INDEX_WARMUPS = 2;

async function buildPage() {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: PAGE_DIR,
    logLevel: 'warn',
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

function summarise(run) {
  return {
    medianMs: round(median(run.samples), 2),
    p95Ms: round(p95(run.samples), 2),
    samples: run.samples.length,
  };
}

export async function benchSearch() {
  log('search: building the benchmark page (vite)');
  await buildPage();
  const server = await serveStatic(OUT_DIR);
  const browser = await launchBrowser(['--js-flags=--expose-gc']);
  const results = { seed: SEED, sizes: {} };
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    for (const size of SEARCH_SIZES) {
      log(`search: loading ${size} articles into IndexedDB`);
      const loaded = await page.evaluate(([n, seed]) => window.bench.load(n, seed), [size, SEED]);
      const queries = await chooseQueries(page);
      log(`search: ${size} articles, building the index and timing ${queries.length} queries`);
      const build = await page.evaluate(() => window.bench.buildIndex());
      const index = await page.evaluate(
        ([q, reps, warm]) => window.bench.time('index', q, reps, warm),
        [queries, INDEX_REPS, INDEX_WARMUPS],
      );
      const previousReps = size <= 2_000 ? 3 : 2;
      const previous = await page.evaluate(
        ([q, reps]) => window.bench.time('previous', q, reps, 0),
        [queries, previousReps],
      );
      const naive = await page.evaluate(
        ([q, reps]) => window.bench.time('naive', q, reps, 0),
        [queries, previousReps - 1],
      );
      const mismatched = queries.filter(
        (q) =>
          index.hits[q].digest !== naive.hits[q].digest ||
          index.hits[q].digest !== previous.hits[q].digest,
      );
      if (mismatched.length)
        throw new Error(`search: the index answered differently for ${JSON.stringify(mismatched)}`);
      results.sizes[size] = {
        articles: loaded.articles,
        averageWords: round(loaded.words / loaded.articles, 0),
        plainTextMb: round(loaded.textChars / 1024 / 1024, 1),
        loadMs: round(loaded.loadMs, 0),
        index: {
          buildMs: round(build.ms, 0),
          words: build.words,
          heapMb: build.heapMb === null ? null : round(build.heapMb, 1),
          ...summarise(index),
        },
        previous: summarise(previous),
        naive: summarise(naive),
        queries: queries.map((q) => ({ query: q, hits: index.hits[q].count })),
      };
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}
