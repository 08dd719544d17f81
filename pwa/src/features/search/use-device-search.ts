// The search's answer beyond the articles, shared by the two places the home page shows it (the
// passage above the articles, the lessons and verses below): one worker call per query and
// screenful of verses (searchDevice below), and one for the verses' count when the screenful came
// first (countVerses), kept here while that query is shown. In the search
// groups' own chunk, not on the home page's first screen.
import { useEffect } from 'react';
import type { DeviceAnswer } from './device-search.ts';
import { normaliseQuery } from '@fw/contracts/text';
import { held, useHeld } from './held-value.ts';
import { engine } from './search.ts';

/**
 * What the device holds besides the articles for `query`: the passage it names, the lessons and
 * the first `verses` Bible verses matching it (device-search.ts); null for an empty query.
 */
function searchDevice(query: string, verses: number): Promise<DeviceAnswer | null> {
  const needle = normaliseQuery(query);
  if (!needle) return Promise.resolve(null);
  return engine().call<DeviceAnswer>('searchDevice', [needle, verses]);
}

/** Bible verses shown at first and added by each "Show more verses": about a screenful. */
const VERSES_AT_ONCE = 20;

interface Asked {
  query: string;
  verses: number;
  /** Undefined while the worker has not answered. */
  answer?: DeviceAnswer | null;
}

const store = held<Asked>({ query: '', verses: 0 });
let asked = store.get();

function set(next: Asked): void {
  asked = next;
  store.set(next);
}

function ask(query: string, verses: number): void {
  if (asked.query === query && asked.verses === verses) return;
  // More verses for the same query: what is shown stays until they come.
  const shown = asked.query === query ? asked.answer : undefined;
  const mine: Asked = { query, verses, answer: shown };
  set(mine);
  searchDevice(query, verses).then(
    (answer) => {
      if (asked !== mine) return;
      // A screenful came before its count: a count known already stays, else it is asked for.
      const known = shown?.verses?.count ?? null;
      if (answer?.verses && answer.verses.count === null && known !== null) answer.verses.count = known;
      set({ query, verses, answer });
      if (answer?.verses?.count === null) countVerses(mine.query);
    },
    (error: unknown) => {
      console.error('[search]', error);
      if (asked === mine) set({ query, verses, answer: { passages: null, lessons: [], verses: null } });
    },
  );
}

/** The count of the verses `query` finds, into the answer shown for it. */
function countVerses(query: string): void {
  engine()
    .call<number>('countVerses', [normaliseQuery(query)])
    .then(
      (count) => {
        const verses = asked.query === query ? asked.answer?.verses : null;
        if (verses) set({ ...asked, answer: { ...asked.answer!, verses: { ...verses, count } } });
      },
      (error: unknown) => console.error('[search]', error),
    );
}

/** Asks the worker about `query` before the page shows it (a search just submitted). */
export function askDevice(query: string): void {
  if (query && asked.query !== query) ask(query, VERSES_AT_ONCE);
}

/** The answer for `query` (undefined while on its way) and a way to ask for more verses. */
export function useDeviceSearch(query: string): { answer: DeviceAnswer | null | undefined; more: () => void } {
  const current = useHeld(store);
  useEffect(() => {
    if (asked.query !== query) ask(query, VERSES_AT_ONCE);
  }, [query]);
  return {
    answer: current.query === query ? current.answer : undefined,
    more: () => ask(query, asked.verses + VERSES_AT_ONCE),
  };
}
