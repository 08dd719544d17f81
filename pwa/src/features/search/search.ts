// Offline search over the device's articles: the search rule (title, category or body text,
// case-insensitive, compared in one Unicode form; see matchArticle in contracts/src/text.ts).
// The index lives in a Web Worker (search.worker.ts runs search-engine.ts), so building, loading
// and updating it never takes the page's thread; this module sends each query with the lists
// it is about (each list once: later queries name it by key) and maps the answers back.
import { normaliseQuery, type SearchPreview } from '@fw/contracts/text';
import type { ArticleSummary } from '../../db/db.ts';
import type { EngineAnswer, ListRef, SearchEngine } from './search-engine.ts';
import { SearchHits } from './search-hits.ts';
import { stampOf, type EngineMethod, type EngineReply } from './search-protocol.ts';

export { SearchHits, type SearchHit } from './search-hits.ts';

/**
 * Previews built with an answer: a screenful and some. A common word is in thousands of
 * articles; building, sending and showing every preview cost ~300 ms a query at 10,000 articles.
 */
export const PREVIEWS_AT_ONCE = 30;

/** The latest the worker is started after the first screen when nobody searched yet. */
const START_AFTER_MS = 1_000;

interface Backend {
  call<T>(method: EngineMethod, args: unknown[]): Promise<T>;
  stop(): void;
}

function workerBackend(): Backend {
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let lastId = 0;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.onmessage = ({ data }: MessageEvent<EngineReply>) => {
    lastWorkerMs = data.ms;
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) pending?.reject(new Error(data.error));
    else pending?.resolve(data.result);
  };
  worker.onerror = (event) => failAll(new Error(`search worker failed: ${event.message}`));
  return {
    call<T>(method: EngineMethod, args: unknown[]) {
      const id = ++lastId;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ id, method, args });
      });
    },
    stop() {
      worker.terminate();
      failAll(new Error('search worker stopped'));
    },
  };
}

/** Without Worker (unit tests under Node): the same engine in-process, loaded only then. */
function inProcessBackend(): Backend {
  const engine = import('./search-engine.ts').then(({ SearchEngine }) => new SearchEngine());
  return {
    async call<T>(method: EngineMethod, args: unknown[]) {
      const target = await engine;
      const fn = target[method] as (...a: unknown[]) => Promise<unknown>;
      return (await fn.apply(target, args)) as T;
    },
    stop() {
      void engine.then((target: SearchEngine) => target.close());
    },
  };
}

let backend: Backend | null = null;
let lastWorkerMs = 0;
let listKeys = { listed: new WeakMap<object, number>(), all: new WeakMap<object, number>() };
let lastKey = 0;

/** The search worker (or, where workers fail, the engine on this thread), started once. */
export function engine(): Backend {
  backend ??= typeof Worker === 'function' ? workerBackend() : inProcessBackend();
  return backend;
}

/** The list by key once sent; its ids the first time (and what the engine needs of the whole list). */
function refOf(list: readonly ArticleSummary[], kind: 'listed' | 'all'): ListRef {
  const known = listKeys[kind].get(list);
  if (known !== undefined) return { key: known };
  const key = ++lastKey;
  listKeys[kind].set(list, key);
  const ids = list.map((a) => a._id);
  if (kind === 'listed') return { key, ids };
  return {
    key,
    ids,
    stamps: list.map(stampOf),
    titles: list.map((a) => a.title),
    categories: list.map((a) => a.category),
  };
}

/**
 * The articles of `articles` (kept in their order) that match `query`, with the previews of the
 * first `previews` of them (withPreviews builds more).
 * `all` is every article on the device (`articles` may be one tab of it): the index follows it.
 * Arrays are taken as never changed in place (a changed list is a new array).
 */
export async function searchArticles(
  query: string,
  articles: readonly ArticleSummary[],
  all: readonly ArticleSummary[] = articles,
  previews = Number.POSITIVE_INFINITY,
): Promise<SearchHits> {
  const needle = normaliseQuery(query);
  if (!needle) return SearchHits.unsearched(articles);
  const answer = await engine().call<EngineAnswer>('search', [
    needle,
    refOf(articles, 'listed'),
    refOf(all, 'all'),
    previews,
  ]);
  return SearchHits.found(articles, answer.hits, answer.previews);
}

/** `hits` (of `query`) with the previews of the first `count` built: new hits if any was missing. */
export async function withPreviews(
  query: string,
  hits: SearchHits,
  count: number,
): Promise<SearchHits> {
  const needle = normaliseQuery(query);
  const missing = hits.missingPreviews(count);
  if (!needle || missing.length === 0) return hits;
  const previews = await engine().call<(SearchPreview | null)[]>('previews', [
    needle,
    missing.map((n) => {
      const { _id, title, category } = hits.article(n);
      return { _id, title, category };
    }),
  ]);
  return hits.withPreviews(missing, previews);
}


/**
 * Starts the worker (it loads its saved index and catches up) once the page is idle after the
 * first screen, at the latest START_AFTER_MS later: its script comes from the precache and is
 * compiled on the worker's thread, so a search typed a moment later does not wait for it.
 * `alsoThen` runs at the same moment (the search groups' file is fetched then, lazy-groups.tsx).
 */
export function startSearchSoon(alsoThen?: () => void): () => void {
  const start = () => {
    engine()
      .call('start', [])
      .catch((error: unknown) => console.error('[search]', error));
    alsoThen?.();
  };
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(start, { timeout: START_AFTER_MS });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(start, START_AFTER_MS);
  return () => clearTimeout(timer);
}

/** Saves the index now if it changed (the worker also does so once syncs go quiet). */
export function saveSearchIndex(): Promise<void> {
  return engine().call('flush', []);
}

/** Stops the worker; the next search starts a new one (tests, the benchmark's "reload"). */
export function forgetSearchIndex(): void {
  backend?.stop();
  backend = null;
  listKeys = { listed: new WeakMap(), all: new WeakMap() };
}

/** How long the worker spent on the last call it answered (the benchmark scales it). */
export function lastWorkerCallMs(): number {
  return lastWorkerMs;
}

/** Size of the index, for tests and the benchmark. */
export function searchIndexStats(): Promise<{ articles: number; words: number }> {
  return engine().call('stats', []);
}
