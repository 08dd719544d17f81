// The search groups (SearchGroups.tsx), fetched with the first search so the home page's first
// screen does not carry them. Not React.lazy: a lazy component suspends, and a search is a router
// navigation (a transition), so the whole answer, the worker's calls included, would wait for the
// file, and React holds back a boundary's content once it showed its fallback.
import { useEffect, useState } from 'react';

type Groups = typeof import('./SearchGroups.tsx');

let loaded: Groups | null = null;
let loading: Promise<Groups> | null = null;

function loadGroups(): Promise<Groups> {
  loading ??= import('./SearchGroups.tsx').then(
    (groups) => (loaded = groups),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The groups' components once `wanted` (a search is shown); null until their file is here. */
export function useSearchGroups(wanted: boolean): Groups | null {
  const [groups, setGroups] = useState(loaded);
  useEffect(() => {
    if (!wanted || groups) return;
    let current = true;
    loadGroups().then(
      (done) => current && setGroups(done),
      (error: unknown) => console.error('[search]', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, groups]);
  return groups ?? loaded;
}
