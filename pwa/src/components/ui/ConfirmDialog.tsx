// The one dialog: a modal confirmation with Yes/No (or the two answers the question names). Focus moves into it and is trapped there,
// Escape answers No, and focus returns to what opened it.
import { useModal } from './use-modal.ts';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  onYes: () => void;
  onNo: () => void;
  /** The answers' words when Yes/No would not read well ("Publish now" / "Cancel"). */
  yesLabel?: string;
  noLabel?: string;
}

export function ConfirmDialog({ open, title, text, onYes, onNo, yesLabel = 'Yes', noLabel = 'No' }: ConfirmDialogProps) {
  const ref = useModal(open);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        onNo();
      }}
    >
      {open ? (
        <>
          <h2 id="confirm-title" className={styles.title}>
            {title}
          </h2>
          <p id="confirm-text">{text}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.no} onClick={onNo} autoFocus>
              {noLabel}
            </button>
            <button type="button" className={styles.yes} onClick={onYes}>
              {yesLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
