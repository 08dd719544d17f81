// A <dialog> shown as a modal while `open`: the browser traps focus inside and Escape cancels;
// when it closes, focus goes back to what was focused when it opened, or, when that is gone (a
// bar that closed meanwhile) or was nothing in particular (the page itself), to `fallback`.
import { useEffect, useRef, type RefObject } from 'react';

export function useModal(open: boolean, fallback?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        // Read at closing on purpose: the element to go back to is the one drawn then.
        // eslint-disable-next-line react-hooks/exhaustive-deps
        const back = opener?.isConnected && opener !== document.body ? opener : fallback?.current;
        back?.focus?.();
      };
    }
    if (!open && dialog.open) dialog.close();
  }, [open, fallback]);
  return ref;
}
