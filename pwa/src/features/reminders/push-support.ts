// Whether this browser can receive reminders, and if not, why and what the person can do. Web Push
// needs a service worker, PushManager and notifications; on an iPhone or iPad, Safari offers them
// only to a site added to the Home Screen (`navigator.standalone` is false in the browser tab).
export type PushBlock = 'unsupported' | 'ios-home-screen' | 'denied' | 'insecure';

export const PUSH_BLOCK_TEXT: Record<PushBlock, { why: string; what: string }> = {
  unsupported: {
    why: 'This browser cannot show reminders from a website.',
    what: 'Open this site in a current Chrome, Edge, Firefox or Safari to get reminders.',
  },
  'ios-home-screen': {
    why: 'On iPhone and iPad, reminders work only once the site is on your Home Screen.',
    what: 'Tap Share, then “Add to Home Screen”, open the site from there and choose your reminders again.',
  },
  denied: {
    why: 'Notifications for this site are blocked in your browser.',
    what: 'Allow notifications for this site in the browser’s site settings, then come back here.',
  },
  insecure: {
    why: 'Reminders need a secure (https) connection to this site.',
    what: 'Open the site at its https address.',
  },
};

/** Null when reminders can be turned on here; else the reason they cannot. */
export function pushBlock(): PushBlock | null {
  if (!window.isSecureContext) return 'insecure';
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  // Only iOS Safari has `navigator.standalone`; false means a browser tab, not the Home Screen app.
  if (standalone === false) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return null;
}
