// The bookmark: saves an article on this device (see use-saved.ts). On a card it is an icon with
// a spoken label; on the article page it also shows its word.
import { BookmarkIcon } from '../../components/ui/icons.tsx';
import { notifyError } from '../../components/ui/toast.tsx';
import { toggleSaved } from './use-saved.ts';
import styles from './ReaderActions.module.css';

export function SaveButton({
  article,
  saved,
  withText = false,
}: {
  article: { _id: string; title: string };
  /** Undefined while the device has not said: the button keeps its room, unseen, until it has. */
  saved: boolean | undefined;
  withText?: boolean;
}) {
  const label = saved ? `Remove “${article.title}” from Saved` : `Save “${article.title}” for later`;
  return (
    <button
      type="button"
      className={`${withText ? styles.action : styles.bookmark}${saved === undefined ? ` ${styles.unknown}` : ''}`}
      aria-pressed={saved ?? false}
      aria-label={withText ? undefined : label}
      title={label}
      data-testid="save-button"
      onClick={() => toggleSaved(article).catch((error: unknown) => notifyError(error))}
    >
      <BookmarkIcon filled={saved ?? false} />
      {withText ? <span>{saved ? 'Saved' : 'Save'}</span> : null}
    </button>
  );
}
