// Entry: styles, the sync engine, the router, toasts and the service-worker update prompt.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './styles/global.css';
import { router } from './app/router.tsx';
import { Toasts } from './components/ui/toast.tsx';
import { UpdatePrompt } from './components/ui/UpdatePrompt.tsx';
import { startSync } from './sync/engine.ts';

// Ask the browser to keep this device's articles and queued changes through storage pressure.
void navigator.storage?.persist?.().catch(() => false);
startSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toasts />
    <UpdatePrompt />
  </StrictMode>,
);
