// The search benchmark's page: the PWA's real data layer (Dexie + the sync's page writer) and its
// real search (the worker), driven from bench/search.mjs through `window.bench`.
import { db, type ArticleSummary } from '../../pwa/src/db/db.ts';
import { ARTICLE_PAGE_ITEMS, pullArticles } from '../../pwa/src/sync/pull.ts';
import {
  forgetSearchIndex,
  lastWorkerCallMs,
  PREVIEWS_AT_ONCE,
  saveSearchIndex,
  searchArticles,
  searchIndexStats,
} from '../../pwa/src/features/search/search.ts';
import { htmlToText } from '@fw/contracts/text';
import { benchId, feedArticle } from '../lib/text-gen.mjs';
import { naiveSearch } from './baselines.ts';

const POLL_MS = 50;
let all: ArticleSummary[] = [];
/**
 * Feed pages as the server writes them, by the cursor they answer: made before the sync is timed,
 * as the bytes the network hands the page, CHUNK_BYTES at a time.
 */
let feed = new Map<string, Uint8Array[]>();
const CHUNK_BYTES = 64 * 1024;

function chunksOf(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.slice(at, at + CHUNK_BYTES));
  return chunks;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** FNV-1a over the hit ids in order: equal digests mean equal answers. */
function digest(ids: string[]): string {
  let hash = 0x811c9dc5;
  for (const id of ids) {
    for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
    hash = Math.imul(hash ^ 10, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

async function readList() {
  all = await db.articles.orderBy('createdAt').reverse().toArray();
}

async function waitForIndex(count: number) {
  for (;;) {
    if ((await searchIndexStats()).articles === count) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const bench = {
  async reset() {
    forgetSearchIndex();
    await Promise.all(db.tables.map((t) => t.clear()));
  },

  /**
   * A first sync of the prepared feed through the sync's own pull: each page arrives in chunks of
   * CHUNK_BYTES, a task apart, as the network hands a page over, and is read and written as it
   * comes (pwa/src/sync/feed-stream.ts). The worker, already running, follows the sync's
   * announcements. Ends when it indexed them all.
   */
  prepareFeed(count: number, seed: number) {
    feed = new Map();
    for (let from = 0; from < count; from += ARTICLE_PAGE_ITEMS) {
      const parts: string[] = [];
      const to = Math.min(count, from + ARTICLE_PAGE_ITEMS);
      for (let n = from; n < to; n++) parts.push(JSON.stringify(feedArticle(n, seed)));
      // The layout of backend/src/modules/sync/sync.routes.ts (contracts/src/sync.ts).
      feed.set(
        from ? String(from) : '',
        chunksOf(`{"success":true${from ? '' : `,"total":${count}`},"articles":[\n${parts.join(',\n')}\n],"removed":[],"cursor":"${to}","hasMore":${to < count}}`),
      );
    }
  },

  async firstSync(count: number) {
    await searchIndexStats(); // the worker is up, as on the home page
    const pages = feed;
    feed = new Map();
    const network = window.fetch;
    window.fetch = async (input) => {
      const chunks = pages.get(new URL(String(input), location.href).searchParams.get('since') ?? '')!;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await nextTask();
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const started = performance.now();
    try {
      await pullArticles();
    } finally {
      window.fetch = network;
    }
    const storedMs = performance.now() - started;
    await waitForIndex(count);
    return { writeMs: storedMs, storedMs, indexedMs: performance.now() - started };
  },

  /** What was stored (after the timed part). */
  async contents() {
    await readList();
    let chars = 0;
    let words = 0;
    await db.bodies.each((b) => {
      const text = htmlToText(b.content);
      chars += text.length;
      words += text.split(' ').length;
    });
    return { articles: all.length, textChars: chars, words };
  },

  /** A full build in the worker from stored articles, no saved copy: until every article is in. */
  async buildIndex() {
    forgetSearchIndex();
    await db.searchIndex.clear();
    const started = performance.now();
    await waitForIndex(all.length);
    const ms = performance.now() - started;
    await saveSearchIndex();
    return { ms, ...(await searchIndexStats()) };
  },

  /** Plain text of a stored article, to take realistic phrases from. */
  async textOf(n: number) {
    return htmlToText((await db.bodies.get(benchId(n)))?.content ?? '');
  },

  /** The first search of a fresh page (no worker yet), the index saved on the device. */
  async firstSearch(query: string) {
    await readList();
    const started = performance.now();
    const hits = await searchArticles(query, all, all, PREVIEWS_AT_ONCE);
    hits.slice(0, PREVIEWS_AT_ONCE); // the cards the home page makes
    return { ms: performance.now() - started, workerMs: lastWorkerCallMs(), hits: hits.length };
  },

  /**
   * Times each query `reps` times, as the home page asks (a screenful of previews, cards for those
   * only); returns the samples, each query's own, and what each found (read after the timing).
   */
  async time(kind: 'index' | 'naive', queries: string[], reps: number, warmups = 0) {
    const samples: number[] = [];
    const workerSamples: number[] = [];
    const byQuery: Record<string, { ms: number[]; workerMs: number[] }> = {};
    const hits: Record<string, { count: number; digest: string }> = {};
    for (let rep = -warmups; rep < reps; rep++) {
      for (const query of queries) {
        let found: () => string[];
        const started = performance.now();
        if (kind === 'index') {
          const answer = await searchArticles(query, all, all, PREVIEWS_AT_ONCE);
          answer.slice(0, PREVIEWS_AT_ONCE);
          found = () => answer.slice().map((h) => h.article._id);
        } else {
          const ids = await naiveSearch(query, all);
          found = () => ids;
        }
        const ms = performance.now() - started;
        if (rep >= 0) {
          samples.push(ms);
          const mine = (byQuery[query] ??= { ms: [], workerMs: [] });
          mine.ms.push(ms);
          if (kind === 'index') {
            workerSamples.push(lastWorkerCallMs());
            mine.workerMs.push(lastWorkerCallMs());
          }
        }
        const ids = found();
        hits[query] = { count: ids.length, digest: digest(ids) };
      }
    }
    return { samples, workerSamples, byQuery, hits };
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
document.getElementById('status')!.textContent = 'ready';
