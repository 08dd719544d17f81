// Entry: styles, the router, toasts, the service-worker update prompt and the sync engine.
// The first render waits for the first route's module (so a page the server already drew is
// replaced by the same page, not a spinner); the sync starts after it, in the background.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './styles/global.css';
import { router, routerReady } from './app/router.tsx';
import { UpdatePrompt } from './components/ui/UpdatePrompt.tsx';
// The toast container loads react-toastify and its styles on first render, after the first screen.
import { Toasts } from './components/ui/toast.tsx';
import { applyTheme, followThemeAcrossTabs } from './lib/page-theme.ts';
import { requestPersistentStorage } from './lib/storage.ts';
import { listenForInstall } from './features/offline/install.ts';
import { loadDeviceDb } from './db/live.ts';

// The reader's theme before anything is drawn; the install prompt may arrive before any screen.
applyTheme();
followThemeAcrossTabs();
listenForInstall();

// The device database is not part of this entry (the first screen does not wait for it): its
// download starts now, beside the first route's.
void loadDeviceDb();

// Ask the browser to keep this device's articles and queued changes through storage pressure.
void requestPersistentStorage();

void routerReady().then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task (the page the server drew stays on screen
  // until the app's own copy is ready to replace it in one commit).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
        <Toasts />
        <UpdatePrompt />
      </StrictMode>,
    ),
  );
  // The library sync never competes with what the visitor asked for: it starts once the first
  // screen is up.
  setTimeout(() => void import('./sync/engine.ts').then(({ startSync }) => startSync()), 0);
});
