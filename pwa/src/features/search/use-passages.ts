// The passage a reference query names, read on the page straight from the device's Bible: the
// query is read by query-reference.ts and the chapters by passage-answer.ts, so the passage is
// drawn without waiting for the search worker (which may still be loading the articles' index
// after a reload). Forms only the full reference parser reads are the worker's (device-search.ts).
// A submitted search starts the read at once (readPassages, from the search box), and the
// passage is shown as soon as it is read, ahead of the page's navigation to the search: a
// search is a router transition that redraws the whole page, which takes a phone longer than
// reading a chapter from IndexedDB.
import { useEffect } from 'react';
import { normaliseQuery } from '@fw/contracts/text';
import { passageOf, type PassageAnswer } from './passage-answer.ts';
import { held, useHeld } from './held-value.ts';
import { readReferences } from './query-reference.ts';

export type PassagesRead =
  | { needle: string; state: 'worker' }
  | { needle: string; state: 'reading' }
  | { needle: string; state: 'read'; passages: PassageAnswer[] };

interface Passages {
  read: PassagesRead;
  /** Submitted and read ahead of the page showing its query (the navigation is on its way). */
  ahead: boolean;
}

const passages = held<Passages>({ read: { needle: '', state: 'worker' }, ahead: false });
const set = (next: Passages) => passages.set(next);

/** The read in progress, settled once its passages are shown (or left to the worker). */
let reading: Promise<void> = Promise.resolve();

/**
 * Reads the passages `query` names, when query-reference.ts reads it (else the worker's answer
 * is shown); `ahead`: the search was just submitted and the page does not show it yet. Answers
 * when the passages are read (at once for a query that names none).
 */
export function readPassages(query: string, ahead: boolean): Promise<void> {
  const needle = normaliseQuery(query);
  const now = passages.get();
  if (now.read.needle === needle) {
    if (now.ahead && !ahead) set({ ...now, ahead });
    return now.read.state === 'reading' ? reading : Promise.resolve();
  }
  const ranges = needle ? readReferences(needle) : null;
  if (!ranges) {
    set({ read: { needle, state: 'worker' }, ahead });
    return Promise.resolve();
  }
  set({ read: { needle, state: 'reading' }, ahead });
  const done = (read: PassagesRead) => passages.get().read.needle === needle && set({ ...passages.get(), read });
  reading = Promise.all(ranges.map(passageOf)).then(
    (found) => void done({ needle, state: 'read', passages: found }),
    (error: unknown) => {
      console.error('[search]', error);
      done({ needle, state: 'worker' });
    },
  );
  return reading;
}

/** What to show above the articles for `query` (the page's own): its passages, or the worker's. */
export function usePassages(query: string): PassagesRead {
  const current = useHeld(passages);
  const needle = normaliseQuery(query);
  // Back, Forward, a link or a reload: the page's query is read here; a submitted one is confirmed.
  useEffect(() => void readPassages(query, false), [query]);
  if (current.ahead || current.read.needle === needle) return current.read;
  return { needle, state: needle && readReferences(needle) ? 'reading' : 'worker' };
}
