// Remembers where the reader is in an article and brings them back there: on opening the article
// the page scrolls to the saved place (or to the top), then scrolling records the place again. A
// return by Back or Forward that the browser puts back itself (`placeKept`) keeps its place.
import { useEffect, type RefObject } from 'react';
import { getReadingPlace, saveReadingPlace } from './use-reading-place.ts';

/** Scrolling is recorded this long after it stops (and when the page is left). */
const SCROLL_SAVE_DELAY_MS = 250;

interface Measured {
  position: number;
  seen: number;
}

function measure(content: HTMLElement): Measured {
  const top = content.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(1, content.offsetHeight);
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  return {
    position: clamp((window.scrollY - top) / height),
    seen: clamp((window.scrollY + window.innerHeight - top) / height),
  };
}

export function useScrollMemory(
  article: { _id: string; title: string } | null,
  contentRef: RefObject<HTMLElement | null>,
  placeKept = false,
): void {
  const id = article?._id ?? null;
  const title = article?.title ?? '';
  useEffect(() => {
    const content = contentRef.current;
    if (!id || !content) return;
    let active = true;
    let restored = false;
    let progress = 0;
    let pending: Measured | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      clearTimeout(timer);
      if (!pending) return;
      const { position, seen } = pending;
      pending = null;
      progress = Math.max(progress, seen);
      saveReadingPlace({ _id: id, title, position, progress }).catch((error: unknown) =>
        console.warn('[reading place]', error),
      );
    };
    const onScroll = () => {
      // Scrolling before the saved place is restored is the previous page's, not this article's;
      // so is scrolling after the article left the page (the next screen restoring its place
      // before this effect is cleaned up): measured then, a detached text counted as read.
      if (!restored || !content.isConnected) return;
      pending = measure(content);
      clearTimeout(timer);
      timer = setTimeout(flush, SCROLL_SAVE_DELAY_MS);
    };

    getReadingPlace(id)
      .catch(() => undefined)
      .then((place) => {
        if (!active) return;
        progress = place?.progress ?? 0;
        restored = true;
        // A link to a place in the article (a highlight from My notes) goes there instead.
        if (window.location.hash || placeKept) return;
        const top = content.getBoundingClientRect().top + window.scrollY;
        const target = place && place.position > 0 ? top + place.position * content.offsetHeight : 0;
        window.scrollTo({ top: target, behavior: 'instant' });
      });
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', flush);
    return () => {
      active = false;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [id, title, contentRef, placeKept]);
}
