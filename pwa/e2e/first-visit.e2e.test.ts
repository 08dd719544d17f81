// A first visit as families make it: a shared link to one article, opened with nothing cached.
// The article's text is in the page the server sends (readable before any script runs, with its
// own link-preview tags), the app takes it over without losing it, the library syncs behind it
// and ends up offline; and the tab that installed the app works offline without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { ARTICLE_MISSING, PAGE_META, SITE_NAME, articleTitle } from '@fw/contracts/pages';
import { htmlToText } from '@fw/contracts/text';
import { baseURL, launchBrowser, newPage, waitForCardCount, waitForControl } from './browser.ts';
import { SEED_ARTICLES } from './demo-seed.ts';

const CARD = '[data-testid="article-card"]';
const WAIT_MS = 30_000;

async function published(): Promise<Article[]> {
  return ((await (await fetch(`${baseURL()}/api/articles/all`)).json()) as { articles: Article[] })
    .articles;
}

/** The start of an article's first paragraph, to look for on screen. */
const snippet = (article: Article) =>
  htmlToText(/<p>(.*?)<\/p>/s.exec(article.content)?.[1] ?? article.content)
    .trim()
    .slice(0, 60);

/** Counts of what the device stores (IndexedDB), read in the page. */
function deviceCounts(page: Page): Promise<{ articles: number; bodies: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('family-bible-articles');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('articles')) return resolve({ articles: 0, bodies: 0 });
          const tx = db.transaction(['articles', 'bodies']);
          const a = tx.objectStore('articles').count();
          const b = tx.objectStore('bodies').count();
          tx.oncomplete = () => resolve({ articles: a.result, bodies: b.result });
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Records in the page whether `text` ever left the page after it was first there. */
function watchText(text: string) {
  const state = { seen: false, lost: false };
  (window as unknown as { __text: typeof state }).__text = state;
  new MutationObserver(() => {
    // Inside the app's root only: the server's data element holds the same text, unseen.
    const present = document.getElementById('root')?.textContent?.includes(text) ?? false;
    if (present) state.seen = true;
    else if (state.seen) state.lost = true;
  }).observe(document, { childList: true, subtree: true, characterData: true });
}
const textState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __text: { seen: boolean; lost: boolean } }).__text);

/** Holds every request of the article feed until release() (a slow library sync). */
async function holdArticleFeed(context: BrowserContext) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const seen: string[] = [];
  await context.route('**/api/sync/articles**', async (route) => {
    seen.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, seen };
}

describe('first visit', () => {
  let browser: Browser;
  let articles: Article[];
  beforeAll(async () => {
    browser = await launchBrowser();
    articles = await published();
  });
  afterAll(() => browser?.close());

  it('an article link carries its own preview tags and its text, readable without JavaScript', async () => {
    // One without a picture, whose preview image is the site's icon (another test may have
    // published a pictured article, which would come first; its own preview is tested elsewhere).
    const article = articles.find((a) => a.subtitle && a.content && !a.content.includes('<img'))!;
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    const response = await page.goto(`/article/${article._id}`);
    expect(response?.status()).toBe(200);
    const content = (selector: string) => page.locator(selector).getAttribute('content');
    const url = `${baseURL()}/article/${article._id}`;
    expect(await page.title()).toBe(articleTitle(article.title));
    expect(await content('meta[name="description"]')).toBe(article.subtitle);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
    expect(await content('meta[property="og:title"]')).toBe(article.title);
    expect(await content('meta[property="og:description"]')).toBe(article.subtitle);
    expect(await content('meta[property="og:site_name"]')).toBe(SITE_NAME);
    expect(await content('meta[property="og:url"]')).toBe(url);
    expect(await content('meta[property="og:image"]')).toMatch(
      /^http:\/\/.+\/icons\/icon-512\.png$/,
    );
    expect(await content('meta[name="twitter:card"]')).toBe('summary');
    expect(await content('meta[name="twitter:title"]')).toBe(article.title);
    // The image a preview shows is really there.
    const image = await fetch((await content('meta[property="og:image"]'))!);
    expect(image.headers.get('content-type')).toBe('image/png');

    await expect(
      page.getByRole('heading', { level: 1, name: article.title }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText(snippet(article)).first().isVisible()).resolves.toBe(true);
    await context.close();

    // The other public pages have their own titles.
    const plain = await newPage(browser, { javaScriptEnabled: false });
    for (const [path, meta] of [
      ['/', PAGE_META.home],
      ['/family', PAGE_META.family],
      ['/about-us', PAGE_META.about],
    ] as const) {
      await plain.page.goto(path);
      expect(await plain.page.title()).toBe(meta.title);
      expect(await plain.page.locator('meta[name="description"]').getAttribute('content')).toBe(
        meta.description,
      );
    }
    await plain.context.close();
  });

  it('a cold shared link shows the text before the library sync finishes, keeps it, and the library still ends up offline', async () => {
    const article = articles.at(-1)!; // the oldest: not among the home page's newest cards
    const other = articles.find((a) => a._id !== article._id)!;
    const { context, page } = await newPage(browser);
    const feed = await holdArticleFeed(context);
    await context.addInitScript(watchText, snippet(article));

    await page.goto(`/article/${article._id}`, { waitUntil: 'commit' });
    await page.getByText(snippet(article)).first().waitFor({ timeout: WAIT_MS });
    // The app has taken the page over (the comment form is the app's, not the server's) ...
    await page.getByRole('button', { name: 'Post Comment' }).first().waitFor({ timeout: WAIT_MS });
    // ... while the library sync has started and is still held back.
    await expect.poll(() => feed.seen.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(await deviceCounts(page)).toMatchObject({ bodies: 1 }); // the linked article, saved
    await expect(page.getByText(snippet(article)).first().isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe(articleTitle(article.title));
    expect(await textState(page)).toEqual({ seen: true, lost: false });

    feed.release();
    await expect
      .poll(() => deviceCounts(page), { timeout: WAIT_MS })
      .toEqual({ articles: articles.length, bodies: articles.length });
    await waitForControl(page, WAIT_MS);
    expect((await textState(page)).lost).toBe(false);

    // Offline in the same tab: the home page and another article come from the device.
    await context.setOffline(true);
    await page.goto('/');
    await waitForCardCount(page, articles.length, WAIT_MS);
    await page.goto(`/article/${other._id}`);
    await page.getByText(snippet(other)).first().waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it('a draft or unknown article is the not-available page with a 404, also once the app runs', async () => {
    const draft = SEED_ARTICLES.find((a) => !a.isPublished)!;
    const { context, page } = await newPage(browser);
    for (const id of [draft._id, '64f0000000000000000000ff']) {
      const response = await page.goto(`/article/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: ARTICLE_MISSING.heading }).waitFor();
      await page.getByText(ARTICLE_MISSING.text).waitFor();
      expect(await page.getByText(draft.title).count()).toBe(0);
    }
    await context.close();
  });

  it('the tab that installed the app works offline: a card click opens the article', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await waitForCardCount(page, articles.length, WAIT_MS);
    // No reload: the first worker takes control of the tab that installed it.
    await waitForControl(page, WAIT_MS);
    await expect
      .poll(() => deviceCounts(page), { timeout: WAIT_MS })
      .toEqual({ articles: articles.length, bodies: articles.length });

    await context.setOffline(true);
    const target = articles[1]!;
    await page.locator(CARD, { hasText: target.title }).first().click();
    await page.getByText(snippet(target)).first().waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('route-error').count()).toBe(0);
    await context.close();
  });

  it('a screen whose code cannot be fetched shows a calm offline message with Retry, which then works', async () => {
    // No service worker at all, and the article screen's code never arrived (the app fetches it
    // ahead in idle time; here that fetch fails as on a line that dropped): it is not on the device.
    const { context, page } = await newPage(browser, { serviceWorkers: 'block' });
    const articleCode = /\/assets\/ArticlePage[-.][\w-]*\.js$/;
    await page.route(articleCode, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await waitForCardCount(page, articles.length, WAIT_MS);
    await context.setOffline(true);
    const target = articles[0]!;
    await page.locator(CARD, { hasText: target.title }).first().click();
    const error = page.getByTestId('route-error');
    await error.waitFor({ timeout: WAIT_MS });
    expect(await error.textContent()).toMatch(/not available offline/i);
    expect(await page.getByText(/Unexpected Application Error/i).count()).toBe(0);
    // The header and footer stay: the message is inside the page, not instead of it.
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);

    await context.setOffline(false);
    await page.unroute(articleCode);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(snippet(target)).first().waitFor({ timeout: WAIT_MS });
    await context.close();
  });
});
