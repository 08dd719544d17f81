// Search reaches everything the device holds, in a real chromium against the real server: a
// reference opens its passage first, online and offline on a fresh device that never searched a
// reference before, then the articles citing it; a word finds Bible verses a screenful at a time;
// a reference finds the Family Worship lesson citing a range around it; the results work by
// keyboard, fit a phone, and pass axe in both themes.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, waitForAppDrawn } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore, waitForServiceWorker, type MadeArticle } from './reader-helpers.ts';
import { axeViolations } from './ui-checks.ts';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const JOHN_3_16 = 'For God so loved the world';
/** Bible verses a word search shows at first and adds per "Show more verses" (use-device-search.ts). */
const VERSES_AT_ONCE = 20;

/** The demo lesson that reads Ruth (backend/seed-data/demo-lessons.json): "Ruth 1:16" is inside it. */
const RUTH_LESSON = (
  JSON.parse(fs.readFileSync(new URL('../../backend/seed-data/demo-lessons.json', import.meta.url), 'utf8')) as { title: string; text: string }[]
).find((lesson) => /Ruth 1:8-18/.test(lesson.text))!;

async function waitFor(what: string, check: () => Promise<boolean>, page: Page): Promise<void> {
  for (let tries = 0; tries < 240; tries += 1) {
    if (await check()) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${what} never happened`);
}

/** A device that holds the library: the articles, the lessons and the Bible books they cite. */
async function syncedDevice(page: Page, article: MadeArticle, books: string[]): Promise<void> {
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitFor('the article reaching the device', async () => (await readStore<{ _id: string }>(page, 'articles')).some((a) => a._id === article._id), page);
  await waitFor('the lessons reaching the device', async () => (await readStore<{ T: string }>(page, 'worship')).some((l) => l.T === RUTH_LESSON.title), page);
  await waitFor(`Bible books ${books.join(', ')} on the device`, async () => {
    const kept = (await readStore<{ osis: string }>(page, 'bibleBooks')).map((b) => b.osis);
    return books.every((b) => kept.includes(b));
  }, page);
}

async function search(page: Page, query: string): Promise<void> {
  await waitForAppDrawn(page, '#search-input');
  await page.getByPlaceholder('Search articles...').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The passage is the first result: above every group and every article card. */
async function passageComesFirst(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const passage = document.querySelector('[data-testid="search-passage"]');
    const later = [...document.querySelectorAll('[data-testid="article-card"], [data-testid="lesson-results"]')];
    return passage !== null && later.every((el) => passage.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
}

describe('search reaches the Bible and the lessons', () => {
  let browser: Browser;
  let token: string;
  let article: MadeArticle;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    article = await createArticle(token, {
      title: `Search groups test ${Date.now()}`,
      content: '<p>He gave his only Son (John 3:14-18); sing of his mercy (Psalm 36:5-10).</p>',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await deleteArticle(token, article._id);
  });

  for (const offline of [false, true]) {
    it(`answers "John 3:16" with its verse first, then the article citing it (${offline ? 'offline' : 'online'}, fresh device)`, async () => {
      const { page, context } = await newPage(browser);
      await syncedDevice(page, article, ['John']);
      if (offline) {
        await context.setOffline(true);
        await page.reload();
      }
      await search(page, 'John 3:16');
      const passage = page.getByTestId('search-passage');
      await expect(passage.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('John 3:16');
      await expect(passage.getByTestId('search-passage-text').textContent()).resolves.toContain(JOHN_3_16);
      await expect(passage.getByRole('link', { name: 'Read the whole chapter' }).getAttribute('href')).resolves.toBe('/bible/john/3#v16');
      const card = page.locator('[data-testid="article-card"]', { hasText: article.title, has: page.getByTestId('search-preview') });
      await card.waitFor();
      await expect(card.locator('[data-testid="search-preview"] mark').textContent()).resolves.toBe('John 3:14-18');
      await expect(passageComesFirst(page)).resolves.toBe(true);
      await page.getByTestId('lesson-results').waitFor();

      // Share with no share sheet: the passage and its link are copied.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
      await passage.getByRole('button', { name: 'Share' }).click();
      await page.getByText('Copied', { exact: true }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(JOHN_3_16);
      expect(copied).toContain('/bible/john/3#v16');
      await context.close();
    });
  }

  it('draws a reference’s passage from the device offline while the search worker has not answered', async () => {
    const { page, context } = await newPage(browser);
    await syncedDevice(page, article, ['John']);
    // After the reload the search worker takes every call and answers none (a worker still
    // loading the articles' index); the Bible keeper's worker is left as it is.
    await context.addInitScript(() => {
      const RealWorker = window.Worker;
      window.Worker = function (url: string | URL, options?: WorkerOptions) {
        if (String(url).includes('search.worker')) return { postMessage() {}, terminate() {}, onmessage: null, onerror: null } as unknown as Worker;
        return new RealWorker(url, options);
      } as unknown as typeof Worker;
    });
    await context.setOffline(true);
    await page.reload();
    // The home page's cards first (read from the device, not the worker): the groups under a
    // search's cards are drawn once cards have been (HomePage.tsx), and a search sent before
    // them, on a busy machine, found none to wait under, the worker never answering.
    await page.getByTestId('article-card').first().waitFor();
    await search(page, 'John 3:16');
    const passage = page.getByTestId('search-passage');
    await expect(passage.getByTestId('search-passage-text').textContent()).resolves.toContain(JOHN_3_16);
    await expect(passage.getByRole('link', { name: 'Read the whole chapter' }).getAttribute('href')).resolves.toBe('/bible/john/3#v16');
    // The worker's groups are still on their way: their loading line shows (drawn apart from the
    // passage, so it may come a moment after it) and stays, since the worker never answers.
    await page.getByText('Searching the lessons and the Bible…').waitFor();
    await expect(page.getByTestId('verse-results').count()).resolves.toBe(0);
    await context.close();
  });

  it('finds the verses saying "lovingkindness", a screenful first, then more', async () => {
    const { page, context } = await newPage(browser);
    await syncedDevice(page, article, ['Ps']);
    await search(page, 'lovingkindness');
    const group = page.getByTestId('verse-results');
    await group.getByTestId('verse-result').first().waitFor();
    const heading = (await group.getByRole('heading', { level: 2 }).textContent())!;
    const count = Number(/\((\d+)\)/.exec(heading)![1]);
    expect(count).toBeGreaterThan(VERSES_AT_ONCE);
    await expect(group.getByTestId('verse-result').count()).resolves.toBe(VERSES_AT_ONCE);
    const first = group.getByTestId('verse-result').first();
    await expect(first.locator('mark').textContent()).resolves.toMatch(/^lovingkindness$/i);
    await group.getByRole('button', { name: /^Show more verses/ }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="verse-result"]').length === n,
      Math.min(count, 2 * VERSES_AT_ONCE),
    );
    // A verse opens in the chapter reader.
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/bible\/[a-z0-9-]+\/\d+#v\d+$/);
    await first.click();
    await page.waitForURL((url) => url.pathname === href.split('#')[0]);
    await context.close();
  });

  it('says how to search the whole Bible with the words of the button that keeps it, found on the page', async () => {
    const { page, context } = await newPage(browser);
    await syncedDevice(page, article, ['Ps']);
    await search(page, 'lovingkindness');
    const group = page.getByTestId('verse-results');
    const note = group.getByText(/^Searched the \d+ of 66 books kept on this device\./);
    await note.waitFor();
    // The note names the button in quotes, and the page has that button (the footer's, "On this device").
    const named = /“([^”]+)”/.exec((await note.textContent())!)?.[1];
    expect(named, 'a button named in the note').toBeTruthy();
    const button = page.getByRole('contentinfo').getByRole('button', { name: named });
    await button.waitFor();
    expect((await button.textContent())!.startsWith(named!)).toBe(true);
    await context.close();
  });

  it('finds this week’s lesson reading Ruth 1:8-18 by "Ruth 1:16", with Ruth’s words first', async () => {
    const { page, context } = await newPage(browser);
    await syncedDevice(page, article, ['Ruth']);
    await search(page, 'Ruth 1:16');
    await expect(page.getByTestId('search-passage-text').textContent()).resolves.toContain('Entreat me not to leave thee');
    const lesson = page.getByTestId('lesson-result').filter({ hasText: RUTH_LESSON.title }).first();
    await lesson.waitFor();
    await expect(lesson.locator('mark').textContent()).resolves.toBe('Ruth 1:8-18');
    await expect(page.getByTestId('lesson-results').getByRole('heading', { level: 2 }).textContent()).resolves.toMatch(/^Family Worship lessons \(\d+\)$/);
    await context.close();
  });

  it('opens a past lesson found by a word at its card on /family, its month opened, on a phone', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await syncedDevice(page, article, ['Ruth']);
    await search(page, 'ransom');
    const result = page.getByTestId('lesson-result').filter({ hasText: 'Why Jesus gave his life' }).first();
    await result.click();
    await page.getByRole('heading', { level: 1, name: 'Family Worship' }).waitFor();
    const card = page.getByTestId('past-lesson').filter({ hasText: 'Why Jesus gave his life' });
    await waitFor('the lesson in view, its month opened', async () => {
      const box = await card.boundingBox();
      return box !== null && box.y >= 0 && box.y < PHONE.height / 2;
    }, page);
    expect(new URL(page.url()).hash).toMatch(/^#lesson-/);
    await expect(card.evaluate((li) => li.closest('details')?.open)).resolves.toBe(true);
    await expect(card.evaluate((li) => li === document.activeElement)).resolves.toBe(true);
    // Below the sticky header, not under it.
    const header = await page.locator('header').first().boundingBox();
    expect((await card.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    await context.close();
  });

  it('works by keyboard on a phone, fits 375 px and 1280 px, and passes axe in both themes', async () => {
    // axe is added to the page as a script of the test's own, which the app's policy refuses.
    const { page, context } = await newPage(browser, { viewport: PHONE, bypassCSP: true });
    await syncedDevice(page, article, ['John', 'Ps']);
    for (const query of ['John 3:16', 'lovingkindness']) {
      await search(page, query);
      await page.getByTestId(query === 'lovingkindness' ? 'verse-result' : 'search-passage').first().waitFor();
      await page.getByTestId('lesson-results').waitFor();
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        for (const scheme of ['light', 'dark'] as const) {
          // No transitions: axe judges the colours a theme settles on, not a fade between two.
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          expect(await axeViolations(page), `${query} ${viewport.width} ${scheme}`).toEqual([]);
        }
      }
      await page.setViewportSize(PHONE);
    }
    // From the search box, Tab reaches the passage's "Read the whole chapter"; Enter opens it.
    await search(page, 'John 3:16');
    const chapterLink = page.getByTestId('search-passage').getByRole('link', { name: 'Read the whole chapter' });
    await chapterLink.waitFor();
    await page.getByPlaceholder('Search articles...').focus();
    for (let tabs = 0; tabs < 20; tabs += 1) {
      await page.keyboard.press('Tab');
      if (await chapterLink.evaluate((link) => link === document.activeElement)) break;
    }
    await expect(chapterLink.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'John 3' }).waitFor();
    await context.close();
  });
});
