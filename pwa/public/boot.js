// Starts the app once the page the server wrote is on screen. The build moves the app's entry
// script and its modulepreload links out of index.html into this tag's data (vite-plugins/
// deferred-boot.ts), so on a slow phone connection the text and its stylesheet do not share the
// line with the app's JavaScript: the first paint comes first, then the app loads and takes over.
// A page without a server-drawn screen (admin, register, saved, the offline shell) starts at once.
/* global document, requestAnimationFrame, setTimeout, PerformanceObserver */
const tag = document.querySelector('script[data-entry]');

function start() {
  for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(tag.dataset.entry);
}

/** Longest wait for the first paint before starting anyway (a browser that reports none). */
const PAINT_WAIT_MS = 3000;

/** Runs `run` once the first contentful paint has been presented (or cannot be awaited). */
function afterFirstPaint(run) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  // A hidden tab (a link opened in the background) paints nothing until shown: nothing to wait for.
  if (document.visibilityState === 'hidden') return once();
  // A browser without paint timing: just after the first frame.
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, PAINT_WAIT_MS);
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(once, PAINT_WAIT_MS);
}

if (document.getElementById('root')?.firstElementChild) afterFirstPaint(start);
else start();
