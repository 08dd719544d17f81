// The one dialog: a modal question with Yes/No (or the two answers the question names), and
// optionally one text field whose value goes with Yes (Enter in it answers Yes). Focus moves into
// it (the field, else No) and is trapped there, Escape answers No, and focus returns to what
// opened it.
import { useModal } from './use-modal.ts';
import styles from './ConfirmDialog.module.css';

interface DialogField {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  onYes: () => void;
  onNo: () => void;
  /** The answers' words when Yes/No would not read well ("Publish now" / "Cancel"). */
  yesLabel?: string;
  noLabel?: string;
  /** A text field answered with Yes (a picture's description, say). */
  field?: DialogField;
  /** Yes is red when it removes or overwrites something; `accent` when it only adds. */
  yesTone?: 'danger' | 'accent';
}

export function ConfirmDialog({
  open,
  title,
  text,
  onYes,
  onNo,
  yesLabel = 'Yes',
  noLabel = 'No',
  field,
  yesTone = 'danger',
}: ConfirmDialogProps) {
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
          {field ? (
            <label className={styles.field}>
              <span>{field.label}</span>
              <input
                type="text"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onKeyDown={(event) => {
                  // Not a <form>: the dialog may sit inside one (the article form), and Enter
                  // there would submit it.
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  onYes();
                }}
                autoFocus
              />
            </label>
          ) : null}
          <div className={styles.actions}>
            <button type="button" className={styles.no} onClick={onNo} autoFocus={!field}>
              {noLabel}
            </button>
            <button type="button" className={yesTone === 'accent' ? styles.accent : styles.yes} onClick={onYes}>
              {yesLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
