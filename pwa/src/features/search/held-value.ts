// A module-held value that components follow (use-passages.ts, use-device-search.ts), without
// useSyncExternalStore: a value that changes while React renders a transition (a search is a
// router navigation) makes useSyncExternalStore redo that whole render at once, in one task that
// blocks a phone for hundreds of milliseconds. Here a change is an ordinary state update of the
// components that show the value: it is drawn first, and the transition goes on after.
import { useEffect, useReducer } from 'react';

export interface Held<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function held<T>(initial: T): Held<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The value now; the component is drawn again when it changes. */
export function useHeld<T>(source: Held<T>): T {
  const value = source.get();
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // Changed between this render and its commit: draw it again.
    if (source.get() !== value) changed();
    return source.subscribe(changed);
  }, [source, value]);
  return value;
}
