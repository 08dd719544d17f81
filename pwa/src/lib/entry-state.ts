// What a reader opened or chose on a screen (a folded list opened, "Show more" pressed, a filter
// typed), kept with the history entry: in its history.state, beside the router's own key. Back or
// Forward to that entry draws it so in the screen's first render, before the browser puts the
// entry's scroll back, so a place far down an opened or longer list is still there to land on;
// folded or cut short, the page would be too short for it and the reader would land above. A
// reload keeps it too. A new visit to the screen (a link: a new entry) starts afresh. Kept in the
// entry, it goes when the browser forgets the entry. (The screen's data must be drawn in that
// first render as well: each keeps what it last read in memory, as use-schedule.ts does.)
import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The entry shown now. (The router keeps its key in history.state; the entry the app opened on has none: "default".) */
const shownEntry = () => (window.history.state as { key?: string } | null)?.key ?? 'default';

/** What `field` holds for the entry `key`, when it is the one shown (else nothing), made a `T` by `read`. */
function keptFor<T>(key: string, field: string, read: (kept: unknown) => T): T {
  const kept = shownEntry() === key ? (window.history.state as Record<string, unknown> | null)?.[field] : undefined;
  return read(kept);
}

/**
 * A screen's state kept in the history entry's field `field` (any name but the router's own:
 * `usr`, `key`, `idx`, `masked`). `read` makes what the field holds into the state, and its
 * starting value when it holds nothing usable: it is read defensively, as the state outlives this
 * version of the app. The value set must be one history.state can hold (plain data).
 */
export function useEntryState<T>(field: string, read: (kept: unknown) => T): [T, (next: T) => void] {
  const { key } = useLocation();
  const [held, setHeld] = useState(() => ({ key, value: keptFor(key, field, read) }));
  // The screen stays drawn when a link opens it again (a new entry): that entry's value.
  const value = held.key === key ? held.value : keptFor(key, field, read);
  const set = (next: T) => {
    setHeld({ key, value: next });
    // Only into this screen's own entry: a change told late, after a link has moved on, would
    // otherwise land in the next entry.
    if (shownEntry() !== key) return;
    try {
      window.history.replaceState({ ...(window.history.state as object | null), [field]: next }, '');
    } catch {
      // Browsers refuse a burst of replaceState calls (Safari past 100 in 30 s: a search typed
      // quickly); the screen keeps its state, only a return to the entry would not find this one.
    }
  };
  return [value, set];
}
