// Fetches the article screen's code before it is asked for: in idle time after the first screen,
// and at once when a finger touches (or a pointer presses) a link to an article. Without it the
// first tap on a card on a slow phone waited 1.6-2.4 s for the module with nothing on screen.

/** The article screen's module (the router loads it the same way, so it is one download). */
export const loadArticleScreen = () => import('../features/articles/ArticlePage.tsx');

/** How long after the first screen the idle fetch may wait for a quiet moment. */
const IDLE_TIMEOUT_MS = 3_000;
const ARTICLE_LINK = 'a[href^="/article/"]';

let started = false;
function prefetch(): void {
  if (started) return;
  started = true;
  loadArticleScreen().catch(() => {
    started = false; // offline before the service worker had it: try again next time
  });
}

export function prefetchArticleScreen(): () => void {
  const idle = window.requestIdleCallback
    ? window.requestIdleCallback(prefetch, { timeout: IDLE_TIMEOUT_MS })
    : window.setTimeout(prefetch, IDLE_TIMEOUT_MS);
  const onPress = (event: Event) => {
    if ((event.target as Element | null)?.closest?.(ARTICLE_LINK)) prefetch();
  };
  document.addEventListener('touchstart', onPress, { passive: true, capture: true });
  document.addEventListener('pointerdown', onPress, { passive: true, capture: true });
  return () => {
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
    document.removeEventListener('touchstart', onPress, { capture: true });
    document.removeEventListener('pointerdown', onPress, { capture: true });
  };
}
