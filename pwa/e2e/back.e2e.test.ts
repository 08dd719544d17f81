// Back and Forward return a reader to what they left, on a 375 px phone, on the screens whose own
// browser tests do not already go Back (those are reading-plans, chapter-reader, reader, worship,
// daily and home-large): a search's results shown with "Show more results", My notes searched and
// shown with "Show more", Saved, and an article read down into its comments. Each is left by a link
// from far down the page. All but the search are checked in every frame of the Back (browser.ts
// backLandsAt): the screen as it was, at the place left. A search's results come again from the
// search worker a few frames after the page, so the result followed is checked where it stood
// once they are drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { feedArticle } from '../../bench/lib/text-gen.mjs';
import { backLandsAt, launchBrowser, newPage, saveFirstCards, waitForCardCount } from './browser.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
/** A seeded article (backend/seed-data/articles.json), with approved comments (comments.json). */
const GODS_NAME = { _id: '64f000000000000000000001', title: "God's Name" };

/** Search results the home page shows at first and adds per "Show more results" (use-home-search.ts). */
const RESULTS_AT_ONCE = 30;

/**
 * Puts `records` into the device database's store `store`, as a sync, a linked device or a restored
 * backup would have, once the app has made the database; then reloads, so the page reads them.
 */
async function putRecords(page: Page, store: string, records: Record<string, unknown>[]): Promise<void> {
  // Asked with evaluate: waitForFunction takes a promise for true.
  // Only a database the app has made is opened: an open without a version would make an empty one.
  const made = () =>
    page.evaluate(
      async (name) =>
        (await indexedDB.databases()).some((d) => d.name === 'family-bible-articles') &&
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('family-bible-articles');
          open.onsuccess = () => {
            resolve(open.result.objectStoreNames.contains(name));
            open.result.close();
          };
          open.onerror = () => resolve(false);
        }),
      store,
    );
  // The app makes it once its first screen has started, later on a loaded machine.
  await expect.poll(made, { timeout: 30_000 }).toBe(true);
  await page.evaluate(
    ([name, list]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('family-bible-articles');
        open.onsuccess = () => {
          const tx = open.result.transaction(name, 'readwrite');
          for (const record of list) tx.objectStore(name).put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [store, records] as const,
  );
  await page.reload();
}

/** A made-up id for the `n`th record a test puts on the device, of `kind` (one hex digit). */
const madeId = (kind: number, n: number) => `${kind.toString(16)}${n.toString(16).padStart(23, '0')}`;

/**
 * Scrolls `selector`'s element to 60 px below the window's top; answers the window's place once it
 * has held still for five frames. Items drawn as they come into view (content-visibility: auto)
 * take their real height then, and the browser keeps what is in view in place by moving the
 * window (scroll anchoring): the place left is where the window settles, not where it was sent.
 */
async function scrollNear(page: Page, selector: string, index: number): Promise<number> {
  await page.evaluate(
    ([css, n]) => {
      const element = document.querySelectorAll(css)[n]!;
      window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 60, behavior: 'instant' });
    },
    [selector, index] as const,
  );
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 5) resolve(last);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

describe('Back returns to what was left', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a search with "Show more results" pressed: Back, Forward and a reload keep the results shown, at the place left; a new search starts at one screenful', async () => {
    const { page, context } = await newPage(browser, PHONE);
    // A library of 90 articles that every one of them matches "the".
    const articles = Array.from({ length: 90 }, (_, n) => feedArticle(n, 11) as Article);
    await page.route('**/api/sync/articles?*', (route) =>
      route.fulfill({ json: { success: true, articles, removed: [], cursor: '1', hasMore: false } }),
    );
    await page.goto('/');
    await waitForCardCount(page, articles.length);
    await page.getByPlaceholder('Search articles...').fill('the');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(`${articles.length} articles match “the”.`).waitFor();
    await page.getByRole('button', { name: /^Show more results/ }).click();
    const card = '[data-testid="article-card"]';
    await waitForCardCount(page, 2 * RESULTS_AT_ONCE);
    // A result of the second screenful, near the window's top.
    const picked = 2 * RESULTS_AT_ONCE - 12;
    const left = await scrollNear(page, card, picked);
    expect(left).toBeGreaterThan(5000);
    const top = await page.locator(card).nth(picked).evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const title = (await page.locator(card).nth(picked).locator('h3').textContent())!;
    const follow = async () => {
      await page.locator(card).nth(picked).dispatchEvent('click');
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    };
    /**
     * Back: once the results are drawn again (the search is asked of the worker anew, a few frames
     * after the page), the result followed is among them, where it stood, and stays there.
     */
    const backToIt = async () => {
      await page.goBack();
      // Where the result stands from the window's top; null while it is not drawn.
      const shownAt = () =>
        page.evaluate(
          ([css, n]) => {
            const element = document.querySelectorAll(css)[n];
            return element ? Math.round(element.getBoundingClientRect().top) : null;
          },
          [card, picked] as const,
        );
      await expect.poll(shownAt, { timeout: 10_000 }).toBe(top);
      await expect(page.locator(card).count()).resolves.toBe(2 * RESULTS_AT_ONCE);
      await expect(page.locator(card).nth(picked).locator('h3').textContent()).resolves.toBe(title);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await expect(shownAt()).resolves.toBe(top);
    };
    await follow();
    await backToIt();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await backToIt();
    // A reload is the same entry: the two screenfuls again.
    await page.reload();
    await waitForCardCount(page, 2 * RESULTS_AT_ONCE);

    // Another search is an entry of its own: one screenful.
    await page.getByPlaceholder('Search articles...').fill('of');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(/articles? match “of”\./).waitFor();
    await waitForCardCount(page, RESULTS_AT_ONCE);
    await context.close();
  });

  it('My notes searched, then shown with "Show more": Back, Forward and a reload keep the search, the items shown and the place; a new visit starts afresh', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/notes');
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    // 150 notes on one article, every other one saying "odd", written more than 30 days ago and
    // never backed up: the backup reminder stands above them (BackupReminder.tsx).
    const at = Date.now();
    const written = at - 40 * 24 * 3600_000;
    await putRecords(
      page,
      'notes',
      Array.from({ length: 150 }, (_, n) => ({
        _id: madeId(0xa, n),
        articleId: GODS_NAME._id,
        articleTitle: GODS_NAME.title,
        text: `Note ${n + 1}, ${n % 2 ? 'odd' : 'even'}: ask the children what the name means to them.`,
        createdAt: written - n * 1000,
        updatedAt: at - n * 1000,
      })),
    );
    const items = page.getByTestId('notes-item');
    const box = page.getByRole('searchbox', { name: 'Search my notes' });
    await items.first().waitFor();
    await expect.poll(() => items.count()).toBe(100);
    await page.getByTestId('backup-reminder').waitFor();
    /** Follows the `index`th item's link (pressed where it is) to the article. */
    const follow = async (index: number) => {
      await items.nth(index).getByRole('link').dispatchEvent('click');
      await page.getByRole('heading', { level: 1, name: GODS_NAME.title }).waitFor();
    };

    // Searched: far down the 75 notes that say "odd".
    await box.fill('odd');
    await expect.poll(() => items.count()).toBe(75);
    const left = await scrollNear(page, '[data-testid="notes-item"]', 60);
    expect(left).toBeGreaterThan(5000);
    await follow(60);
    await backLandsAt(page, 'My notes', '', left);
    await expect(box.inputValue()).resolves.toBe('odd');
    await expect(items.count()).resolves.toBe(75);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: GODS_NAME.title }).waitFor();
    await backLandsAt(page, 'My notes', '', left);
    await expect(box.inputValue()).resolves.toBe('odd');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    await expect.poll(() => items.count()).toBe(75);
    await expect(box.inputValue()).resolves.toBe('odd');

    // Every note, with "Show more" pressed: far down the 150.
    await box.fill('');
    await page.getByRole('button', { name: /^Show more/ }).click();
    await expect.poll(() => items.count()).toBe(150);
    const further = await scrollNear(page, '[data-testid="notes-item"]', 130);
    expect(further).toBeGreaterThan(left);
    await follow(130);
    await backLandsAt(page, 'My notes', '', further);
    await expect(items.count()).resolves.toBe(150);

    // My notes opened again by a link is a new visit: no search, the first 100, at the top.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'My notes' }).click();
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    await expect.poll(() => items.count()).toBe(100);
    await expect(box.inputValue()).resolves.toBe('');
    await context.close();
  });

  it('Saved: Back and Forward land where the list was left', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/');
    // Eight articles saved from the home page's cards (the library holds more when other test files
    // ran first, in the same server).
    await saveFirstCards(page, 8);
    await page.getByRole('banner').getByRole('link', { name: 'Saved' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved articles' }).waitFor();
    const card = '[data-testid="article-card"]';
    await waitForCardCount(page, 8);
    const left = await scrollNear(page, card, 6);
    expect(left).toBeGreaterThan(1000);
    const title = (await page.locator(card).nth(6).locator('h3').textContent())!;
    await page.locator(card).nth(6).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await backLandsAt(page, 'Saved articles', '', left);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await backLandsAt(page, 'Saved articles', '', left);
    await context.close();
  });

  it('an article read down into its comments: Back and Forward land there, not at the end of its text', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto(`/article/${GODS_NAME._id}`);
    await page.getByRole('heading', { level: 1, name: GODS_NAME.title }).waitFor();
    // Thirty approved comments more on it, as a sync brings them.
    const at = Date.parse('2025-02-01T12:00:00Z');
    await putRecords(
      page,
      'comments',
      Array.from({ length: 30 }, (_, n) => ({
        _id: madeId(0xb, n),
        article: GODS_NAME._id,
        name: `Reader ${n + 1}`,
        content: `Comment ${n + 1}: we read the chapter together and talked about the name over supper.`,
        isApproved: true,
        createdAt: new Date(at - n * 60_000).toISOString(),
      })),
    );
    await page.getByRole('heading', { level: 1, name: GODS_NAME.title }).waitFor();
    await expect.poll(() => page.getByTestId('comment').count()).toBeGreaterThan(30);
    // The twentieth comment near the window's top, far past the text's end.
    const left = await scrollNear(page, '[data-testid="comment"]', 20);
    const textEnd = await page.getByTestId('article-content').evaluate((content) => content.getBoundingClientRect().bottom + window.scrollY);
    expect(left).toBeGreaterThan(textEnd + 1000);
    // Long enough for the reading place to be kept (use-scroll-memory.ts writes it 250 ms after a scroll).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true });
    await about.dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await backLandsAt(page, GODS_NAME.title, 'Loading the article', left);
    // Still there once the reading place has been read from the device.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(left);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await backLandsAt(page, GODS_NAME.title, 'Loading the article', left);
    await context.close();
  });
});
