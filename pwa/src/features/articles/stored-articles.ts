// The device's published articles, newest first, read once for the whole page: the home page asks
// for them twice (the tab's cards and, for a search inside a category, the count in all of them),
// and each change the sync makes re-reads the list, so one read per change instead of one per
// hook halves what a first sync costs the page's thread.
import { useSyncExternalStore } from 'react';
import type { ArticleSummary } from '../../db/db.ts';
import { loadDeviceDb } from '../../db/live.ts';

type Listener = () => void;

let articles: ArticleSummary[] | undefined;
const listeners = new Set<Listener>();
let stop: (() => void) | null = null;

function start(): void {
  let stopped = false;
  let unsubscribe = () => {};
  stop = () => {
    stopped = true;
    unsubscribe();
  };
  void loadDeviceDb().then((device) => {
    if (stopped) return;
    const subscription = device
      .liveQuery(() => device.db.articles.orderBy('createdAt').reverse().toArray())
      .subscribe({
        next: (next) => {
          articles = next;
          for (const listener of listeners) listener();
        },
        error: (error: unknown) => console.error('[stored articles]', error),
      });
    unsubscribe = () => subscription.unsubscribe();
  });
}

/** Follows the stored articles while anyone listens; the last one to leave stops the read. */
export function subscribeStoredArticles(listener: Listener): () => void {
  listeners.add(listener);
  if (!stop) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size || !stop) return;
    stop();
    stop = null;
    // A later page starts from "not read yet", as a new live query would.
    articles = undefined;
  };
}

export const storedArticlesNow = (): ArticleSummary[] | undefined => articles;

/** The stored articles, newest first; undefined until the first read answers. */
export function useStoredArticles(): ArticleSummary[] | undefined {
  return useSyncExternalStore(subscribeStoredArticles, storedArticlesNow);
}
