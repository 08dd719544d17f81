// Parts of the screen loaded after it (the toast container and its stylesheet, the footer's device
// status, the status line's "last synced" time) whose files fail to arrive: offline before the
// service worker has saved the app. The screen stays, the part is left out, and it loads when the
// connection returns. (Before, a failed stylesheet of the toasts left a blank page.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { launchBrowser, newPage } from './browser.ts';
import { eventually } from './admin-helpers.ts';
import { readStore } from './reader-helpers.ts';

const ARTICLE = FEATURED_ARTICLES[1];

/** Fails every request for a built file whose name starts with `name`, until the returned undo. */
async function failFile(page: Page, name: string): Promise<{ failed: Promise<unknown>; restore: () => Promise<void> }> {
  const pattern = `**/assets/${name}-*`;
  // The part may be asked for late on a loaded machine (after a first sync): the test's own limit bounds the wait.
  const failed = page.waitForEvent('requestfailed', {
    predicate: (r) => new URL(r.url()).pathname.startsWith(`/assets/${name}-`),
    timeout: 0,
  });
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return { failed, restore: () => page.unroute(pattern) };
}

describe('parts loaded after the screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('keeps the article when the toasts’ stylesheet fails, and shows styled toasts once the file arrives', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    const toastsCss = await failFile(page, 'toasts');
    await page.goto(`/article/${ARTICLE.id}`);
    await toastsCss.failed;
    await toastsCss.restore();
    // The app took over the server's page (the form comes with it) and is still there.
    await page.getByRole('button', { name: 'Post Comment' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Late Parts');
    await page.getByLabel('Comment', { exact: true }).fill(`After the stylesheet failed ${Date.now()}`);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const toast = page.locator('.Toastify__toast');
    await toast.first().waitFor();
    // react-toastify's own stylesheet places its container; unstyled, it would sit in the page flow.
    expect(await page.locator('.Toastify__toast-container').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await page.getByRole('heading', { level: 1, name: ARTICLE.title }).isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the page when the footer’s and the status line’s parts cannot load offline', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    const deviceStatus = await failFile(page, 'DeviceStatus');
    const relativeTime = await failFile(page, 'RelativeTime');
    // A screen without comments: they show their time with the same part.
    await page.goto('/family');
    await deviceStatus.failed;
    // The status line says when the device last synced: wait for a first sync to have ended.
    await eventually(async () => (await readStore<{ key: string }>(page, 'meta')).some((m) => m.key === 'lastSyncedAt'), 'a first sync');
    await context.setOffline(true);
    await page.getByText('Offline: showing what this device has saved').waitFor();
    await relativeTime.failed;

    // Back online, with the files reachable again: both parts load, on the same page.
    await deviceStatus.restore();
    await relativeTime.restore();
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'On this device' }).waitFor();
    expect(await page.getByTestId('route-error').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Family Worship' }).isVisible()).toBe(true);
    await context.close();
  }, 150_000);
});
