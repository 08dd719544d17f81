// Chapters of a Bible book for a screen: from memory or the device at once, else from the network
// (then kept); offline without them, a reason the screen can say.
import { useEffect, useState } from 'react';
import { loadChapters, type ChapterText } from '../../bible/books.ts';

export type PassageState =
  | { status: 'loading' }
  | { status: 'ready'; chapters: Map<number, ChapterText> }
  | { status: 'missing'; reason: 'offline' | 'error' };

export const BOOK_MISSING_TEXT = {
  offline:
    'This book of the Bible is not on this device yet, and you are offline. Connect to the internet to read it, or choose “Keep the whole Bible on this device” at the foot of the page.',
  error: 'This passage could not be loaded right now. Please try again in a moment.',
} as const;

/** Chapters `from`..`to` of `osis` (none while `osis` is null); `initial` shows until they load. */
export function usePassage(osis: string | null, from: number, to: number, initial?: Map<number, ChapterText> | null): PassageState {
  const key = osis ? `${osis}.${from}-${to}` : null;
  const [state, setState] = useState<{ key: string | null; value: PassageState }>(() => ({
    key,
    value: initial ? { status: 'ready', chapters: initial } : { status: 'loading' },
  }));
  useEffect(() => {
    if (!osis) return;
    let live = true;
    loadChapters(osis, from, to).then(
      (chapters) => live && setState({ key, value: { status: 'ready', chapters } }),
      () => live && setState({ key, value: { status: 'missing', reason: navigator.onLine ? 'error' : 'offline' } }),
    );
    return () => {
      live = false;
    };
  }, [key, osis, from, to]);
  if (state.key !== key) return initial ? { status: 'ready', chapters: initial } : { status: 'loading' };
  return state.value;
}
