// The admin tables: a caption-less table in a scroll box, a header row from column labels, and
// an empty-state row. Columns marked `hideSmall` drop out on phones (e.g. dates), so the tables
// stay usable at 375 px; what a phone must still show goes in a column without it. A row or a
// button that goes keeps the keyboard in the table (kept-row-focus.ts).
import type { ReactNode } from 'react';
import { buttonStyles } from './IconButton.tsx';
import { useKeptRowFocus } from './kept-row-focus.ts';
import { RetryButton } from './RetryButton.tsx';
import styles from './DataTable.module.css';

export interface Column {
  label: string;
  hideSmall?: boolean;
  /** Right-aligned, tight column for buttons. */
  actions?: boolean;
}

export const cell = {
  hideSmall: styles.hideSmall,
  actions: styles.actionsCell,
  number: styles.number,
  muted: styles.muted,
  /** A cell a phone's card leaves out (e.g. the row number), while the table keeps it. */
  notInCards: styles.notInCards,
};

function columnClass(column: Column): string | undefined {
  return [column.hideSmall ? styles.hideSmall : '', column.actions ? styles.actionsCell : ''].join(' ').trim() || undefined;
}

interface DataTableProps {
  label: string;
  columns: Column[];
  /** undefined while the data is still loading. */
  rowCount: number | undefined;
  /** Said in place of "Loading…" when the data is not coming (a failed first load), with Retry. */
  problem?: { message: string; retry?: () => Promise<void> };
  empty: ReactNode;
  /** Rows shown while newer ones are read (e.g. for a changed filter): dimmed, and marked busy. */
  stale?: boolean;
  /** Below 600 px each row becomes a card (cells one under another, actions at the side). */
  cardsOnPhones?: boolean;
  children: ReactNode;
}

/** The body's one row while there are no rows to show: loading, why not, or the empty state. */
function PlaceholderRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr data-placeholder="">
      <td colSpan={span} className={styles.placeholder}>
        {children}
      </td>
    </tr>
  );
}

function ProblemText({ problem }: { problem: NonNullable<DataTableProps['problem']> }) {
  return (
    <span role="alert" className={styles.problem}>
      {problem.message}
      {problem.retry ? <RetryButton retry={problem.retry} className={buttonStyles.secondary} /> : null}
    </span>
  );
}

export function DataTable({ label, columns, rowCount, problem, empty, stale = false, cardsOnPhones = false, children }: DataTableProps) {
  const { bodyRef, onFocus } = useKeptRowFocus();
  return (
    <div className={stale ? `${styles.scroll} ${styles.stale}` : styles.scroll}>
      <table
        className={cardsOnPhones ? `${styles.table} ${styles.cards}` : styles.table}
        aria-label={label}
        aria-busy={(rowCount === undefined && !problem) || stale}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={columnClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef} onFocus={onFocus}>
          {rowCount === undefined ? (
            <PlaceholderRow span={columns.length}>{problem ? <ProblemText problem={problem} /> : 'Loading…'}</PlaceholderRow>
          ) : rowCount === 0 ? (
            <PlaceholderRow span={columns.length}>{empty}</PlaceholderRow>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
