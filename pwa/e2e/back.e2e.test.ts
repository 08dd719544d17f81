// Back and Forward return a reader to what they left, on a 375 px phone, on the screens whose own
// browser tests do not already go Back (those are reading-plans, chapter-reader, reader, worship,
// daily and home-large): a search's results shown with "Show more results". The screen is left by a
// link from far down the page. Its results come again from the search worker a few frames after
// the page, so the result followed is checked where it stood once they are drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { feedArticle } from '../../bench/lib/text-gen.mjs';
import { launchBrowser, newPage, waitForCardCount } from './browser.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };

/** Search results the home page shows at first and adds per "Show more results" (use-home-search.ts). */
const RESULTS_AT_ONCE = 30;

/** Scrolls `selector`'s element to 60 px below the window's top; answers the window's place. */
function scrollNear(page: Page, selector: string, index: number): Promise<number> {
  return page.evaluate(
    ([css, n]) => {
      const element = document.querySelectorAll(css)[n]!;
      window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 60, behavior: 'instant' });
      return window.scrollY;
    },
    [selector, index] as const,
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
});
