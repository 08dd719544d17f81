// A link to another page opens that page at its top, as a page load does: the router changes the
// screen in place, and the window would otherwise keep the last page's scroll (the middle of the
// Family lessons, say, after a tap in the home page's footer). Not on Back and Forward, whose
// places are put back (the home page's own restore, the article's reading place), not within one
// page (a search or tab in the address), and not for an address with a #place the page goes to.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function useNewPageAtTop(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP' && !hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash, navigationType]);
}
