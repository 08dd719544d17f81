// A Bible book for a screen: from memory or the device at once, else from the network (then kept);
// offline without it, a reason the screen can say.
import { useEffect, useState } from 'react';
import type { BibleBookFile } from '@fw/contracts/bible';
import { loadBook } from '../../bible/books.ts';

export type BookState =
  | { status: 'loading' }
  | { status: 'ready'; book: BibleBookFile }
  | { status: 'missing'; reason: 'offline' | 'error' };

export const BOOK_MISSING_TEXT = {
  offline:
    'This book of the Bible is not on this device yet, and you are offline. Connect to the internet to read it, or choose "Keep the whole Bible on this device" at the foot of the page.',
  error: 'This passage could not be loaded right now. Please try again in a moment.',
} as const;

export function useBook(osis: string | null, initial?: BibleBookFile | null): BookState {
  const [state, setState] = useState<{ osis: string | null; value: BookState }>(() => ({
    osis,
    value: initial ? { status: 'ready', book: initial } : { status: 'loading' },
  }));
  useEffect(() => {
    if (!osis) return;
    let live = true;
    loadBook(osis).then(
      (book) => live && setState({ osis, value: { status: 'ready', book } }),
      () => live && setState({ osis, value: { status: 'missing', reason: navigator.onLine ? 'error' : 'offline' } }),
    );
    return () => {
      live = false;
    };
  }, [osis]);
  if (state.osis !== osis) return initial ? { status: 'ready', book: initial } : { status: 'loading' };
  return state.value;
}
