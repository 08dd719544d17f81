// The device's published articles, newest first, read for the whole page at once: the home page
// asks for them twice (the tab's cards and, for a search inside a category, the count in all of
// them). A first sync stores its pages in many small transactions; reading the whole list (and
// drawing every card again) after each of them held a phone's thread for hundreds of ms, so
// changes that come close together are read once, READ_GAP_MS after the read before.
import { useSyncExternalStore } from 'react';
import type { ArticleSummary } from '../../db/db.ts';
import { loadDeviceDb } from '../../db/live.ts';

/** The shortest time between two reads of the list while changes keep coming. */
export const READ_GAP_MS = 400;

type Listener = () => void;

let articles: ArticleSummary[] | undefined;
const listeners = new Set<Listener>();
let stop: (() => void) | null = null;

function start(): void {
  let stopped = false;
  let reading = false;
  let again = false;
  let lastReadAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  stop = () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
  void loadDeviceDb().then((device) => {
    if (stopped) return;
    const read = async () => {
      reading = true;
      again = false;
      lastReadAt = performance.now();
      try {
        const next = await device.db.articles.orderBy('createdAt').reverse().toArray();
        if (stopped) return;
        articles = next;
        for (const listener of listeners) listener();
      } catch (error) {
        console.error('[stored articles]', error);
      } finally {
        reading = false;
        if (again && !stopped) schedule();
      }
    };
    // A change during a read is read after it; changes within the gap wait for its end.
    const schedule = () => {
      if (reading) {
        again = true;
        return;
      }
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void read();
      }, Math.max(0, lastReadAt + READ_GAP_MS - performance.now()));
    };
    unsubscribe = device.onTableChange('articles', schedule);
    void read();
  });
}

/** Follows the stored articles while anyone listens; the last one to leave stops the reads. */
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

const storedArticlesNow = (): ArticleSummary[] | undefined => articles;

/** The stored articles, newest first; undefined until the first read answers. */
export function useStoredArticles(): ArticleSummary[] | undefined {
  return useSyncExternalStore(subscribeStoredArticles, storedArticlesNow);
}
