// Installing the app: the browser's own prompt where it offers one (beforeinstallprompt, kept for
// when the reader asks), a how-to on iOS Safari (which has no prompt), and nothing once the app
// runs installed (display-mode standalone). The listener is set at start-up: the event may come
// before any screen is drawn.
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = 'prompt' | 'ios' | 'none';

const STANDALONE_QUERY = '(display-mode: standalone)';
let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function isStandalone(): boolean {
  return (
    window.matchMedia?.(STANDALONE_QUERY).matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Safari on iPhone and iPad (iPadOS also calls itself a Mac with touch); not Chrome or Firefox there. */
function isIosSafari(ua = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

export function listenForInstall(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep the browser's own banner away; the reader asks with our button
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    emit();
  });
  window.matchMedia?.(STANDALONE_QUERY).addEventListener?.('change', emit);
}

function currentOffer(): InstallOffer {
  if (installed || isStandalone()) return 'none';
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios' : 'none';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => 'none');
}

/** Shows the browser's install prompt; answers whether the reader accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null; // a prompt can be shown once
  emit();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  emit();
  return outcome === 'accepted';
}
