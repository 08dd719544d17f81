// When sync runs: at start, when the device comes back online, when the tab becomes visible, every
// few minutes while open, right after a write, and at the retry time the outbox asks for.
// A round pushes the outbox, then pulls the public feeds, the admin's view with a token (first, on
// a device that has not walked it yet) and the study sync space the device is linked to
// (study-space/pull.ts).
// A write does not wait for a pull in progress: pushes run on their own (one tab at a time).
import { ApiError, TIMED_OUT_MESSAGE } from '../lib/api.ts';
import { getToken, subscribeAuth } from '../lib/auth.ts';
import { setMeta } from '../db/db.ts';
import { isQuotaError, setStorageFull } from '../lib/storage.ts';
import { onEnqueue, pushOutbox } from './outbox.ts';
import { pullPublic } from './pull.ts';
import { adminViewWalked, pullAdmin } from './pull-admin.ts';
import { pullStudy } from './study-space/pull.ts';
import { onStudyQueued } from './study-space/local-changes.ts';
import { PULL_LOCK_NAME, PUSH_LOCK_NAME, withTabLock } from './tab-lock.ts';
import { SYNC_ERROR_KEY } from '../db/meta-keys.ts';

const SYNC_INTERVAL_MS = 3 * 60_000;

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** The Bible books the device's articles and lessons cite are fetched after a pull settles
 * (src/bible/books.ts); at most this often, since it reads every article's citations. */
const CITED_BOOKS_EVERY_MS = 30 * 60_000;
let citedBooksAt = 0;

function keepCitedBooksSoon(): void {
  if (Date.now() - citedBooksAt < CITED_BOOKS_EVERY_MS) return;
  citedBooksAt = Date.now();
  // In a worker (bible/bible-keeper.ts): parsing and storing books would otherwise hold the page up.
  void import('../bible/bible-keeper.ts')
    .then(({ keepInBackground }) => keepInBackground('cited'))
    .catch((error: unknown) => console.warn('keeping Bible books failed', error));
}

/** The pictures of the device's articles go into the service worker's cache after each pull that
 * settles (sync/images/): the worker reads the bodies once, then only what each sync changed. */
function keepArticleImagesSoon(): void {
  void import('./images/image-keeper.ts')
    .then(({ keepArticleImages }) => keepArticleImages())
    .catch((error: unknown) => console.warn('keeping article images failed', error));
}

/** Runs `step` now, or once more after the run in progress; runs never overlap. */
function singleFlight(step: () => Promise<boolean>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // A step answers true when it wants to run again (more may have arrived meanwhile).
          if (await step()) again = true;
        } while (again);
      } catch (error) {
        console.warn('sync failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/** Sends what the outbox holds; schedules the retry it asks for. */
const requestPush = singleFlight(async () => {
  const result = await withTabLock(PUSH_LOCK_NAME, pushOutbox, { wait: true });
  if (!result) return false;
  clearTimeout(retryTimer);
  if (result.retryAt !== null) retryTimer = setTimeout(requestSync, Math.max(0, result.retryAt - Date.now()));
  return result.sent > 0;
});

/**
 * What a round that got no answer records while the browser says it is online: the server is down,
 * or a captive portal or the name lookup stands between (status.ts shows it, with Retry).
 */
export const SERVER_UNREACHABLE_MESSAGE = 'The server cannot be reached right now.';

/**
 * What a failed round records for the person to read (SYNC_ERROR_KEY). Null when it got no answer
 * because the device is offline, or was at the round's start (the browser's 'online' event then
 * starts another round): offline is not an error, the status line says offline instead.
 */
function roundProblem(error: unknown, onlineAtStart: boolean): string | null {
  if (!(error instanceof ApiError && error.isNetwork)) return error instanceof Error ? error.message : String(error);
  if (!onlineAtStart || !navigator.onLine) return null;
  return error.message === TIMED_OUT_MESSAGE ? error.message : SERVER_UNREACHABLE_MESSAGE;
}

/** Pulls the public feeds and, with a token, the admin's view; answers false if a pull raced a write. */
async function pullRound(): Promise<boolean> {
  const onlineAtStart = navigator.onLine;
  try {
    // An admin device that has not walked the admin view yet pulls it first, and a sign-in during
    // the public pull (an admin on a new device, at the login screen when the round began) makes
    // that pull give way between pages (it goes on from its cursors after): at a large site both
    // are long walks, and the admin's lists stayed empty until the whole public library had come.
    let current = true;
    if (getToken() && !(await adminViewWalked())) current = await pullAdmin();
    const signedInAtStart = getToken() !== null;
    const complete = await pullPublic(() => !signedInAtStart && getToken() !== null);
    if (getToken()) current = (await pullAdmin()) && current;
    if (!complete) await pullPublic();
    await pullStudy();
    setStorageFull(false);
    await setMeta(SYNC_ERROR_KEY, null);
    return current;
  } catch (error) {
    // A full store is shown from memory (writing it down would fail too); reading online and the
    // outbox carry on, and the next round tries again.
    if (isQuotaError(error)) {
      setStorageFull(true);
      return true;
    }
    await setMeta(SYNC_ERROR_KEY, roundProblem(error, onlineAtStart));
    return true;
  }
}

const requestPull = singleFlight(async () => {
  // Another tab pulling brings this tab the same data through the shared database.
  const fresh = await withTabLock(PULL_LOCK_NAME, pullRound, { wait: false });
  if (fresh === true && navigator.onLine) {
    keepCitedBooksSoon();
    keepArticleImagesSoon();
  }
  // A pull that raced a confirmed write applied nothing; pull again.
  return fresh === false;
});

/** A whole round: push, then pull (so the server's view replaces the optimistic one). */
export async function requestSync(): Promise<void> {
  await requestPush();
  await requestPull();
}

export function startSync(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') void requestSync();
  };
  const sync = () => void requestSync();
  window.addEventListener('online', sync);
  document.addEventListener('visibilitychange', onVisible);
  const interval = setInterval(sync, SYNC_INTERVAL_MS);
  const stopEnqueue = onEnqueue(sync); // the push starts at once, even while a pull runs
  const stopStudy = onStudyQueued(sync);
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
    stopStudy();
    stopAuth();
  };
}
