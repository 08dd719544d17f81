// The status line on a 375 px phone while offline: "Offline: showing what this device has saved
// (last synced a few seconds ago)." is one sentence that wraps as text on every screen, and the
// screen stays free of axe violations in both themes. (Before, its parts stood side by side as
// three narrow columns.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { launchBrowser, newPage } from './browser.ts';
import { eventually } from './admin-helpers.ts';
import { readStore, waitForServiceWorker } from './reader-helpers.ts';
import { axeViolations } from './ui-checks.ts';

const PHONE = { width: 375, height: 740 };

/** How the offline sentence is laid out: its time's display, its height in lines, its width. */
async function offlineSentence(page: Page) {
  const sentence = page.getByTestId('status-line').getByText('Offline: showing what this device has saved');
  await sentence.locator('time').waitFor();
  return sentence.evaluate((item) => {
    const lineHeight = parseFloat(getComputedStyle(item).lineHeight);
    const time = item.querySelector('time')!;
    const box = item.getBoundingClientRect();
    return {
      text: item.textContent ?? '',
      timeDisplay: getComputedStyle(time).display,
      lines: box.height / lineHeight,
      width: box.width,
    };
  });
}

describe('the offline status line on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is one sentence that wraps as text on every screen, axe clean in light and dark', async () => {
    const screens: [string, string][] = [
      ['/', 'Living Best Now'],
      [`/article/${FEATURED_ARTICLES[0].id}`, FEATURED_ARTICLES[0].title],
      ['/family', 'Family Worship'],
    ];
    const { page, context } = await newPage(browser, { viewport: PHONE, bypassCSP: true });
    // The time's code loads when the line first shows it: offline, only a page the service
    // worker controls has it.
    await page.goto('/');
    await waitForServiceWorker(page);
    const found: string[] = [];
    // Each scheme from a fresh load: switched on a drawn page, colours pass through their
    // transitions while axe measures them.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [path, heading] of screens) {
        await context.setOffline(false);
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        // The line says when the device last synced: a first sync must have ended.
        await eventually(async () => (await readStore<{ key: string }>(page, 'meta')).some((m) => m.key === 'lastSyncedAt'), 'a first sync');
        await context.setOffline(true);
        const layout = await offlineSentence(page);
        expect(layout.text).toMatch(/^\s*Offline: showing what this device has saved \(last synced .+\)\.$/);
        // The time flows inside the sentence (a flex row would make it a box of its own) ...
        expect(layout.timeDisplay, path).toBe('inline');
        // ... and the sentence takes the line's width and wraps in a few lines, not a tall column.
        expect(layout.lines, path).toBeLessThanOrEqual(3);
        expect(layout.width, path).toBeGreaterThan(PHONE.width / 2);
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
        for (const v of await axeViolations(page)) found.push(`${scheme} ${path}: ${v.id} ${v.nodes.join(', ')}`);
      }
      await page.screenshot({ path: `/tmp/shots/status-line-375-offline-${scheme}.png` });
    }
    expect(found).toEqual([]);
    await context.close();
  }, 150_000);
});
