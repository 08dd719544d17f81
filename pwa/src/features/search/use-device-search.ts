// The home page's search beyond the articles: asks the search worker (search.ts, searchDevice)
// for the passage, lessons and verses of a query, and more verses when the page shows more.
import { useEffect, useState } from 'react';
import type { DeviceAnswer } from './device-search.ts';
import { searchDevice } from './search.ts';

/** Bible verses shown at first and added by each "Show more verses": about a screenful. */
export const VERSES_AT_ONCE = 20;

/** The answer for `query` with `verses` verses; undefined while it is on its way. */
export function useDeviceSearch(query: string, verses: number): DeviceAnswer | null | undefined {
  const [found, setFound] = useState<{ query: string; verses: number; answer: DeviceAnswer | null }>();
  useEffect(() => {
    let current = true;
    searchDevice(query, verses).then(
      (answer) => current && setFound({ query, verses, answer }),
      (error: unknown) => {
        console.error('[search]', error);
        if (current) setFound({ query, verses, answer: { passages: null, lessons: [], verses: null } });
      },
    );
    return () => {
      current = false;
    };
  }, [query, verses]);
  // More verses asked for the same query: the answer shown so far stays until they come.
  return found?.query === query ? found.answer : undefined;
}
