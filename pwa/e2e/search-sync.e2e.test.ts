// Search while a first sync is still arriving, and search offline, in a real chromium against the
// real server. The article feed is served by the test (generated articles, several pages, each
// held until the test lets it through) so the sync is caught mid-way; everything else, the
// service worker and the search worker included, is the product's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { foldForSearch, htmlToText, matchArticle, normaliseQuery } from '@fw/contracts/text';
import { feedArticle } from '../../bench/lib/text-gen.mjs';
import { launchBrowser, newPage, waitForCardCount, waitForServiceWorker } from './browser.ts';

const PAGES = 3;
/** Articles per feed page this test serves (whatever limit the PWA asks for). */
const PAGE_ITEMS = 200;
const FEED = '**/api/sync/articles?*';
const pages: Article[][] = Array.from({ length: PAGES }, (_, p) =>
  Array.from({ length: PAGE_ITEMS }, (_, i) => feedArticle(p * PAGE_ITEMS + i, 7) as Article),
);

type Card = Omit<Article, 'content'> & { content?: string };

/**
 * The ids the rule finds among `shown`, newest first as listed. Cards the server wrote into the
 * first screen (shown until the first sync ends) have no body here: title and category decide.
 */
function expectedIds(shown: Card[], query: string): string[] {
  const needle = normaliseQuery(query);
  return shown
    .filter((a) => {
      const text = htmlToText(a.content ?? '');
      return matchArticle({ ...a, text, textLower: foldForSearch(text) }, needle) !== false;
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((a) => a._id);
}

/** A phrase of `words` words from an article's plain text. */
const phraseOf = (article: Article, at: number, words: number) =>
  htmlToText(article.content)
    .split(' ')
    .slice(at, at + words)
    .join(' ');

async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-testid="article-card"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  return hrefs.map((h) => h.split('/').pop()!);
}

/** Search results the home page shows at first and adds per "Show more results". */
const RESULTS_AT_ONCE = 30;

/** Waits until the cards shown are exactly `ids`, in order. */
async function waitForCards(page: Page, ids: string[]) {
  await page.waitForFunction(
    (want) => {
      const shown = [...document.querySelectorAll('[data-testid="article-card"]')].map((l) =>
        l.getAttribute('href')?.split('/').pop(),
      );
      return shown.length === want.length && shown.every((id, i) => id === want[i]);
    },
    ids,
    { timeout: 30_000 },
  );
}

/**
 * Searches, then shows every hit a screenful at a time with the keyboard ("Show more results"),
 * checking the count, the order and that the later screenfuls get their previews too.
 */
async function search(page: Page, query: string, expected: string[]) {
  const input = page.getByPlaceholder('Search articles...');
  await input.fill('');
  // Typed key by key, as a person would, while the sync goes on.
  await input.pressSequentially(query, { delay: 20 });
  await expect(input.inputValue()).resolves.toBe(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await waitForCards(page, expected.slice(0, RESULTS_AT_ONCE));
  await page
    .getByText(`${expected.length} ${expected.length === 1 ? 'article matches' : 'articles match'}`)
    .waitFor();
  const more = page.getByRole('button', { name: /Show more results/ });
  for (let shown = RESULTS_AT_ONCE; shown < expected.length; shown += RESULTS_AT_ONCE) {
    await more.focus();
    await page.keyboard.press('Enter');
    await waitForCards(page, expected.slice(0, shown + RESULTS_AT_ONCE));
  }
  expect(await more.count()).toBe(0);
  if (expected.length > RESULTS_AT_ONCE) {
    // Previews of the last screenful came on request (body matches: every card but title ones).
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="search-preview"] mark').length > n,
      RESULTS_AT_ONCE,
      { timeout: 30_000 },
    );
  }
}

describe('search during a first sync, and offline', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('answers from what is stored while later feed pages are still on their way, then from all', async () => {
    const { page, context } = await newPage(browser);
    const release: (() => void)[] = [];
    const released = pages.map((_, p) =>
      p === 0 ? Promise.resolve() : new Promise<void>((r) => (release[p] = r)),
    );
    const served: number[] = [];
    await page.route(FEED, async (route: Route) => {
      const since = new URL(route.request().url()).searchParams.get('since');
      const p = since ? Number(since) : 0;
      await released[p];
      served.push(p);
      await route.fulfill({
        json: {
          success: true,
          articles: pages[p],
          removed: [],
          cursor: String(p + 1),
          hasMore: p + 1 < PAGES,
        },
      });
    });
    await page.goto('/');
    const serverCards = await page.evaluate(
      () =>
        (
          JSON.parse(document.getElementById('first-paint')?.textContent ?? 'null') as {
            articles?: Card[];
          } | null
        )?.articles ?? [],
    );
    await waitForCardCount(page, PAGE_ITEMS + serverCards.length);

    // Page 1 is held: the sync is running. A phrase from a stored article, and a common word.
    const first = [...pages[0]!, ...serverCards];
    const phrase = phraseOf(first[17]!, 30, 3);
    await search(page, phrase.toUpperCase(), expectedIds(first, phrase));
    expect((await cardIds(page)).length).toBeGreaterThan(0);
    const marks = await page.locator('[data-testid="search-preview"] mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toContain(phrase.toLowerCase());
    await search(page, 'family', expectedIds(first, 'family'));
    expect(served).toEqual([0]);

    // Page 1 arrives while the query stays: the answer follows the stored articles.
    release[1]!();
    const two = [...first, ...pages[1]!];
    const later = phraseOf(pages[1]![5]!, 12, 2);
    await search(page, later, expectedIds(two, later));
    expect(served).toEqual([0, 1]);

    release[2]!();
    const everything = pages.flat();
    // The sync ends: the server's first cards give way to the stored articles.
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await waitForCardCount(page, everything.length);
    await search(page, 'forgiveness', expectedIds(everything, 'forgiveness'));
    expect(served).toEqual([0, 1, 2]);
    expect(expectedIds(everything, 'forgiveness').length).toBeGreaterThan(
      expectedIds(first, 'forgiveness').length,
    );

    // Offline: reload under the service worker, no network at all; the search worker's script
    // comes from the precache and its index from IndexedDB.
    await waitForServiceWorker(page);
    await page.unroute(FEED);
    await context.setOffline(true);
    await page.reload();
    await page
      .getByTestId('status-line')
      .getByText(/Offline/)
      .waitFor();
    const offlinePhrase = phraseOf(pages[2]![40]!, 8, 3);
    await search(page, offlinePhrase, expectedIds(everything, offlinePhrase));
    expect(await page.locator('[data-testid="search-preview"] mark').count()).toBeGreaterThan(0);
    await context.close();
  });
});
