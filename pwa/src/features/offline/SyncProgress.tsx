// The first sync's quiet progress line: "Saving articles for offline reading: 400 of 2,000".
// It sits over the bottom edge of the screen (so its coming and going moves nothing) and never
// blocks reading; it goes away when the first sync ends.
import { formatCount } from '../../lib/format.ts';
import { useFirstSyncProgress } from './use-device-status.ts';
import styles from './DeviceStatus.module.css';

export function syncProgressText(saved: number, total: number | null): string {
  return total === null
    ? `Saving articles for offline reading: ${formatCount(saved)} so far`
    : `Saving articles for offline reading: ${formatCount(saved)} of ${formatCount(total)}`;
}

export function SyncProgress() {
  const progress = useFirstSyncProgress();
  if (!progress) return null;
  const { saved, total } = progress;
  return (
    <div className={styles.progress} role="status" data-testid="sync-progress">
      <span>{syncProgressText(saved, total)}</span>
      {total ? (
        <span className={styles.bar} aria-hidden="true">
          <span style={{ width: `${Math.round((saved / total) * 100)}%` }} />
        </span>
      ) : null}
    </div>
  );
}
