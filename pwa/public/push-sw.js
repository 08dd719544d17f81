// Reminders in the service worker the build makes (vite.config.ts, workbox importScripts): a push
// from the server (backend/src/modules/reminders/) shows its notification, and a click on it opens
// the page it names. Pages come from the precache, so a click opens them offline too. Plain
// JavaScript: the generated worker loads it as it is.
/* global self, URL */

/** A path of this site: a message naming another origin (or nothing usable) opens the home page. */
function pagePath(url) {
  try {
    const target = new URL(String(url), self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: still a reminder; show it with the site's name.
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Living Best Now';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // One notification per kind: yesterday's reading reminder is replaced, not stacked.
      tag: typeof message.kind === 'string' ? `reminder-${message.kind}` : 'reminder',
      icon: '/icons/icon-192.png',
      data: { url: pagePath(message.url) },
    }),
  );
});

/** Shows `path` in a window of the site: one already there, else one the worker controls, else a new one. */
async function openPage(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  const same = windows.find((w) => w.url === url);
  if (same) return same.focus();
  const other = windows.find((w) => 'navigate' in w);
  if (other) {
    const moved = (await other.navigate(url)) ?? other;
    // Focusing needs the click's user activation; a window that moved is shown anyway when it has it.
    return moved.focus().catch(() => moved);
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pagePath(event.notification.data?.url)));
});
