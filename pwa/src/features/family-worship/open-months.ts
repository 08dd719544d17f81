// Which months of /family's archive the reader opened, kept with the history entry
// (lib/entry-state.ts): Back or Forward to that entry opens them again in the page's first render
// (its lessons are in memory: use-schedule.ts), so a place far down in a past month is still there
// to land on. A reload keeps them too; a new visit to the page (a link) starts folded.
import { useEntryState } from '../../lib/entry-state.ts';

/** The field of history.state that holds the opened months. */
const OPEN_MONTHS = 'familyOpenMonths';

const monthsOf = (kept: unknown): readonly string[] =>
  Array.isArray(kept) ? kept.filter((month): month is string => typeof month === 'string') : [];

/** The archive's months open in this history entry, and how the page says one was opened or closed. */
export function useOpenMonths(): { open: ReadonlySet<string>; toggled: (month: string, open: boolean) => void } {
  const [months, setMonths] = useEntryState(OPEN_MONTHS, monthsOf);
  const toggled = (month: string, open: boolean) => {
    if (months.includes(month) === open) return;
    setMonths(open ? [...months, month] : months.filter((m) => m !== month));
  };
  return { open: new Set(months), toggled };
}
