// Reminders in a real chromium against the real server: the person turns them on through the
// Reminders screen (the browser asks nothing before that: the permission is granted to the
// context, as a person's "Allow" would), a push delivered to the service worker through the
// DevTools protocol shows its notification, and a click on it opens the page it names, offline
// too. Chromium has no DevTools command that clicks a notification, so the click is a
// `notificationclick` event dispatched in the worker (Playwright's worker evaluate) with the
// notification the worker showed: the worker's own listener then runs as for a real click.
// The browser's push service (Google's, for chromium) is outside this machine, so
// PushManager.subscribe is answered by a stand-in that makes what a push service gives: an
// https endpoint on its host and a fresh P-256 key and auth secret (standInPushService).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { REMINDER_PAGES, REMINDER_TEXTS, type ReminderKind } from '@fw/contracts/reminder-texts';
import { eventually } from './admin-helpers.ts';
import { baseURL, launchBrowser, newPage, waitForAppDrawn, waitForServiceWorker } from './browser.ts';

/** PushManager as a push service would answer it, without the network (see the top comment). */
function standInPushService() {
  const b64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  let current: PushSubscription | null = null;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${b64url(crypto.getRandomValues(new Uint8Array(12)))}`;
    const subscription = {
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    current = subscription as unknown as PushSubscription;
    return current;
  };
}

/** The notifications the page's service worker shows: title, body, tag and the page they open. */
function shown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
  });
}

/** The id DevTools knows the site's service worker registration by. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const ids = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) if (!r.isDeleted && r.scopeURL.startsWith(baseURL())) ids.add(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  return eventually(async () => [...ids][0], 'the service worker registration');
}

/** Sends `kind`'s reminder as the server does, straight to the worker's `push` listener. */
async function deliver(cdp: CDPSession, id: string, kind: ReminderKind) {
  const data = JSON.stringify({ kind, ...REMINDER_TEXTS[kind], url: REMINDER_PAGES[kind] });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL()).origin, registrationId: id, data });
}

/** Redelivered this long after a push that showed nothing yet (a push service sends again too). */
const REDELIVER_AFTER_MS = 5_000;

/**
 * Delivers `kind`'s reminder and waits for its notification. A push handed to a worker that the
 * browser was starting or stopping under load was seen to show nothing in 20 s: it is delivered
 * again while nothing shows (one notification per tag, so a second delivery replaces the first).
 */
async function deliverUntilShown(cdp: CDPSession, id: string, kind: ReminderKind, page: Page, what: string) {
  await deliver(cdp, id, kind);
  let sentAt = Date.now();
  return eventually(async () => {
    const found = (await shown(page)).find((n) => n.tag === `reminder-${kind}`);
    if (!found && Date.now() - sentAt > REDELIVER_AFTER_MS) {
      await deliver(cdp, id, kind);
      sentAt = Date.now();
    }
    return found;
  }, what, 40_000);
}

/** A click on the worker's notification tagged `tag`: its `notificationclick` listener runs. */
async function click(context: BrowserContext, tag: string) {
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async (wanted) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification ${wanted}`);
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  }, tag);
}

describe('reminders', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns on through the screen; a push shows its notification and a click opens its page, offline too', async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.grantPermissions(['notifications']);
      await context.addInitScript(standInPushService);
      await page.goto('/');
      await waitForServiceWorker(page);
      await page.goto('/reminders');
      await waitForAppDrawn(page, 'form button[type="submit"]');
      expect(await page.evaluate(() => Notification.permission)).toBe('granted');
      await page.locator('input[type="time"]').fill('06:30');
      await page.getByLabel(/This week’s Family Worship lesson is up/).check();

      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/reminders/subscriptions/')),
        page.getByRole('button', { name: 'Turn on reminders' }).click(),
      ]);
      expect(saved.status()).toBe(200);
      const sent = saved.request().postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string }; zone: string };
      expect(sent).toMatchObject({ time: '06:30', daily: true, weekly: true, zone: expect.any(String) });
      expect(sent.keys.p256dh).toMatch(/^[\w-]{87}$/);
      expect((await saved.json()).reminder).toMatchObject({ time: '06:30', daily: true, weekly: true });
      await page.getByTestId('reminders-status').getByText('Reminders are on.').waitFor();

      const cdp = await context.newCDPSession(page);
      const id = await registrationId(cdp);
      const daily = await deliverUntilShown(cdp, id, 'daily', page, 'the daily notification');
      expect(daily).toEqual({ ...REMINDER_TEXTS.daily, tag: 'reminder-daily', url: REMINDER_PAGES.daily });
      await Promise.all([page.waitForURL((url) => url.pathname === REMINDER_PAGES.daily), click(context, 'reminder-daily')]);

      // Offline: the lesson notice still shows, and its click opens the lesson page from the precache.
      await context.setOffline(true);
      const weekly = await deliverUntilShown(cdp, id, 'weekly', page, 'the lesson notification');
      expect(weekly).toEqual({ ...REMINDER_TEXTS.weekly, tag: 'reminder-weekly', url: REMINDER_PAGES.weekly });
      await Promise.all([page.waitForURL((url) => url.pathname === REMINDER_PAGES.weekly), click(context, 'reminder-weekly')]);
      await page.getByRole('heading', { level: 1, name: 'Family Worship' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('says why and what to do where push cannot work (an iPhone tab not on the Home Screen)', async () => {
    const { context, page } = await newPage(browser);
    try {
      // Safari on iOS in a browser tab: `navigator.standalone` is false.
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false }));
      await page.goto('/reminders');
      await waitForAppDrawn(page, '[data-testid="reminders-blocked"]');
      await expect(page.getByTestId('reminders-blocked').textContent()).resolves.toContain('Add to Home Screen');
      expect(await page.locator('form button[type="submit"]').count()).toBe(0);
      // Nothing asked the browser for permission.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
    } finally {
      await context.close();
    }
  });
});
