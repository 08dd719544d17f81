// Nothing jumps when the app takes over a page the server drew: the article's heading and text stay
// where they were painted (the server's page keeps the room of the reader's row of actions), and
// on a phone the home page's compact hero leaves the first card on the first screen, with the hero
// the same height in both copies (two whole cards; with today's text's card above them, which the
// app draws from the device, the start of the first card). The app's entry script is held back, as on a slow line, so each
// position is read once on the server's page and once on the app's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { launchBrowser, newPage, baseURL, waitForAppDrawn, waitForControl } from './browser.ts';
import { expectSteady, watchLayoutShifts } from './ui-checks.ts';

const WAIT_MS = 30_000;
/** Sub-pixel rounding between two layouts of the same page. */
const SAME_PLACE_PX = 2;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
/** The app's entry chunk (its CSS has the same name and must not wait: the server's page needs it). */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Holds the app's entry script until release(): the server's page stays on screen meanwhile. */
async function holdApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The top of each selector's first element, relative to the page's top (null: none). */
const edges = (page: Page, selectors: Record<string, string>) =>
  page.evaluate(
    (all) =>
      Object.fromEntries(
        Object.entries(all).map(([name, css]) => {
          const element = document.querySelector(css);
          return [name, element ? element.getBoundingClientRect().top + window.scrollY : null];
        }),
      ),
    selectors,
  );

/** Whether the element `selector` names is still the server's copy (React never touched it). */
const serverDrawn = (page: Page, selector: string) =>
  page.evaluate(
    (css) => !Object.keys(document.querySelector(css)!).some((key) => key.startsWith('__reactFiber$')),
    selector,
  );

const ARTICLE = {
  title: 'main article h1',
  heading: 'main article .article-content :is(h2, h3)',
  paragraph: 'main article .article-content p',
};
const HOME = {
  hero: 'main section:has(form[role="search"])',
  card: 'main [data-testid="article-card"]',
  daily: 'main [data-testid="daily-card"]',
};

/** The hero's bottom, the first card's top and the second card's bottom, on the page. */
const homeEdges = (page: Page) =>
  page.evaluate(({ hero, card, daily }) => {
    const cards = document.querySelectorAll(card);
    const y = (element: Element, side: 'top' | 'bottom') => element.getBoundingClientRect()[side] + window.scrollY;
    return {
      hero: y(document.querySelector(hero)!, 'bottom'),
      firstTop: y(cards[0]!, 'top'),
      secondBottom: y(cards[1]!, 'bottom'),
      daily: document.querySelector(daily) !== null,
    };
  }, HOME);

describe('nothing jumps on take-over', () => {
  let browser: Browser;
  let articles: Article[];
  beforeAll(async () => {
    browser = await launchBrowser();
    articles = ((await (await fetch(`${baseURL()}/api/articles/all`)).json()) as { articles: Article[] }).articles;
  });
  afterAll(() => browser?.close());

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`a shared article's heading and first paragraph stay put at ${viewport.width} px (${colorScheme})`, async () => {
        const article = articles.find((a) => /<h[23]/.test(a.content) && a.content.includes('<p'))!;
        const { context, page } = await newPage(browser, { viewport, colorScheme });
        const release = await holdApp(page);
        await page.goto(`/article/${article._id}`);
        await page.locator(ARTICLE.paragraph).first().waitFor({ timeout: WAIT_MS });
        expect(await serverDrawn(page, ARTICLE.title)).toBe(true);
        const before = await edges(page, ARTICLE);
        release();
        await waitForAppDrawn(page, '[role="group"][aria-label="Article actions"]', WAIT_MS);
        const after = await edges(page, ARTICLE);
        for (const part of Object.keys(ARTICLE)) expect(before[part], part).not.toBeNull();
        expect(Math.abs(after.title! - before.title!), 'title').toBeLessThanOrEqual(SAME_PLACE_PX);
        expect(Math.abs(after.heading! - before.heading!), 'heading').toBeLessThanOrEqual(SAME_PLACE_PX);
        expect(Math.abs(after.paragraph! - before.paragraph!), 'first paragraph').toBeLessThanOrEqual(SAME_PLACE_PX);
        await context.close();
      });
    }
  }

  it('the room kept for the actions shows nothing that looks pressable, and without JavaScript it is not kept', async () => {
    const article = articles[0]!;
    const room = 'main article [inert]';
    const seen = (page: Page) =>
      page.locator(room).evaluate((row) => ({
        height: row.getBoundingClientRect().height,
        visible: [...row.querySelectorAll('*')].filter((el) => getComputedStyle(el).visibility !== 'hidden').length,
      }));

    // Before the app runs: the room is there, with nothing seen, reachable or pressable in it.
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const release = await holdApp(page);
    await page.goto(`/article/${article._id}`);
    await page.locator(ARTICLE.title).waitFor({ timeout: WAIT_MS });
    expect(await seen(page)).toMatchObject({ visible: 0 });
    expect((await seen(page)).height).toBeGreaterThan(0);
    expect(await page.locator('main article').getByRole('button').count()).toBe(0);
    release();
    await context.close();

    // Without JavaScript the row would never come: the text follows the date with no gap.
    const still = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await still.page.goto(`/article/${article._id}`);
    await still.page.locator(ARTICLE.title).waitFor({ timeout: WAIT_MS });
    expect(await seen(still.page)).toEqual({ height: 0, visible: 0 });
    await still.context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    const phone = viewport === PHONE;
    it(`on the home page at ${viewport.width} px the hero keeps its height on take-over${phone ? ', with two whole cards on the first screen' : ''}`, async () => {
      const { context, page } = await newPage(browser, { viewport });
      const release = await holdApp(page);
      await page.goto('/');
      await page.locator(HOME.card).first().waitFor({ timeout: WAIT_MS });
      expect(await serverDrawn(page, HOME.card)).toBe(true);
      const server = await homeEdges(page);
      release();
      await waitForAppDrawn(page, HOME.card, WAIT_MS);
      const app = await homeEdges(page);
      expect(Math.abs(app.hero - server.hero), 'hero bottom').toBeLessThanOrEqual(SAME_PLACE_PX);
      if (phone) {
        for (const [copy, at] of [['server', server], ['app', app]] as const) {
          expect(at.firstTop, `first card on the ${copy}'s page`).toBeLessThan(PHONE.height);
          // Not only the first card's top: the hero leaves room for more than one card, or for
          // today's text above the first one (the seeded demo texts include today's; the card
          // appears once the device has them, so either may be measured here).
          if (!at.daily) expect(at.secondBottom, `second card on the ${copy}'s page`).toBeLessThanOrEqual(PHONE.height);
        }
      }
      await context.close();
    });
  }

  it('a page the app draws itself keeps its footer below the first screen while it loads (Family Worship at 1280 px)', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript(watchLayoutShifts);
    await page.goto('/family');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_MS });
    await waitForControl(page, WAIT_MS);
    // Read from the device this time, behind a loading screen: the footer stayed in view under
    // it and was pushed down when the lessons came (a shift of 0.36).
    await page.reload();
    await waitForAppDrawn(page, 'main h1', WAIT_MS);
    await page.locator('main [data-testid="lesson"], main [data-testid="no-lessons"]').first().waitFor({ timeout: WAIT_MS });
    await expectSteady(page);
    await context.close();
  });
});
