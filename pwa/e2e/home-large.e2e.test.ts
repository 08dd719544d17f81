// The home page of a large library (pwa/src/features/articles/WindowedCards.tsx): a server of its
// own over a tier of a few hundred articles. The page draws only the cards near the screen, yet
// scrolls to the end and its footer like the whole list, tabs from card to card past what was drawn
// first, and Back from an article lands on the card that was opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, waitOrTell } from './browser.ts';
import { startTierServer, type TierServer } from './tier-server.ts';

const SIZES = { articles: 300, comments: 300, users: 5, lessons: 2 };
/** Cards a window of 1280 × 800 may draw: its rows, and a screen of them either side. */
const DRAWN_AT_MOST = 60;

const cards = (page: Page) => page.getByTestId('article-card');
/** The card at `position` (1 is the newest) of the whole list, drawn or not. */
const cardAt = (page: Page, position: number) => page.locator(`li[aria-posinset="${position}"]`);
const drawnCount = (page: Page) => cards(page).count();

describe('the home page of a large library', () => {
  let server: TierServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let published: number;

  beforeAll(async () => {
    server = await startTierServer('home', SIZES, 5);
    published = server.tier.published.length;
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 1280, height: 800 } }));
    await page.goto('/');
    // The device's own list, every published article: each drawn card counts them all.
    await waitOrTell(page, page.locator(`li[aria-setsize="${published}"]`).first(), `a card of a list of ${published}`, 120_000);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('draws the cards near the screen only, and reaches the last card and the footer', async () => {
    expect(published).toBeGreaterThan(2 * DRAWN_AT_MOST);
    await cardAt(page, 1).waitFor();
    expect(await drawnCount(page)).toBeLessThanOrEqual(DRAWN_AT_MOST);

    await page.keyboard.press('End');
    await cardAt(page, published).waitFor();
    // The page ends where the whole list would: the footer comes on screen.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    expect(await drawnCount(page)).toBeLessThanOrEqual(DRAWN_AT_MOST);
    await expect(cardAt(page, 1).count()).resolves.toBe(0);
  });

  it('tabs from card to card past the ones drawn first', async () => {
    await page.keyboard.press('Home');
    await cardAt(page, 1).waitFor();
    const firstDrawn = await drawnCount(page);
    await cardAt(page, 1).getByTestId('article-card').focus();
    // Each card is two stops: its link, then its save button.
    const reached: number[] = [];
    for (let stop = 0; stop < 2 * (firstDrawn + 10); stop++) {
      await page.keyboard.press('Tab');
      if (stop % 2 === 1) reached.push(Number(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset'))));
    }
    expect(reached).toEqual(Array.from({ length: firstDrawn + 10 }, (_, n) => n + 2));
  });

  it('lands on the card opened when Back returns from its article', async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    // A card wholly on screen, below the top: the one to open.
    const middle = Math.round(published / 2);
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('li[aria-posinset]')].some((li) => li.getBoundingClientRect().top > 100)))
      .toBe(true);
    const picked = await page.evaluate(() => {
      const li = [...document.querySelectorAll('li[aria-posinset]')].find((card) => card.getBoundingClientRect().top > 100)!;
      return { position: Number(li.getAttribute('aria-posinset')), top: li.getBoundingClientRect().top };
    });
    expect(Math.abs(picked.position - middle)).toBeLessThan(published / 4);
    const title = (await cardAt(page, picked.position).locator('h3').textContent())!;
    await cardAt(page, picked.position).getByTestId('article-card').click();
    await waitOrTell(page, page.getByRole('heading', { name: title, level: 1 }), 'the article opened');

    // On a slow phone (the CPU 6x slower), where the rows' measuring and "Continue reading" (for an
    // article not read to its end) are drawn after the place was put back: the card is held where
    // it was all the same.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      await page.goBack();
      await waitOrTell(page, cardAt(page, picked.position), 'the card opened, drawn again');
      await expect.poll(async () => Math.abs((await cardAt(page, picked.position).boundingBox())!.y - picked.top)).toBeLessThan(8);
      await expect(cardAt(page, picked.position).locator('h3').textContent()).resolves.toBe(title);

      // The reader's own scroll meanwhile (a scroll bar dragged, which no key, wheel or touch
      // announces) is not undone: the rows drawn at its place leave it there.
      const lastDrawn = () => page.evaluate(() => Math.max(...[...document.querySelectorAll('li[aria-posinset]')].map((li) => Number(li.getAttribute('aria-posinset')))));
      const [from, drawnBefore] = [await page.evaluate(() => window.scrollY), await lastDrawn()];
      await page.evaluate(() => window.scrollBy({ top: 1600, behavior: 'instant' }));
      await expect.poll(lastDrawn).toBeGreaterThan(drawnBefore);
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(from + 1600);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  });
});
