// The admin screens behind a login are not in the service worker's precache (a visitor never
// opens them; vite-plugins/admin-screens.ts finds their files). Once someone has logged in on
// this device they are fetched here, through the service worker, whose `admin-screens` rule
// keeps every one (vite.config.ts), so the admin area opens offline from then on, as before.
import { getToken, subscribeAuth } from './auth.ts';

/** Written by the build beside index.html: the admin screens' files (ADMIN_FILES_LIST). */
const ADMIN_FILES_URL = '/admin-files.json';

let kept: Promise<void> | null = null;

/** Fetches the admin screens' files through the service worker once (again after a failure). */
export function keepAdminScreens(): Promise<void> {
  kept ??= (async () => {
    const workers = navigator.serviceWorker;
    if (!workers) return;
    // Only a controlling worker keeps what is fetched: on a first visit, wait until it controls.
    if (!workers.controller)
      await new Promise((resolve) => workers.addEventListener('controllerchange', resolve, { once: true }));
    const response = await fetch(ADMIN_FILES_URL, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${ADMIN_FILES_URL}: HTTP ${response.status}`);
    const files = (await response.json()) as string[];
    await Promise.all(
      files.map(async (file) => {
        const reply = await fetch(`/${file}`);
        if (!reply.ok) throw new Error(`/${file}: HTTP ${reply.status}`);
        await reply.arrayBuffer();
      }),
    );
  })().catch((error: unknown) => {
    kept = null;
    console.warn('[admin screens] not kept for offline use yet', error);
  });
  return kept;
}

/** Keeps the admin screens now if someone is logged in, else at the next login. */
export function keepAdminScreensWhenLoggedIn(): () => void {
  if (getToken()) void keepAdminScreens();
  return subscribeAuth(() => {
    if (getToken()) void keepAdminScreens();
  });
}
