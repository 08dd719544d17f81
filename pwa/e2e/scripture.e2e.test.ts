// Scripture at a tap, in a real chromium against the real server: a citation in an article and in
// a lesson opens its verses offline after a reload, with the keyboard and with a name a screen
// reader announces; the chapter reader drawn by the server for a cold visitor and opened offline
// for a returning one; "John 3:16" finds the article citing John 3:14-18; in the reader, focus
// stays on the verse after a highlight colour or a note is chosen, or a highlight removed, with the
// keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bookBySlug } from '@fw/contracts/bible';
import { eventually } from './admin-helpers.ts';
import { launchBrowser, newPage, waitForAppDrawn } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore, waitForServiceWorker, type MadeArticle } from './reader-helpers.ts';

const PHONE = { width: 375, height: 740 };
const JOHN_3_16 = 'For God so loved the world';

/** Waits until the app has made its database (reading it earlier would make an empty one). */
async function waitForDeviceDb(page: Page): Promise<void> {
  for (let tries = 0; tries < 120; tries += 1) {
    const made = await page.evaluate(async () =>
      (await indexedDB.databases()).some((d) => d.name === 'family-bible-articles' && (d.version ?? 0) >= 50),
    );
    if (made) return;
    await page.waitForTimeout(250);
  }
  throw new Error('the app never made its database');
}

/** Waits until the device keeps these Bible books (fetched after the first sync settles). */
async function waitForBooks(page: Page, books: string[]): Promise<void> {
  await waitForDeviceDb(page);
  for (let tries = 0; tries < 120; tries += 1) {
    const kept = (await readStore<{ osis: string }>(page, 'bibleBooks')).map((b) => b.osis);
    if (books.every((b) => kept.includes(b))) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`Bible books ${books.join(', ')} never arrived on the device`);
}

describe('scripture at a tap', () => {
  let browser: Browser;
  let token: string;
  let article: MadeArticle;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    article = await createArticle(token, {
      title: `Scripture test ${Date.now()}`,
      content: '<p>He gave his only Son (John 3:14-18), and Moses lifted up the serpent.</p>',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await deleteArticle(token, article._id);
  });

  it('opens an article’s citation offline after a reload, by keyboard, named for screen readers, and gives focus back', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto(`/article/${article._id}`);
    await waitForServiceWorker(page);
    await waitForBooks(page, ['John']);

    await context.setOffline(true);
    await page.reload();
    const link = page.getByTestId('article-content').getByRole('link', { name: 'John 3:14-18' });
    await expect(link.getAttribute('href')).resolves.toBe('/bible/john/3#v14-18');
    // The app has taken the page over when the reader's controls are there.
    await page.getByRole('group', { name: 'Text size' }).waitFor();
    await link.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'John 3:14-18' });
    await sheet.waitFor();
    await expect(sheet.getByTestId('verse-sheet-text').textContent()).resolves.toContain(JOHN_3_16);
    // Focus is inside the sheet (its first control), and Escape closes it, back to the citation.
    await expect(page.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true);
    await expect(sheet.getByRole('link', { name: 'Read the whole chapter' }).getAttribute('href')).resolves.toBe('/bible/john/3#v14-18');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe('/bible/john/3#v14-18');

    // "Read the whole chapter": the reader, offline, with the cited verses marked.
    await link.click();
    await sheet.getByRole('link', { name: 'Read the whole chapter' }).click();
    await page.getByRole('heading', { level: 1, name: 'John 3' }).waitFor();
    const marked = page.locator('li[class*="ChapterPage_marked"]');
    await expect(marked.evaluateAll((items) => items.map((li) => li.id))).resolves.toEqual(['v14', 'v15', 'v16', 'v17', 'v18']);
    await page.getByRole('link', { name: 'John 4 →' }).waitFor();
    // A returning visitor opening the chapter's address itself, offline.
    await page.goto('/bible/john/3#v16');
    await expect(page.locator('#v16').textContent()).resolves.toContain(JOHN_3_16);
    await expect(page.locator('li[class*="ChapterPage_marked"]').evaluateAll((items) => items.map((li) => li.id))).resolves.toEqual(['v16']);
    await context.close();
  });

  /**
   * John 3 in the chapter reader on a phone (its book kept first, from the article citing it), with
   * what has focus (an element's label, or "the page") and Tab until `name` has it.
   */
  async function johnThreeByKeyboard(firstVerse: number) {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto(`/article/${article._id}`);
    await waitForBooks(page, ['John']);
    await page.goto('/bible/john/3');
    await waitForAppDrawn(page, `[data-testid="chapter-reader"] button[aria-label="Verse ${firstVerse}"]`);
    const focused = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        return !at || at === document.body ? 'the page' : (at.getAttribute('aria-label') ?? at.textContent);
      });
    const tabTo = async (name: string) => {
      for (let i = 0; i < 12 && (await focused()) !== name; i += 1) await page.keyboard.press('Tab');
      expect(await focused()).toBe(name);
    };
    /** With focus on verse `verse`'s number: its tools, "Add note", `text`, Save; until kept and the sheet is closed. */
    const noteByKeyboard = async (verse: number, text: string) => {
      await page.keyboard.press('Enter');
      await page.getByRole('group', { name: `Tools for John 3:${verse}` }).waitFor();
      await tabTo('Add note');
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: `John 3:${verse}` });
      await sheet.getByLabel('Add a note').waitFor();
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await eventually(
        async () => (await readStore<{ passage: { verse: number }; note: string }>(page, 'verseHighlights')).some((h) => h.passage.verse === verse && h.note === text),
        'the note kept',
      );
      await sheet.waitFor({ state: 'hidden' });
    };
    return { page, context, focused, tabTo, noteByKeyboard };
  }

  it('in the chapter reader by keyboard, a colour chosen or a note saved leaves focus on the verse’s number', async () => {
    const { page, context, focused, tabTo, noteByKeyboard } = await johnThreeByKeyboard(5);
    type Stored = { passage: { verse: number }; color: string; note: string };

    // A colour: the tools go once it is kept, and focus is on Verse 5 again, not the page.
    await page.getByRole('button', { name: 'Verse 5', exact: true }).focus();
    await page.keyboard.press('Enter');
    const tools = page.getByRole('group', { name: 'Tools for John 3:5' });
    await tools.waitFor();
    await tabTo('Highlight in pink');
    await page.keyboard.press('Enter');
    await eventually(
      async () => (await readStore<Stored>(page, 'verseHighlights')).some((h) => h.passage.verse === 5 && h.color === 'pink'),
      'the pink highlight kept',
    );
    await tools.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Verse 5');

    // On to verse 6 and "Add note": once the note is saved and its sheet closed, focus is on Verse 6.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Verse 6');
    await noteByKeyboard(6, 'Born of the Spirit.');
    expect(await focused()).toBe('Verse 6');
    await context.close();
  });

  it('in the chapter reader by keyboard, a highlight removed from its sheet leaves focus on the verse’s number', async () => {
    const { page, context, focused, tabTo, noteByKeyboard } = await johnThreeByKeyboard(7);
    type Stored = { passage: { verse: number }; note: string };
    const kept = async (verse: number) => (await readStore<Stored>(page, 'verseHighlights')).filter((h) => h.passage.verse === verse);

    // Verse 7 with a note; its note marker opens the sheet, and "Remove highlight" takes the marker away.
    await page.getByRole('button', { name: 'Verse 7', exact: true }).focus();
    await noteByKeyboard(7, 'Marvel not.');
    expect(await focused()).toBe('Verse 7');
    const sheet7 = page.getByRole('dialog', { name: 'John 3:7' });
    await tabTo('Note on verse 7');
    await page.keyboard.press('Enter');
    await tabTo('Remove highlight');
    await page.keyboard.press('Enter');
    await eventually(async () => (await kept(7)).length === 0, 'the highlight on verse 7 removed');
    await sheet7.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Note on verse 7' }).waitFor({ state: 'detached' });
    expect(await focused()).toBe('Verse 7');

    // Verse 8 in pink, chosen again: "Edit highlight" opens the sheet, and goes with the highlight.
    await tabTo('Verse 8');
    await page.keyboard.press('Enter');
    await tabTo('Highlight in pink');
    await page.keyboard.press('Enter');
    await eventually(async () => (await kept(8)).length === 1, 'the pink highlight kept');
    const tools = page.getByRole('group', { name: 'Tools for John 3:8' });
    await tools.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Verse 8');
    await page.keyboard.press('Enter');
    const edit = tools.getByRole('button', { name: 'Edit highlight' });
    await edit.waitFor();
    await tabTo('Edit highlight');
    await page.keyboard.press('Enter');
    const sheet8 = page.getByRole('dialog', { name: 'John 3:8' });
    await sheet8.waitFor();
    await tabTo('Remove highlight');
    await page.keyboard.press('Enter');
    await eventually(async () => (await kept(8)).length === 0, 'the highlight on verse 8 removed');
    await sheet8.waitFor({ state: 'hidden' });
    await edit.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Verse 8');
    await context.close();
  });

  it('opens a lesson’s citation on the Family page offline after a reload', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/family');
    const first = page.locator('[data-testid="lesson"] a[href^="/bible/"]').first();
    await first.waitFor();
    const href = (await first.getAttribute('href'))!;
    await waitForServiceWorker(page);
    const slug = href.split('/')[2]!;
    // Every book the device's lessons cite is kept once the sync settles; this one among them.
    await waitForBooks(page, [bookBySlug(slug)!.osis]);

    await context.setOffline(true);
    await page.reload();
    const link = page.locator(`[data-testid="lesson"] a[href="${href}"]`).first();
    await link.click();
    const sheet = page.getByRole('dialog');
    await sheet.getByTestId('verse-sheet-text').waitFor();
    await expect(sheet.getByRole('heading', { level: 2 }).textContent()).resolves.not.toBe('');
    expect((await sheet.getByTestId('verse-sheet-text').textContent())!.length).toBeGreaterThan(20);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });

  it('draws the chapter reader on the server for a cold visitor, with its own title and preview tags', async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    const response = await page.goto('/bible/john/3#v16');
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('John 3 · Living Best Now');
    await expect(page.locator('meta[property="og:description"]').getAttribute('content')).resolves.toMatch(/^Now there was a man of the Pharisees/);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toMatch(/\/bible\/john\/3$/);
    await expect(page.locator('#v16').textContent()).resolves.toContain(JOHN_3_16);
    await expect(page.getByRole('link', { name: 'John 4 →' }).getAttribute('href')).resolves.toBe('/bible/john/4');
    expect((await page.goto('/bible/john/22'))?.status()).toBe(404);
    await context.close();
  });

  it('finds the article citing John 3:14-18 by "John 3:16", the citation in its preview', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    // Searched once the device holds the article (a search answers from what is stored).
    await waitForDeviceDb(page);
    for (let tries = 0; !(await readStore<{ _id: string }>(page, 'articles')).some((a) => a._id === article._id); tries += 1) {
      if (tries > 120) throw new Error('the article never reached the device');
      await page.waitForTimeout(250);
    }
    const input = page.getByPlaceholder('Search articles...');
    await input.fill('John 3:16');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // A search's cards are the ones with a preview line (the home list has none).
    const card = page.locator('[data-testid="article-card"]', { hasText: article.title, has: page.getByTestId('search-preview') });
    await card.waitFor({ timeout: 30_000 });
    await expect(card.locator('[data-testid="search-preview"] mark').textContent()).resolves.toBe('John 3:14-18');
    await context.close();
  });
});
