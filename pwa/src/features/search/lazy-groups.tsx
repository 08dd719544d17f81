// The search groups (SearchGroups.tsx), off the home page's first screen: fetched once the page
// is idle after it is drawn (at the latest PREFETCH_AFTER_MS later), or by the first search if that
// comes sooner, so a search typed after a reload finds them loaded (the reference's passage is
// drawn from the device without waiting for a file), and told of a search as it is submitted. Not React.lazy: a lazy component suspends,
// and a search is a router navigation (a transition), so the whole answer would wait for the
// file, and React holds back a boundary's content for a while once it showed its fallback.
import { useEffect, useState } from 'react';

type Groups = typeof import('./SearchGroups.tsx');

/** The latest the groups are fetched after the home page is drawn when nobody searched yet. */
const PREFETCH_AFTER_MS = 2_000;

let loaded: Groups | null = null;
let loading: Promise<Groups> | null = null;

function load(): Promise<Groups> {
  loading ??= import('./SearchGroups.tsx').then(
    (done) => (loaded = done),
    (error: unknown) => {
      // Tried again by the next search (offline before the file was ever cached, say).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The passage (`top`) or the lessons and verses (`bottom`) a search found besides the articles. */
export function SearchExtras({ query, part }: { query: string; part: 'top' | 'bottom' }) {
  const [groups, setGroups] = useState(loaded);
  const shown = groups ?? loaded;
  useEffect(() => {
    if (shown) return;
    const fetchNow = () => void load().then(setGroups, (error: unknown) => console.error('[search]', error));
    if (query) {
      fetchNow();
      return;
    }
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(fetchNow, { timeout: PREFETCH_AFTER_MS });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(fetchNow, PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [query, shown]);
  // The top part is there before any search: a submitted reference's passage shows ahead of the page.
  return shown && (query || part === 'top') ? <shown.Extras query={query} part={part} /> : null;
}

/** The search box's query was just submitted or cleared (SearchGroups.tsx, searchSubmitted). */
export function searchSubmitted(query: string): void {
  if (loaded) return loaded.searchSubmitted(query);
  load().then(
    (groups) => groups.searchSubmitted(query),
    (error: unknown) => console.error('[search]', error),
  );
}
