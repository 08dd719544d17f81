// A slim line, never a blocking error: offline, waiting changes, last sync.
import { useSyncStatus, useOnline } from '../../sync/status.ts';
import { ClockIcon, WifiOffIcon, AlertIcon } from './icons.tsx';
import styles from './StatusLine.module.css';

function ago(ms: number): string {
  const minutes = Math.round((Date.now() - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return new Date(ms).toLocaleDateString();
}

export function StatusLine() {
  const online = useOnline();
  const { lastSyncedAt, outbox, error } = useSyncStatus();
  const failed = outbox.filter((e) => e.status === 'failed' || e.status === 'conflict').length;
  const waiting = outbox.length - failed;
  if (online && !waiting && !failed && !error) return null;
  return (
    <div className={styles.line} role="status" aria-live="polite" data-testid="status-line">
      {!online ? (
        <span className={styles.item}>
          <WifiOffIcon /> Offline: showing what this device has saved
          {lastSyncedAt ? ` (last synced ${ago(lastSyncedAt)})` : ''}.
        </span>
      ) : null}
      {waiting ? (
        <span className={styles.item} data-testid="pending-count">
          <ClockIcon /> {waiting} {waiting === 1 ? 'change' : 'changes'} waiting to sync
        </span>
      ) : null}
      {failed ? (
        <span className={`${styles.item} ${styles.problem}`}>
          <AlertIcon /> {failed} {failed === 1 ? 'change needs' : 'changes need'} your attention
        </span>
      ) : null}
      {online && error ? (
        <span className={`${styles.item} ${styles.problem}`}>
          <AlertIcon /> Could not sync: {error}
        </span>
      ) : null}
    </div>
  );
}
