// Back to the home page lands where the reader was: the scroll position is kept per history entry
// (sessionStorage, so a reload keeps it too) and put back only once the cards it was measured
// against are drawn; the list comes from IndexedDB a moment after the screen, so restoring at
// navigation time (what the browser and the router do) would land short of it.
// The place is kept from the top of the list, not of the page: what stands above the list can
// change meanwhile (a "Continue reading" box appears once an article has been opened).
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const KEY_PREFIX = 'scroll:';

function read(key: string): number | null {
  try {
    const stored = sessionStorage.getItem(KEY_PREFIX + key);
    const value = Number(stored);
    return stored !== null && stored !== '' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, top: number): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + key, String(Math.round(top)));
  } catch {
    // No storage (private mode, full): Back starts at the top, as it would anyway.
  }
}

/** Where an element's top is on the page (not on screen). */
function pageTop(element: HTMLElement): number {
  return element.getBoundingClientRect().top + window.scrollY;
}

/** `ready`: the content the position belongs to is on screen; `list`: the element it is kept from. */
export function useRestoredScroll(ready: boolean, list: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // Read once per entry, before anything scrolls: the browser's own early restore (clamped to a
  // page without its cards yet) must not overwrite the place it is about to be restored to.
  const saved = useMemo(() => (navigationType === 'POP' ? read(key) : null), [key, navigationType]);
  const restoredFor = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (!ready || restoredFor.current === key) return;
    restoredFor.current = key;
    if (saved !== null && list.current) window.scrollTo({ top: pageTop(list.current) + saved, behavior: 'instant' });
  }, [ready, key, saved, list]);

  useEffect(() => {
    // Written as it happens (scroll events come at most once a frame): a place kept for a later
    // frame would be lost when a tap leaves the page first.
    const remember = () => {
      // Only while this entry is the one shown: after a tap the next screen is drawn a moment
      // before this listener goes, and its scrolling (or the browser clamping the old offset to
      // a shorter page) must not overwrite the place kept for Back.
      // (The router keeps its key in history.state; the entry the app opened on has none: "default".)
      const current = (window.history.state as { key?: string } | null)?.key ?? 'default';
      if (restoredFor.current === key && current === key && list.current) write(key, window.scrollY - pageTop(list.current));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, list]);
}
