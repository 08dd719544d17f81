// Back to the home page lands where the reader was: the place is kept per history entry
// (sessionStorage, so a reload keeps it too) and put back only once the cards it was measured
// against are drawn; the list comes from IndexedDB a moment after the screen, so restoring at
// navigation time (what the browser and the router do) would land short of it.
// A place is the card at the screen's top and how far it stood from it, and, to get that card
// drawn, the offset from the list's top. The offset alone is not enough: a long list counts the
// rows it has not drawn yet at an average height (WindowedCards.tsx), which changes as rows are
// measured, and what stands above the list can be drawn after the place was put back (a "Continue
// reading" box once an article has been opened, today's text with its own chunk), on a slow device
// most of all. The browser's scroll anchoring does not make up for either: a windowed list changes
// its padding in the same frame, which suppresses it. So once put back, the place is held (its card
// kept where it stood) until the reader scrolls themselves, or for HOLD_MS.
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const KEY_PREFIX = 'scroll:';

/** How long a place put back is held against what is drawn late. */
const HOLD_MS = 5_000;

/** What a reader does to scroll on their own: after it, the place is theirs. */
const READER_INPUTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** The attribute naming a list's item (ArticleCard.tsx) a place can be kept by. */
const PLACE_ATTRIBUTE = 'data-place';

interface Place {
  /** The page's scroll position less the list's top on the page. */
  offset: number;
  /** The page was at its very top: it goes back there, whatever is drawn above the list since. */
  atTop?: boolean;
  /** The item at the screen's top (the first one not wholly above it) and its distance from it. */
  item?: { id: string; top: number };
}

function read(key: string): Place | null {
  try {
    const stored = sessionStorage.getItem(KEY_PREFIX + key);
    if (stored === null) return null;
    const place = JSON.parse(stored) as Partial<Place> | null;
    if (typeof place?.offset !== 'number' || !Number.isFinite(place.offset)) return null;
    if (place.atTop === true) return { offset: place.offset, atTop: true };
    const item = place.item;
    return typeof item?.id === 'string' && Number.isFinite(item.top) ? { offset: place.offset, item } : { offset: place.offset };
  } catch {
    return null;
  }
}

function write(key: string, place: Place): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + key, JSON.stringify(place));
  } catch {
    // No storage (private mode, full): Back starts at the top, as it would anyway.
  }
}

/** Where an element's top is on the page (not on screen). */
function pageTop(element: HTMLElement): number {
  return element.getBoundingClientRect().top + window.scrollY;
}

/** The list's items in order (a windowed list draws only some). */
const itemsOf = (list: HTMLElement) => list.querySelectorAll<HTMLElement>(`[${PLACE_ATTRIBUTE}]`);

/** Where the screen is in the list now. */
function placeOf(list: HTMLElement): Place {
  // Read first, and alone: at the top (every first visit, while its sync redraws the list) a
  // place costs no layout.
  if (window.scrollY < 1) return { offset: 0, atTop: true };
  const offset = Math.round(window.scrollY - pageTop(list));
  for (const item of itemsOf(list)) {
    const box = item.getBoundingClientRect();
    if (box.bottom > 0) return { offset, item: { id: item.getAttribute(PLACE_ATTRIBUTE)!, top: box.top } };
  }
  return { offset };
}

/**
 * Scrolls to `place`, and again whenever what is drawn moves it (the list's top, its item's row,
 * the item drawn at last), until the reader scrolls or HOLD_MS pass. Answers the release.
 */
function holdPlace(list: HTMLElement, place: Place): () => void {
  if (place.atTop) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return () => {};
  }
  const heldItem = () => (place.item ? list.querySelector<HTMLElement>(`[${PLACE_ATTRIBUTE}="${CSS.escape(place.item.id)}"]`) : null);
  const settle = () => {
    const item = heldItem();
    const by = item ? item.getBoundingClientRect().top - place.item!.top : pageTop(list) + place.offset - window.scrollY;
    if (Math.abs(by) >= 0.5) window.scrollTo({ top: window.scrollY + by, behavior: 'instant' });
  };
  settle();
  if (typeof ResizeObserver !== 'function' || typeof MutationObserver !== 'function') return () => {};
  // The body changes size when anything above the list is drawn; the list's items and padding
  // change as it draws the rows at the place and measures them.
  const resized = new ResizeObserver(settle);
  resized.observe(document.body);
  const changed = new MutationObserver(settle);
  changed.observe(list, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  // A scroll that leaves the held item away from its place, when nothing was drawn meanwhile (that
  // is put right before the scroll is told), is the reader's own: a scroll bar dragged, say, which
  // none of READER_INPUTS announces.
  const scrolled = () => {
    const item = heldItem();
    if (item && Math.abs(item.getBoundingClientRect().top - place.item!.top) >= 2) release();
  };
  window.addEventListener('scroll', scrolled, { passive: true });
  const release = () => {
    resized.disconnect();
    changed.disconnect();
    clearTimeout(timer);
    window.removeEventListener('scroll', scrolled);
    for (const type of READER_INPUTS) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, HOLD_MS);
  for (const type of READER_INPUTS) window.addEventListener(type, release, { capture: true, passive: true });
  return release;
}

/** `ready`: the content the place belongs to is on screen; `list`: the element it is kept in. */
export function useRestoredScroll(ready: boolean, list: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // Read once per entry, before anything scrolls: the browser's own early restore (clamped to a
  // page without its cards yet) must not overwrite the place it is about to be restored to.
  const saved = useMemo(() => (navigationType === 'POP' ? read(key) : null), [key, navigationType]);
  const restoredFor = useRef<string | null>(null);
  const release = useRef<(() => void) | null>(null);

  useLayoutEffect(() => {
    if (!ready || restoredFor.current === key) return;
    restoredFor.current = key;
    release.current?.();
    release.current = saved && list.current ? holdPlace(list.current, saved) : null;
  }, [ready, key, saved, list]);
  useEffect(() => () => release.current?.(), []);

  useEffect(() => {
    // Written as it happens, on each scroll (at most once a frame) and each change of what the list
    // draws (a windowed list draws the cards at a new place a moment after the scroll, and moves
    // them when it has measured them: its padding): a place
    // kept for a later frame would be lost when a tap leaves the page first.
    const remember = () => {
      // Only while this entry is the one shown: after a tap the next screen is drawn a moment
      // before this listener goes, and its scrolling (or the browser clamping the old offset to
      // a shorter page) must not overwrite the place kept for Back.
      // (The router keeps its key in history.state; the entry the app opened on has none: "default".)
      const current = (window.history.state as { key?: string } | null)?.key ?? 'default';
      if (restoredFor.current === key && current === key && list.current) write(key, placeOf(list.current));
    };
    window.addEventListener('scroll', remember, { passive: true });
    const drawn = typeof MutationObserver === 'function' ? new MutationObserver(remember) : null;
    if (list.current) drawn?.observe(list.current, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    return () => {
      window.removeEventListener('scroll', remember);
      drawn?.disconnect();
    };
  }, [key, list]);
}
