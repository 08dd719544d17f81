// Entry: styles, the sync engine, the router, toasts and the service-worker update prompt.
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './styles/global.css';
import { router } from './app/router.tsx';
import { UpdatePrompt } from './components/ui/UpdatePrompt.tsx';
import { startSync } from './sync/engine.ts';

// The toast container (react-toastify and its styles) is not needed to show the first screen: it
// loads right after, and a toast raised before it is mounted waits in react-toastify's queue.
const Toasts = lazy(async () => ({ default: (await import('./components/ui/toast.tsx')).Toasts }));

// Ask the browser to keep this device's articles and queued changes through storage pressure.
void navigator.storage?.persist?.().catch(() => false);
startSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
    <UpdatePrompt />
  </StrictMode>,
);
