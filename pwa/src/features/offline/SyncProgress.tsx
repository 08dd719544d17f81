// The first sync's quiet progress line: "Saving articles for offline reading: 400 of 2,000".
// It sits over the bottom edge of the screen (so its coming and going moves nothing) and never
// blocks reading; it goes away when the first sync ends.
import { formatCount } from '../../lib/format.ts';
import { useBibleProgress } from '../../bible/use-bible-progress.ts';
import { useFirstSyncProgress } from './use-device-status.ts';
import styles from './DeviceStatus.module.css';

function syncProgressText(saved: number, total: number | null): string {
  return total === null
    ? `Saving articles for offline reading: ${formatCount(saved)} so far`
    : `Saving articles for offline reading: ${formatCount(saved)} of ${formatCount(total)}`;
}

export function bibleProgressText(done: number, total: number, whole: boolean): string {
  return whole
    ? `Saving the Bible for offline reading: ${formatCount(done)} of ${formatCount(total)} books`
    : `Saving the Bible books cited here for offline reading: ${formatCount(done)} of ${formatCount(total)}`;
}

export function SyncProgress() {
  const articles = useFirstSyncProgress();
  const bible = useBibleProgress();
  // The articles first; the Bible's books are fetched once they are saved.
  const progress = articles ?? (bible.task ? { saved: bible.done, total: bible.total } : null);
  if (!progress) return null;
  const { saved, total } = progress;
  const text = articles ? syncProgressText(saved, total) : bibleProgressText(saved, total ?? 0, bible.task === 'whole');
  return (
    <div className={styles.progress} role="status" data-testid="sync-progress">
      <span>{text}</span>
      {total ? (
        <span className={styles.bar} aria-hidden="true">
          <span style={{ width: `${Math.round((saved / total) * 100)}%` }} />
        </span>
      ) : null}
    </div>
  );
}
