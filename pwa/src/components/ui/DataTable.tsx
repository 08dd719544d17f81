// The admin tables: a caption-less table in a scroll box, a header row from column labels, and
// an empty-state row. Columns marked `hideSmall` drop out on phones (e.g. dates), so the tables
// stay usable at 375 px; what a phone must still show goes in a column without it.
import type { ReactNode } from 'react';
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
  empty: ReactNode;
  /** Below 600 px each row becomes a card (cells one under another, actions at the side). */
  cardsOnPhones?: boolean;
  children: ReactNode;
}

export function DataTable({ label, columns, rowCount, empty, cardsOnPhones = false, children }: DataTableProps) {
  return (
    <div className={styles.scroll}>
      <table
        className={cardsOnPhones ? `${styles.table} ${styles.cards}` : styles.table}
        aria-label={label}
        aria-busy={rowCount === undefined}
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
        <tbody>
          {rowCount === undefined ? (
            <tr>
              <td colSpan={columns.length} className={styles.placeholder}>
                Loading…
              </td>
            </tr>
          ) : rowCount === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.placeholder}>
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
