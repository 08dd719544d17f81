// A panel opened in the page by a button (a lesson's form, an import) and closed by its own
// buttons: the focus inside it would fall to the page's start when it goes, and a keyboard user
// would Tab down from the top again, far from the lesson they had opened. It goes back to the
// button that opened the panel instead, when that is still there and nothing else took the focus.
import { useEffect, useRef } from 'react';

export function useFocusReturn(): void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // Noted on the first run only: a second run (React's strict mode) finds the focus in the panel.
    const focused = document.activeElement;
    if (!opener.current && focused instanceof HTMLElement && focused !== document.body) opener.current = focused;
    const back = opener.current;
    return () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && back?.isConnected) back.focus();
    };
  }, []);
}
