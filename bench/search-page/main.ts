// The search benchmark's page: the PWA's real data layer (Dexie + the sync's page writer) and its
// real search, driven from bench/search.mjs through `window.bench`.
import type { Article } from '@fw/contracts';
import { db, type ArticleSummary } from '../../pwa/src/db/db.ts';
import { applyArticlePage } from '../../pwa/src/sync/pull.ts';
import {
  forgetSearchIndex,
  searchArticles,
  searchIndexStats,
  updateSearchIndex,
} from '../../pwa/src/features/search/search.ts';
import { benchId, feedArticle } from '../lib/text-gen.mjs';
import { naiveSearch, previousSearch } from './baselines.ts';

const FEED_PAGE_ITEMS = 200;
let all: ArticleSummary[] = [];

type Kind = 'index' | 'previous' | 'naive';
const searches: Record<Kind, (query: string, articles: ArticleSummary[]) => Promise<string[]>> = {
  index: async (query, articles) =>
    (await searchArticles(query, articles, articles)).map((h) => h.article._id),
  previous: previousSearch,
  naive: naiveSearch,
};

function heapMb(): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const memory = (performance as { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? memory.usedJSHeapSize / 1024 / 1024 : null;
}

/** FNV-1a over the hit ids in order: equal digests mean equal answers. */
function digest(ids: string[]): string {
  let hash = 0x811c9dc5;
  for (const id of ids) {
    for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
    hash = Math.imul(hash ^ 10, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

const bench = {
  /** Fills the device as a first sync would: feed pages of 200 written by the sync's own code. */
  async load(count: number, seed: number) {
    await Promise.all(db.tables.map((t) => t.clear()));
    forgetSearchIndex();
    const started = performance.now();
    for (let from = 0; from < count; from += FEED_PAGE_ITEMS) {
      const articles: Article[] = [];
      for (let n = from; n < Math.min(count, from + FEED_PAGE_ITEMS); n++)
        articles.push(feedArticle(n, seed));
      await applyArticlePage({ articles, removed: [], cursor: String(from) });
    }
    const loadMs = performance.now() - started;
    all = await db.articles.orderBy('createdAt').reverse().toArray();
    let chars = 0;
    let words = 0;
    await db.bodies.each((b) => {
      chars += b.text.length;
      words += b.text.split(' ').length;
    });
    return { loadMs, articles: all.length, textChars: chars, words };
  },

  /** Plain text of a stored article, to take realistic phrases from. */
  async textOf(n: number) {
    return (await db.bodies.get(benchId(n)))?.text ?? '';
  },

  async buildIndex() {
    forgetSearchIndex();
    const heapBefore = heapMb();
    const started = performance.now();
    await updateSearchIndex(all);
    const ms = performance.now() - started;
    const heapAfter = heapMb();
    return {
      ms,
      ...searchIndexStats(),
      heapMb: heapBefore !== null && heapAfter !== null ? heapAfter - heapBefore : null,
    };
  },

  /** Times each query `reps` times with one search; returns the samples and what each found. */
  async time(kind: Kind, queries: string[], reps: number, warmups = 0) {
    const search = searches[kind];
    const samples: number[] = [];
    const hits: Record<string, { count: number; digest: string }> = {};
    for (let rep = -warmups; rep < reps; rep++) {
      for (const query of queries) {
        const started = performance.now();
        const found = await search(query, all);
        const ms = performance.now() - started;
        if (rep >= 0) samples.push(ms);
        hits[query] = { count: found.length, digest: digest(found) };
      }
    }
    return { samples, hits };
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
document.getElementById('status')!.textContent = 'ready';
