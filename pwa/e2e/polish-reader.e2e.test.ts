// The reader's side of the polish round in a real chromium against the real server: the search
// and the tab in the address (Back, reload), the scroll position after Back, a search inside a
// category that points at the other matches, the article screen's code fetched ahead with a
// progress bar while a screen loads, the reading measure, and the footer on phones and on short
// pages. (Previews cut at word boundaries are checked where the rule lives: contracts/src/text.test.ts,
// and the worker's compact form against it in the search equivalence tests.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { CATEGORY_NAMES } from '@fw/contracts/categories';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { htmlToText } from '@fw/contracts/text';
import { baseURL, launchBrowser, newPage, waitForCardCount } from './browser.ts';
import { selectWords } from './study-helpers.ts';
import { axeViolations } from './ui-checks.ts';

/** The first few words of an article's text, to select on its page. */
const firstWords = (article: Article) => htmlToText(article.content).trim().split(/\s+/).slice(0, 3).join(' ');

const cards = (page: Page) => page.getByTestId('article-card');
const searchBox = (page: Page) => page.getByPlaceholder('Search articles...');

async function search(page: Page, query: string) {
  await searchBox(page).fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === query);
}

/** Every screen twice (light, dark), each drawn and measured by axe: minutes on a busy machine. */
const AXE_TEST_TIMEOUT_MS = 300_000;

describe('reader polish', () => {
  let browser: Browser;
  let published: Article[];
  beforeAll(async () => {
    browser = await launchBrowser();
    published = ((await (await fetch(`${baseURL()}/api/articles/all`)).json()) as { articles: Article[] }).articles;
  });
  afterAll(() => browser?.close());

  it('keeps the search and the tab in the address: Back and a reload restore them, and the scroll position', async () => {
    // The category with the most articles, and a word every article has, so the list scrolls.
    const counts = CATEGORY_NAMES.map((c) => [c, published.filter((a) => a.category === c).length] as const);
    const [tab, inTab] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(inTab).toBeGreaterThanOrEqual(3);
    const query = 'the';
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 600 } });
    await page.goto('/');
    // Every card: the app has taken over the server's page (its first cards are plain HTML).
    await waitForCardCount(page, published.length);
    await search(page, query);
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === tab);
    await page.getByText(new RegExp(`in ${tab} match`)).waitFor();
    const shown = await cards(page).count();
    expect(shown).toBeGreaterThan(0);

    // Scroll to the last card, remember where it is on screen, open it.
    const last = cards(page).last();
    const lastTitle = await last.locator('h3').textContent();
    await last.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300); // the position is written once scrolling settles (one frame)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const onScreen = (await last.boundingBox())!.y;
    await last.click();
    await page.waitForURL(/\/article\//);
    await page.getByRole('group', { name: 'Text size' }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === query && url.searchParams.get('tab') === tab);
    await waitForCardCount(page, shown);
    await expect(searchBox(page).inputValue()).resolves.toBe(query);
    await expect(page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).resolves.toBe('true');
    // The card opened is where it was on screen (a "Continue reading" box may now stand above the
    // list; the browser keeps what is in view in place).
    const back = cards(page).filter({ has: page.locator('h3', { hasText: lastTitle! }) });
    await expect.poll(async () => Math.abs((await back.boundingBox())!.y - onScreen)).toBeLessThan(8);

    await page.reload();
    await waitForCardCount(page, shown);
    await expect(searchBox(page).inputValue()).resolves.toBe(query);
    await expect(page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).resolves.toBe('true');
    await context.close();
  });

  it('opens a page reached by a link at its top, and keeps the home page at its top through a reload', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 700 } });
    await page.goto('/');
    await waitForCardCount(page, published.length);
    // From far down the home page, the footer's Family link: the Family page from its top.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Family', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Family Worship' }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    // And from the bottom of that page, the header's Home: the home page from its top.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Living Best Now' }).waitFor();
    await waitForCardCount(page, published.length);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    // At the top, a reload stays at the top (the place kept for it says so, rather than a card
    // to hold where it was: use-restored-scroll.ts).
    await page.reload();
    await waitForCardCount(page, published.length);
    await page.getByRole('tab', { name: 'Index' }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await context.close();
  });

  it('says how many match in all categories when a search inside one finds none there, and shows them', async () => {
    const matches = (a: Article, q: string) => `${a.title}\n${a.category}\n${htmlToText(a.content)}`.toLowerCase().includes(q);
    const article = published.find((a) => a.category && a.title.split(' ').length >= 2)!;
    const query = article.title.toLowerCase();
    const other = CATEGORY_NAMES.find((c) => c !== article.category && !published.some((a) => a.category === c && matches(a, query)))!;
    const everywhere = published.filter((a) => matches(a, query)).length;
    const { page, context } = await newPage(browser);
    await page.goto(`/?q=${encodeURIComponent(query)}&tab=${other}`);
    const count = page.getByText(`0 articles in ${other} match “${query}”; ${everywhere} ${everywhere === 1 ? 'article' : 'articles'} in all categories.`);
    await count.waitFor();
    await expect(page.getByText(`No articles match`).count()).resolves.toBe(0);
    await page.getByRole('button', { name: `Show all ${everywhere}` }).click();
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    await waitForCardCount(page, everywhere);
    await cards(page).filter({ hasText: article.title }).waitFor();
    await context.close();
  });

  it('says once that no article matches, with one Clear Search, in all categories and inside one', async () => {
    const query = 'zqxjvw';
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 812 } });
    for (const address of [`/?q=${query}`, `/?q=${query}&tab=${CATEGORY_NAMES[0]}`]) {
      await page.goto(address);
      // The count line and the list under it are drawn together, from one answer.
      await page.getByRole('heading', { level: 2, name: 'Articles (0)' }).waitFor();
      await page.getByText(`No articles match “${query}”.`).waitFor();
      await expect(page.getByText(/articles? (in \w+ )?match(es)? “/).count(), address).resolves.toBe(1);
      await expect(page.getByRole('button', { name: 'Clear Search' }).count(), address).resolves.toBe(1);
    }
    // The one Clear Search leads back to the tab's cards.
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await waitForCardCount(page, published.filter((a) => a.category === CATEGORY_NAMES[0]).length);
    await context.close();
  });

  it('fetches the article screen ahead, and shows a progress bar while a screen loads', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    await page.goto('/');
    await cards(page).first().waitFor();
    // Idle after the first screen: the article screen's module is already here before any tap.
    // The app waits up to 3 s for an idle moment (app/prefetch.ts) and then downloads it, so on a
    // busy machine the wait is that plus the download, not the poll's default second.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/ArticlePage[-.][\w-]*\.js$/.test(e.name))), { timeout: 15_000 })
      .toBe(true);
    await context.close();

    // A slow line: the About screen's module is held back; the bar shows until it arrives.
    const slow = await newPage(browser, { serviceWorkers: 'block' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await slow.page.route(/\/assets\/AboutPage[-.][\w-]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await slow.page.goto('/');
    await waitForCardCount(slow.page, published.length);
    // By keyboard: the footer's lines change while the first sync runs, and a click aimed at the
    // link as it was drawn a moment before can land beside it (then nothing loads, and no bar shows).
    await slow.page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).focus();
    await slow.page.keyboard.press('Enter');
    await slow.page.getByTestId('route-progress').waitFor();
    release();
    await slow.page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await slow.page.getByTestId('route-progress').waitFor({ state: 'detached' });
    await slow.context.close();
  });

  it('reads at about 66 characters a line, and the footer fits a phone and the bottom of a short page', async () => {
    const long = [...published].sort((a, b) => b.content.length - a.content.length)[0]!;
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`/article/${long._id}`);
    await page.getByRole('group', { name: 'Text size' }).waitFor();
    const perLine = await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll('.article-content p')].sort((a, b) => b.textContent!.length - a.textContent!.length)[0]!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return paragraph.textContent!.length / lines;
    });
    expect(perLine).toBeGreaterThan(50);
    expect(perLine).toBeLessThanOrEqual(75);
    await page.screenshot({ path: '/tmp/shots/polish-1280-article.png' });

    // A short page: the footer meets the bottom of the window.
    await page.goto('/saved');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const footer = await page.getByRole('contentinfo').boundingBox();
    expect(Math.round(footer!.y + footer!.height)).toBeGreaterThanOrEqual(900 - 1);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/about-us');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const columns = await page.getByRole('contentinfo').locator('ul').first().evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/shots/polish-375-footer.png', fullPage: true });
    await context.close();
  });

  it('keeps room around the words of the footer’s “Keep the whole Bible” button when they wrap, on a phone and at 1280 px', async () => {
    for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 900 }]) {
      const { page, context } = await newPage(browser, { viewport });
      await page.goto('/saved');
      // The footer's device panel comes after the first screen (app/layouts/Footer.tsx).
      const button = page.getByRole('contentinfo').getByRole('button', { name: /^Keep the whole Bible on this device/ });
      await button.waitFor();
      const { lines, top, bottom } = await button.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const rects = [...range.getClientRects()];
        return {
          lines: new Set(rects.map((r) => Math.round(r.top))).size,
          top: Math.min(...rects.map((r) => r.top)) - box.top,
          bottom: box.bottom - Math.max(...rects.map((r) => r.bottom)),
        };
      });
      // The words wrap in both (the measure this test is for), and stand clear of the edges.
      expect(lines, `${viewport.width} px`).toBeGreaterThan(1);
      expect(top, `room above the words at ${viewport.width} px`).toBeGreaterThanOrEqual(8);
      expect(bottom, `room below the words at ${viewport.width} px`).toBeGreaterThanOrEqual(8);
      await context.close();
    }
  });

  it('has no axe violation on any public screen (search, the study bar and sheet too), light and dark, with a toast showing', async () => {
    // A seed article: what other test files write (a pasted image, say) is theirs to check.
    const article = published.find((a) => a._id === FEATURED_ARTICLES[0].id)!;
    const { page, context } = await newPage(browser, { bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      // Without Web Share the Share button copies the link and says so in a toast.
      delete (Navigator.prototype as Partial<Navigator>).share;
    });
    const screens: [string, string][] = [
      ['/', 'Living Best Now'],
      [`/article/${article._id}`, article.title],
      ['/family', 'Family Worship'],
      ['/about-us', 'About Us'],
      ['/saved', 'Saved'],
      ['/register', 'Register'],
      ['/no-such-page', 'Page not found'],
      ['/bible/john/3', 'John 3'],
      ['/notes', 'My notes'],
    ];
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [path, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        if (path === '/') await waitForCardCount(page, published.length);
        for (const v of await axeViolations(page)) found.push(`${scheme} ${path}: ${v.id} ${v.nodes.join(', ')}`);
      }
      // Search: matches, and none.
      await page.goto('/?q=the');
      await page.getByText(/ match(es)? “the”\./).waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} search: ${v.id} ${v.nodes.join(', ')}`);
      await page.goto('/?q=zqxjvw');
      await page.getByText('No articles match “zqxjvw”.').waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} no match: ${v.id} ${v.nodes.join(', ')}`);
      // The article's study tools: the highlight bar over selected words, and the Notes sheet.
      await page.goto(`/article/${article._id}`);
      await page.getByTestId('notes-button').waitFor();
      await selectWords(page, firstWords(article));
      await page.getByRole('group', { name: 'Highlight the selected words' }).waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} highlight bar: ${v.id} ${v.nodes.join(', ')}`);
      await page.getByTestId('notes-button').click();
      await page.getByRole('dialog', { name: 'Notes on this article' }).waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} notes sheet: ${v.id} ${v.nodes.join(', ')}`);
      await page.keyboard.press('Escape');
      await page.getByRole('group', { name: 'Text size' }).waitFor();
      await page.getByRole('button', { name: 'Share' }).click();
      await page.locator('.Toastify__toast', { hasText: 'Link copied.' }).hover();
      for (const v of await axeViolations(page)) found.push(`${scheme} toast: ${v.id} ${v.nodes.join(', ')}`);
    }
    expect(found).toEqual([]);
    await context.close();
  }, AXE_TEST_TIMEOUT_MS);
});
