// The parts of an admin table that go with table-window.ts: the filter box above it, and below
// it how much of the list is shown, with "Show more", or that more comes once a stopped walk of
// the admin view goes on.
import { useEffect, useRef } from 'react';
import { TABLE_PAGE_ROWS, type TableSlice, type TableWindow } from './table-window.ts';
import { buttonStyles } from './IconButton.tsx';
import { RetryButton } from './RetryButton.tsx';
import styles from './TableWindow.module.css';

interface FilterBoxProps {
  table: TableWindow;
  /** What it filters by, e.g. "Filter by title". */
  label: string;
}

export function FilterBox({ table, label }: FilterBoxProps) {
  return (
    <input
      id={table.boxId}
      type="search"
      className={styles.filter}
      aria-label={label}
      placeholder={label}
      value={table.typed}
      enterKeyHint="search"
      onChange={(e) => table.setTyped(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && table.typed) {
          e.preventDefault();
          table.setTyped('');
        }
      }}
    />
  );
}

const count = (n: number) => n.toLocaleString('en');

/** Whether the rows shown were read for another filter than the one in the box (a read is under way). */
export function searching(slice: TableSlice<unknown> | undefined, table: TableWindow): boolean {
  return slice !== undefined && slice.q !== table.typed.trim();
}

/** What the line under the table says of `slice`; null when it has nothing to add. */
export function shownLine(slice: TableSlice<unknown>, noun: string): string | null {
  const n = slice.rows.length;
  const filtered = slice.q !== '';
  if (n === 0) return null;
  if (slice.more) {
    if (slice.total !== undefined) return `Showing ${count(n)} of ${count(slice.total)} ${noun}`;
    return filtered ? `Showing the first ${count(n)} matches` : `Showing ${count(n)} ${noun}`;
  }
  // Every row the device holds, and the server has more (a first walk of the admin view under way).
  if (!filtered) return slice.total !== undefined && slice.total > n ? `Showing ${count(n)} of ${count(slice.total)} ${noun}` : null;
  return n === 1 ? '1 match' : `${count(n)} matches`;
}

interface MoreRowsProps {
  slice: TableSlice<unknown> | undefined;
  table: TableWindow;
  /** The rows' plural noun, e.g. "articles". */
  noun: string;
  /** Why the rest of the list is not coming now (sync/admin-status.ts useWalkPause). */
  pause?: LoadPause;
}

type LoadPause = { message: string; retry?: () => Promise<void> };

export function MoreRows({ slice, table, noun, pause }: MoreRowsProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  /** After "Show more": the first new row, whose first link or button takes the keyboard. */
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const first = focusRow.current;
    if (first === null || !slice || slice.rows.length <= first) return;
    focusRow.current = null;
    const row = wrapper.current?.parentElement?.querySelectorAll('table > tbody > tr')[first];
    row?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [slice]);
  const line = searching(slice, table) ? 'Searching…' : slice ? shownLine(slice, noun) : null;
  const left = slice?.total === undefined ? null : Math.min(TABLE_PAGE_ROWS, slice.total - slice.rows.length);
  return (
    <>
      <div className={styles.more} ref={wrapper}>
        <p className={styles.line} aria-live="polite">
          {line}
        </p>
        {slice?.more && !searching(slice, table) ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              focusRow.current = slice.rows.length;
              table.showMore();
            }}
          >
            {left === null ? 'Show more' : `Show ${left} more`}
          </button>
        ) : null}
      </div>
      {pause ? <WalkPauseLine pause={pause} /> : null}
    </>
  );
}

/** The empty state while a filter matches nothing: what was looked for, and a way back. */
export function NoMatch({ table, q, what }: { table: TableWindow; q: string; what: string }) {
  if (table.typed.trim() !== q) return <>Searching…</>;
  return (
    <>
      No {what} match “{q}”.{' '}
      <button
        type="button"
        className={styles.clear}
        onClick={() => {
          table.setTyped('');
          document.getElementById(table.boxId)?.focus();
        }}
      >
        Clear the filter
      </button>
    </>
  );
}

/**
 * Under a list that shows part of what it would while the device's first walk of the admin view
 * has stopped short (sync/admin-status.ts useWalkPause): why, and Retry where one can help.
 */
export function WalkPauseLine({ pause }: { pause: LoadPause }) {
  return (
    <div className={styles.more}>
      <p className={styles.line} role="status" data-testid="walk-pause">
        {pause.message}
      </p>
      {pause.retry ? <RetryButton retry={pause.retry} className={buttonStyles.secondary} /> : null}
    </div>
  );
}
