// Which months of /family's archive the reader opened, kept with the history entry: in its
// history.state, beside the router's own key. Back or Forward to that entry opens them again in
// the page's first render (its lessons are in memory: use-schedule.ts), before the browser puts
// the entry's scroll back, so a place far down in a past month is still there to land on; folded,
// the page would be too short for it and the reader would land above. A reload keeps them too.
// A new visit to the page (a link: a new entry) starts folded, as before. Kept in the entry, the
// list goes when the browser forgets the entry.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The field of history.state that holds the opened months; the router's own are `usr`, `key` and `idx`. */
const OPEN_MONTHS = 'familyOpenMonths';

/** The entry shown now. (The router keeps its key in history.state; the entry the app opened on has none: "default".) */
const shownEntry = () => (window.history.state as { key?: string } | null)?.key ?? 'default';

/** The months kept for the entry `key`, when it is the one shown; read defensively, as the state outlives this version of the app. */
function keptFor(key: string): readonly string[] {
  if (shownEntry() !== key) return [];
  const months = (window.history.state as Record<string, unknown> | null)?.[OPEN_MONTHS];
  return Array.isArray(months) ? months.filter((month): month is string => typeof month === 'string') : [];
}

/** The archive's months open in this history entry, and how the page says one was opened or closed. */
export function useOpenMonths(): { open: ReadonlySet<string>; toggled: (month: string, open: boolean) => void } {
  const { key } = useLocation();
  const [opened, setOpened] = useState(() => ({ key, months: keptFor(key) }));
  // The page stays drawn when a link opens it again (a new entry): that entry's months, none.
  const months = opened.key === key ? opened.months : keptFor(key);
  const toggled = (month: string, open: boolean) => {
    if (months.includes(month) === open) return;
    const next = open ? [...months, month] : months.filter((m) => m !== month);
    setOpened({ key, months: next });
    // Only into this page's own entry: a toggle told late, after a link has moved on, would
    // otherwise open months in the next entry.
    if (shownEntry() === key) window.history.replaceState({ ...(window.history.state as object | null), [OPEN_MONTHS]: next }, '');
  };
  return { open: new Set(months), toggled };
}
