// A slim line, never a blocking error: offline, waiting changes, last sync, and why the last round
// failed (the server's reason, or that it cannot be reached while the browser is online), with Retry.
import { optionalPart } from '../../components/ui/optional-part.tsx';
import { RetryButton } from '../../components/ui/RetryButton.tsx';
import { useSyncStatus, useOnline } from '../../sync/status.ts';
import { ClockIcon, WifiOffIcon, AlertIcon } from '../../components/ui/icons.tsx';
import { STORAGE_FULL_MESSAGE, useStorageFull } from '../../lib/storage.ts';
import styles from './StatusLine.module.css';

// The line is part of the first screen's bundle; the relative time (and moment) loads when shown.
const RelativeTime = optionalPart(async () => (await import('../../components/ui/RelativeTime.tsx')).RelativeTime);
// The engine is not part of that bundle either (sync/status.ts): Retry loads it when pressed.
const retrySync = async () => (await import('../../sync/engine.ts')).requestSync();

export function StatusLine() {
  const online = useOnline();
  const { lastSyncedAt, waiting, failed, error } = useSyncStatus();
  const storageFull = useStorageFull();
  if (online && !waiting && !failed && !error && !storageFull) return null;
  return (
    <div className={styles.line} role="status" aria-live="polite" data-testid="status-line">
      {!online ? (
        <span className={styles.item}>
          <WifiOffIcon /> Offline: showing what this device has saved
          {lastSyncedAt ? (
            <>
              {' (last synced '}
              <RelativeTime at={lastSyncedAt} />
              {')'}
            </>
          ) : null}
          .
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
      {storageFull ? (
        <span className={`${styles.item} ${styles.problem}`} data-testid="storage-full">
          <AlertIcon /> {STORAGE_FULL_MESSAGE}
        </span>
      ) : null}
      {online && error && !storageFull ? (
        <span className={`${styles.item} ${styles.problem}`}>
          <AlertIcon /> Could not sync: {error} <RetryButton retry={retrySync} className={styles.retry} />
        </span>
      ) : null}
    </div>
  );
}
