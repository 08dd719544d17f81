// What a first visit costs a phone: the service worker's precache does not download again what the
// page has just loaded, the server's first screen is painted before the app's code is fetched
// (pwa/public/boot.js), and the first screen on a 375 px phone neither moves as the library
// arrives nor needs a sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { launchBrowser, newPage, baseURL, waitForCardCount, waitForControl } from './browser.ts';
import { COMPILE_HINT } from '../vite-plugins/compile-hints.ts';
import { NO_SHIFT, expectSteady, shiftSum, watchLayoutShifts } from './ui-checks.ts';

const WAIT_MS = 30_000;
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };

type Timing = { name: string; transferSize: number };

/** Resource Timing of a page or worker: what came over the network (transferSize > 0) and what not. */
const timings = (target: Page | Worker): Promise<Timing[]> =>
  target.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ name: e.name, transferSize: (e as PerformanceResourceTiming).transferSize })),
  );

/** Holds every request of the article feed until release() (a slow library sync). */
async function holdArticleFeed(context: BrowserContext) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/sync/articles**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Nothing wider than the screen: no sideways scroll. */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: window.innerWidth }));

/** Adds a block above the content: a real shift, so the observer is shown to see one. */
const shiftOnPurpose = (page: Page) =>
  page.evaluate(async () => {
    const block = document.createElement('div');
    block.style.height = '200px';
    document.querySelector('main')!.prepend(block);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });

describe('first visit cost', () => {
  let browser: Browser;
  let articles: Article[];
  beforeAll(async () => {
    browser = await launchBrowser();
    articles = (
      (await (await fetch(`${baseURL()}/api/articles/all`)).json()) as { articles: Article[] }
    ).articles;
  });
  afterAll(() => browser?.close());

  it("the service worker's precache takes the files the page has just loaded from the HTTP cache, not the network", async () => {
    const { context, page } = await newPage(browser);
    const worker = context.waitForEvent('serviceworker', { timeout: WAIT_MS });
    await page.goto('/');
    await waitForControl(page, WAIT_MS);
    const sw = await worker;
    // The page's own workers (search, Bible keeper) load their files beside it: theirs count too,
    // but not the Bible's books, which are kept in IndexedDB and never precached.
    const loaded = [await timings(page), ...(await Promise.all(page.workers().map(timings)))].flat();
    const onPage = loaded.filter((t) => /^\/assets\/(?!bible\/)/.test(new URL(t.name).pathname));
    const fromPage = onPage.filter((t) => t.transferSize > 0).map((t) => t.name);
    // The page loaded its own code over the network (the precache had nothing yet) ...
    expect(fromPage.some((url) => /\/assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(fromPage.some((url) => url.endsWith('.css'))).toBe(true);

    const precache = (await timings(sw)).filter((t) =>
      new URL(t.name).pathname.startsWith('/assets/'),
    );
    const size = (url: string) => precache.find((t) => t.name === url)?.transferSize;
    // ... the precache asked for each of those files too, and got them without the network.
    for (const url of fromPage) expect({ url, transferSize: size(url) }).toEqual({ url, transferSize: 0 });
    // The same measure does see the network: what the page has not loaded (the editor, the admin
    // screens) came over it once, for the precache.
    const notOnPage = precache.filter((t) => !onPage.some((p) => p.name === t.name));
    expect(notOnPage.length).toBeGreaterThan(0);
    expect(notOnPage.every((t) => t.transferSize > 0)).toBe(true);
    await context.close();
  });

  it("a page the server drew is painted before the app's code is requested (text first on a slow line)", async () => {
    for (const path of ['/', `/article/${articles[0]!._id}`]) {
      const { context, page } = await newPage(browser, PHONE);
      await page.goto(path);
      await waitForControl(page, WAIT_MS);
      const order = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        js: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/.*\.js$/.test(e.name))
          .map((e) => e.startTime),
        css: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/index-.*\.css$/.test(e.name))
          .map((e) => e.startTime),
      }));
      expect(order.paint, path).not.toBeNull();
      expect(order.js.length, path).toBeGreaterThan(0);
      // The stylesheet before the paint (the server's screen needs it), every script after it.
      expect(Math.max(...order.css), path).toBeLessThan(order.paint!);
      expect(Math.min(...order.js), path).toBeGreaterThanOrEqual(order.paint!);
      await context.close();
    }
  });

  it("the scripts a first visit runs at once ask chromium to compile them off the main thread; others do not", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await waitForControl(page, WAIT_MS);
    const scripts = (await timings(page))
      .map((t) => new URL(t.name).pathname)
      .filter((p) => /^\/assets\/.*\.js$/.test(p));
    await context.close();
    const firstLine = async (path: string) => (await (await fetch(baseURL() + path)).text()).split('\n', 1)[0];
    const hinted = async (pattern: RegExp) => {
      const path = scripts.find((p) => pattern.test(p));
      expect(path, `${pattern} among ${scripts.join(' ')}`).toBeDefined();
      return (await firstLine(path!)) === COMPILE_HINT;
    };
    // The entry (React DOM, the router) and the device database (Dexie) run almost whole at once.
    expect(await hinted(/\/index-[^/]*\.js$/)).toBe(true);
    expect(await hinted(/\/db-[^/]*\.js$/)).toBe(true);
    // The admin screens are not run on a visit: compiling all of them eagerly would be waste.
    const admin = (await (await fetch(`${baseURL()}/sw.js`)).text()).match(/assets\/admin-routes-[^"']+\.js/);
    expect(admin, 'the admin chunk in the precache list').not.toBeNull();
    expect(await firstLine(`/${admin![0]}`)).not.toBe(COMPILE_HINT);
  });

  it('on a 375 px phone the home page does not move as a long first sync comes and goes, nor scroll sideways', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(watchLayoutShifts);
    // A library longer than one page of the feed: the first page says more follows (as with
    // hundreds of articles), and the next one waits until the progress line has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/sync/articles**', async (route) => {
      if (new URL(route.request().url()).searchParams.has('since')) {
        await released;
        return route.continue();
      }
      const response = await route.fetch();
      const page1 = (await response.json()) as { hasMore: boolean; total?: number };
      await route.fulfill({
        response,
        json: { ...page1, hasMore: true, total: (page1.total ?? articles.length) + 100 },
      });
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_MS });
    const progress = page.getByTestId('sync-progress');
    await progress.waitFor({ timeout: WAIT_MS });
    release();
    await progress.waitFor({ state: 'detached', timeout: WAIT_MS });
    await waitForCardCount(page, articles.length, WAIT_MS);
    await waitForControl(page, WAIT_MS);
    await expectSteady(page, NO_SHIFT);
    const width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.screen);
    // Positive control: a real shift is counted.
    const before = await shiftSum(page);
    await shiftOnPurpose(page);
    await expect.poll(() => shiftSum(page), { timeout: WAIT_MS }).toBeGreaterThan(before);
    await context.close();
  });

  it("on a 375 px phone a shared article's text is on the first screen, within its width, and stays put", async () => {
    const article = articles.at(-1)!;
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(watchLayoutShifts);
    const release = await holdArticleFeed(context);
    await page.goto(`/article/${article._id}`, { waitUntil: 'commit' });
    const title = page.getByRole('heading', { level: 1, name: article.title });
    await title.waitFor({ timeout: WAIT_MS });
    // The app has taken the page over (its comment form) before the library arrives.
    await page.getByRole('button', { name: 'Post Comment' }).first().waitFor({ timeout: WAIT_MS });
    release();
    await waitForControl(page, WAIT_MS);
    // The title and the start of the text are on the first screen, inside its width.
    const box = await title.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.viewport.height);
    const text = page.locator('main article p').first();
    const textBox = await text.boundingBox();
    expect(textBox!.x + textBox!.width).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(textBox!.y).toBeLessThan(PHONE.viewport.height);
    const width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.screen);
    await expectSteady(page);
    await context.close();
  });
});
