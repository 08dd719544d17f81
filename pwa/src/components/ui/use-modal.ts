// A <dialog> shown as a modal while `open`: the browser traps focus inside and Escape cancels;
// when it closes, focus goes back to what was focused when it opened.
import { useEffect, useRef } from 'react';

export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
