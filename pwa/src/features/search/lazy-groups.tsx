// The search groups (SearchGroups.tsx), off the home page's first screen: fetched once the page
// is idle after it is drawn (startSearchSoon, search.ts), or by the first search if that comes
// sooner, so a search typed after a reload finds them loaded (the reference's passage is drawn
// from the device without waiting for a file), and told of a search as it is submitted.
// Not React.lazy: a lazy component suspends, and a search is a router navigation (a
// transition), so the whole answer would wait for the file, and React holds back a boundary's
// content for a while once it showed its fallback.
import { useEffect, useState } from 'react';

type Groups = typeof import('./SearchGroups.tsx');

let loading: Promise<Groups> | null = null;
let loaded: Groups | null = null;
let isReady: (groups: Groups) => void;
/** Settles once the file is in, whoever fetched it. */
const ready = new Promise<Groups>((resolve) => (isReady = resolve));

/** Fetches the groups' file once (again after a failure: offline before it was ever cached). */
function load(): Promise<Groups> {
  loading ??= import('./SearchGroups.tsx').then(
    (done) => {
      isReady((loaded = done));
      return done;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The page is idle after its first screen (search.ts, startSearchSoon): the file is fetched. */
export const prefetchSearchGroups = (): Promise<void> => load().then(() => undefined, console.error);

/**
 * The search box's query was just submitted or cleared (SearchGroups.tsx, searchSubmitted).
 * Answers once a reference's passage is read when the groups' file is already here; before the
 * file is in, at once (the read starts when it arrives).
 */
export function searchSubmitted(query: string): Promise<void> {
  if (loaded) return loaded.searchSubmitted(query).catch(console.error);
  void load().then((groups) => groups.searchSubmitted(query), console.error);
  return Promise.resolve();
}

/**
 * The passage (`top`) or the lessons and verses (`bottom`) a search found besides the articles.
 * `onSettled` (top): told once the query's passage is read, or known to be none; `onDrawn`: told
 * once the file is in and the part drawn (a reference's card, its verses still coming or not).
 */
export function SearchExtras({
  query,
  part,
  onSettled,
  onDrawn,
}: {
  query: string;
  part: 'top' | 'bottom';
  onSettled?: () => void;
  onDrawn?: () => void;
}) {
  const [groups, setGroups] = useState(loaded);
  useEffect(() => {
    if (groups) return;
    if (query) prefetchSearchGroups();
    void ready.then(setGroups);
  }, [query, groups]);
  useEffect(() => {
    if (groups) onDrawn?.();
  }, [groups, onDrawn]);
  // The top part is there before any search: a submitted reference's passage shows ahead of the page.
  return groups && (query || part === 'top') ? <groups.Extras query={query} part={part} onSettled={onSettled} /> : null;
}
