// A form that opens above a long list, from a button far down it (Edit on a lesson or a day's
// text): brought on screen and its first field focused, so the press visibly does something and
// the keyboard is where the form is. When it closes, the keyboard goes back to that button.
import { useEffect, useRef, type RefObject } from 'react';
import { useFocusReturn } from './use-focus-return.ts';

export function useShownOnOpen<T extends HTMLElement>(): RefObject<T | null> {
  // First: it notes the button focused before the effect below moves the focus into the form.
  useFocusReturn();
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    element.scrollIntoView({ block: 'start', behavior: still ? 'instant' : 'smooth' });
    element.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  }, []);
  return ref;
}
