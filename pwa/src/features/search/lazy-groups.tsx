// The search groups (SearchGroups.tsx), fetched with the first search so the home page's first
// screen does not carry them. Not React.lazy: a lazy component suspends, and a search is a router
// navigation (a transition), so the whole answer would wait for the file, and React holds back a
// boundary's content for a while once it showed its fallback.
import { useEffect, useState } from 'react';

type Groups = typeof import('./SearchGroups.tsx');

let loaded: Groups | null = null;

/** The passage (`top`) or the lessons and verses (`bottom`) a search found besides the articles. */
export function SearchExtras({ query, part }: { query: string; part: 'top' | 'bottom' }) {
  const [groups, setGroups] = useState(loaded);
  useEffect(() => {
    if (query && !groups) void import('./SearchGroups.tsx').then((done) => setGroups((loaded = done)));
  }, [query, groups]);
  return groups && query ? <groups.Extras query={query} part={part} /> : null;
}
