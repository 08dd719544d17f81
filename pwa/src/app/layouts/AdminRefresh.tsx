// Above each admin list (Dashboard, All Articles, Comments, Users): when the admin's view was last
// pulled, and a Refresh action. Opening one of these screens pulls at once while online, so a
// comment or a registration that arrived since shows without a reload. While a new device's first
// walk of the admin's view has stopped short, the device holds part of it: the line says so, not
// "Last synced", and the lists say why under them (sync/admin-status.ts useWalkPause).
import { useEffect, useState } from 'react';
import { useDeviceQuery } from '../../db/live.ts';
import { ADMIN_SYNCED_AT } from '../../db/meta-keys.ts';
import { useOnline } from '../../sync/status.ts';
import { requestSync } from '../../sync/engine.ts';
import { useAdminPullProgress } from '../../sync/admin-progress.ts';
import { useWalkCounts } from '../../sync/admin-status.ts';
import { relativeTime } from '../../components/ui/RelativeTime.tsx';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import styles from './AdminLayout.module.css';

/** How often the "last synced" words are brought up to date while the screen is open. */
const CLOCK_TICK_MS = 30_000;

export function AdminRefresh() {
  const online = useOnline();
  const syncedAt = useDeviceQuery(async ({ db }) => (await db.meta.get(ADMIN_SYNCED_AT))?.value as number | undefined);
  // Opening the screen pulls at once when online: busy from the first render.
  const [busy, setBusy] = useState(online);
  const [now, setNow] = useState(() => Date.now());
  // A long walk (a new device at a large site) says how far it has come; its lists fill meanwhile.
  const progress = useAdminPullProgress();
  // The server's counts are kept only until the first walk has reached its end (pull-admin.ts).
  const partial = Boolean(useWalkCounts());

  function settle() {
    setBusy(false);
    setNow(Date.now());
  }
  function refresh() {
    setBusy(true);
    requestSync().finally(settle);
  }

  useEffect(() => {
    // Once per opening of the screen (the layout keys this component by screen).
    if (navigator.onLine) requestSync().finally(settle);
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className={styles.refresh} data-testid="admin-refresh">
      <span aria-live="polite">
        {busy || progress
          ? 'Refreshing…'
          : partial
            ? 'Not fully synced yet'
            : syncedAt
              ? `Last synced ${relativeTime(syncedAt, Math.max(now, syncedAt))}`
              : 'Not synced yet'}
      </span>
      {/* Apart from the live words: a count that changes every page would be read out each time. */}
      {progress ? (
        <span data-testid="admin-pull-progress">
          {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')} changes on this device
        </span>
      ) : null}
      <button type="button" className={buttonStyles.small} onClick={refresh} disabled={busy || !online}>
        Refresh
      </button>
    </div>
  );
}
