// When sync runs: at start, when the device comes back online, when the tab becomes visible, every
// few minutes while open, right after a write, and at the retry time the outbox asks for.
// One round = push the outbox, then pull the public feeds (and the admin's view with a token).
import { ApiError } from '../lib/api.ts';
import { getToken, subscribeAuth } from '../lib/auth.ts';
import { setMeta } from '../db/db.ts';
import { onEnqueue, pushOutbox } from './outbox.ts';
import { pullPublic } from './pull.ts';
import { pullAdmin } from './pull-admin.ts';
import { withSyncLock } from './tab-lock.ts';

export const SYNC_INTERVAL_MS = 3 * 60_000;
export const SYNC_ERROR_KEY = 'syncError';

let running: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

async function round(): Promise<void> {
  await withSyncLock(async () => {
    const { retryAt } = await pushOutbox();
    clearTimeout(retryTimer);
    if (retryAt !== null) retryTimer = setTimeout(requestSync, Math.max(0, retryAt - Date.now()));
    try {
      await pullPublic();
      if (getToken()) await pullAdmin();
      await setMeta(SYNC_ERROR_KEY, null);
    } catch (error) {
      const offline = error instanceof ApiError && error.isNetwork;
      await setMeta(SYNC_ERROR_KEY, offline ? null : error instanceof Error ? error.message : String(error));
    }
  });
}

/** Asks for a sync round; rounds never overlap, and a request during one runs one more after it. */
export function requestSync(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await round();
      } while (again);
    } catch (error) {
      console.warn('sync round failed', error);
    } finally {
      running = null;
    }
  })();
  return running;
}

export function startSync(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') void requestSync();
  };
  const sync = () => void requestSync();
  window.addEventListener('online', sync);
  document.addEventListener('visibilitychange', onVisible);
  const interval = setInterval(sync, SYNC_INTERVAL_MS);
  const stopEnqueue = onEnqueue(sync);
  // A new login resumes operations that waited for one.
  const stopAuth = subscribeAuth(() => {
    if (getToken()) sync();
  });
  sync();
  return () => {
    window.removeEventListener('online', sync);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(interval);
    clearTimeout(retryTimer);
    stopEnqueue();
    stopAuth();
  };
}
