// The last cell of an admin table row: its buttons (approve, publish, delete after a confirmation)
// side by side, one gap apart. One home so the articles, comments and users tables stay alike.
// Each button names its action in data-action, so the focus can find the same one in another row
// when its own row goes (kept-row-focus.ts).
import type { ReactNode } from 'react';
import { cell } from './DataTable.tsx';
import { IconButton } from './IconButton.tsx';
import { TrashIcon } from './admin-icons.tsx';
import styles from './ActionsCell.module.css';

interface ActionsCellProps {
  /** Stack the buttons on small screens (tables whose other columns need the width). */
  stackSmall?: boolean;
  children: ReactNode;
}

export function ActionsCell({ stackSmall = false, children }: ActionsCellProps) {
  return (
    <td className={cell.actions}>
      <span className={stackSmall ? `${styles.actions} ${styles.stack}` : styles.actions}>{children}</span>
    </td>
  );
}

/** The row's delete button (the caller asks its confirmation question before deleting). */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton label={label} tone="danger" onClick={onClick} data-action="delete">
      <TrashIcon />
    </IconButton>
  );
}
