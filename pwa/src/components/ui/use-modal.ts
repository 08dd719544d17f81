// A <dialog> shown as a modal while `open`: the browser traps focus inside and Escape cancels;
// when it closes, focus goes back to what was focused when it opened, or, when that is gone (a
// bar that closed meanwhile) or was nothing in particular (the page itself), to `fallback`.
// Focus is moved after close(): closing a modal dialog hands focus back by itself, to the page
// when nothing else was focused.
import { useEffect, useRef, type RefObject } from 'react';

export function useModal(open: boolean, fallback?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current?.isConnected && opener.current !== document.body ? opener.current : fallback?.current;
      opener.current = null;
      back?.focus?.();
    }
  }, [open, fallback]);
  return ref;
}
