// Making a highlight with the keys alone, in a real chromium against the real server: Tab reaches
// "Select words to highlight" before the article's text, Enter selects the first word of the
// paragraph at the top of the view, arrows and Shift+arrows move and stretch the selection by word
// and by sentence, Enter goes to the highlight bar (Escape there comes back to the words), and a
// colour makes the highlight: drawn, kept on the device, listed in My notes, there after a reload.
// At 1280 px light and 375 px dark; a screen reader hears each step through a live region.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from './admin-helpers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken, createArticle, deleteArticle, type MadeArticle } from './reader-helpers.ts';
import { drawnHighlights, highlightsOf } from './study-helpers.ts';
import { axeViolations, inViewport } from './ui-checks.ts';

const PHONE = { viewport: { width: 375, height: 740 } };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHOTS = '/tmp/shots';
const CONTROL = 'Select words to highlight';
/** More than the page's stops before the article's text (skip link, header, the row of actions). */
const TABS_MAX = 30;
const HEAR_WAIT_MS = 5_000;

const CONTENT =
  '<p>Evening reading starts here.</p>' +
  '<p>Love is patient. A patient reader keeps reading, one calm line after another.</p>' +
  '<p>Read <a href="https://example.org/john-3">John 3:16</a> with <strong>your family</strong> tonight. Then pray.</p>';

async function openArticle(page: Page, article: MadeArticle) {
  await page.goto(`/article/${article._id}`);
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  await page.getByTestId('notes-button').waitFor();
}

/** What has the keyboard's focus: its name, or "the page". */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const at = document.activeElement;
    return !at || at === document.body ? 'the page' : (at.getAttribute('aria-label') ?? at.textContent ?? '').trim();
  });
}

/** Tab from the top of the page until `name` has the focus (as a reader would), or fail. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < TABS_MAX; i += 1) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** Waits until the page stops scrolling (the keys scroll it smoothly). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  for (let y = await page.evaluate(() => scrollY); y !== last; y = await page.evaluate(() => scrollY)) {
    last = y;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const selection = (page: Page) => page.evaluate(() => document.getSelection()?.toString() ?? '');

/** What the live region says now (to a screen reader; it is not seen). */
const heard = (page: Page) => page.getByTestId('select-words').getByRole('status').evaluate((s) => s.textContent!.trim());

/** Waits for the live region to say `said`; else fails with what it said last. */
async function hear(page: Page, said: string): Promise<void> {
  let last = '';
  for (const until = Date.now() + HEAR_WAIT_MS; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    last = await heard(page);
    if (last.includes(said)) return;
  }
  throw new Error(`Never heard “${said}”; last heard “${last}”`);
}

/** Presses `key` and waits for the live region to say `said` (so for the step to be done). */
async function pressAndHear(page: Page, key: string, said: string): Promise<void> {
  await page.keyboard.press(key);
  await hear(page, said);
}

describe('highlights by keyboard alone', () => {
  let browser: Browser;
  let token: string;
  const made: MadeArticle[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
  });
  afterAll(async () => {
    await browser?.close();
    for (const article of made) await deleteArticle(token, article._id);
  });

  async function newArticle(name: string): Promise<MadeArticle> {
    const article = await createArticle(token, { title: `${name} ${Date.now()}`, content: CONTENT });
    made.push(article);
    return article;
  }

  it('at 1280 px: Tab to the control, select with arrows, Enter to the bar, a colour; kept, in My notes, after a reload', async () => {
    const article = await newArticle('Keyboard highlight test');
    const { page, context } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
    await openArticle(page, article);
    const panel = page.getByTestId('select-words');
    const control = page.getByRole('button', { name: CONTROL });

    // Out of sight until the keys reach it; then shown at the top of the screen.
    expect((await panel.boundingBox())?.width).toBeLessThanOrEqual(1);
    await tabTo(page, CONTROL);
    expect(await inViewport(page, control)).toBe(true);
    expect(await control.getAttribute('aria-describedby')).toBeTruthy();

    // Enter: the first word of the paragraph at the top of the view, said to a screen reader.
    await pressAndHear(page, 'Enter', 'Selecting “Evening”');
    expect(await selection(page)).toBe('Evening');
    await panel.getByText('Shift + arrows').waitFor();
    // Escape stops and unselects; the control keeps the focus, and Enter starts again.
    await pressAndHear(page, 'Escape', 'Stopped selecting.');
    expect(await selection(page)).toBe('');
    expect(await focused(page)).toBe(CONTROL);
    await pressAndHear(page, 'Enter', 'Selecting “Evening”');

    // Down: the next sentence (the next paragraph here); Right: the next word, over a full stop.
    await pressAndHear(page, 'ArrowDown', '“Love”');
    await pressAndHear(page, 'Shift+ArrowRight', '“Love is”, 2 words');
    await pressAndHear(page, 'Shift+ArrowRight', '“Love is patient”, 3 words');
    await pressAndHear(page, 'Shift+ArrowDown', '“Love is patient.”, 3 words');
    await pressAndHear(page, 'Shift+ArrowDown', '“Love is patient. A patient … one calm line after another.”, 13 words');
    await pressAndHear(page, 'Shift+ArrowUp', '“Love is patient.”, 3 words');
    // A full stop is no word: Shift+Left takes "patient." away whole.
    await pressAndHear(page, 'Shift+ArrowLeft', '“Love is”, 2 words');
    await pressAndHear(page, 'Shift+ArrowRight', '“Love is patient”, 3 words');
    expect(await selection(page)).toBe('Love is patient');
    await page.screenshot({ path: `${SHOTS}/study-keyboard-1280-selecting.png` });
    // Nothing for axe to fix while selecting (the panel, the hint, the live region).
    expect(await axeViolations(page)).toEqual([]);

    // Enter: the highlight bar, its first colour focused; Escape comes back to the words.
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await page.keyboard.press('Enter');
    await bar.waitFor();
    await eventually(async () => (await focused(page)) === 'Highlight in yellow', 'the first colour focused');
    await page.keyboard.press('Escape');
    await eventually(async () => (await focused(page)) === CONTROL, 'the focus back on the control');
    expect(await selection(page)).toBe('Love is patient');
    await pressAndHear(page, 'Shift+ArrowRight', '“Love is patient. A”, 4 words');
    await pressAndHear(page, 'Shift+ArrowLeft', '“Love is patient”, 3 words');
    // Tab goes to the bar as Enter does.
    await page.keyboard.press('Tab');
    await eventually(async () => (await focused(page)) === 'Highlight in yellow', 'the first colour focused again');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Highlight in green');
    await page.keyboard.press('Enter');

    const kept = await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h.quote.exact === 'Love is patient'), 'the highlight kept');
    expect(kept).toMatchObject({ color: 'green', note: '' });
    await eventually(async () => (await drawnHighlights(page))['hl-green']?.includes('Love is patient'), 'the highlight drawn');
    await bar.waitFor({ state: 'detached' });
    // The keys are back on the control, which says what was done.
    await hear(page, 'Highlighted in green.');
    expect(await focused(page)).toBe(CONTROL);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await eventually(async () => (await drawnHighlights(page))['hl-green']?.includes('Love is patient'), 'the highlight drawn after the reload');
    await page.goto('/notes');
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    const group = page.getByTestId('notes-group').filter({ has: page.getByRole('heading', { name: article.title }) });
    await group.getByTestId('notes-item').filter({ hasText: 'Love is patient' }).waitFor();
    await context.close();
  });

  it('at 375 px, dark: from the paragraph at the top of the view, across a link, with a note', async () => {
    const article = await newArticle('Keyboard phone test');
    const { page, context } = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
    await openArticle(page, article);
    const control = page.getByRole('button', { name: CONTROL });
    await tabTo(page, CONTROL);
    // Scrolled by the keys until the paragraph before the last is under the header and the panel:
    // the last one is then the first in view, where Enter starts.
    const before = page.getByTestId('article-content').locator('p').nth(1);
    for (let i = 0; i < 20 && ((await before.boundingBox())?.y ?? 0) > 100; i += 1) {
      await page.keyboard.press('ArrowDown');
      await scrollSettled(page);
    }
    expect(await focused(page)).toBe(CONTROL);
    await pressAndHear(page, 'Enter', 'Selecting “Read”');
    expect(await inViewport(page, control)).toBe(true);
    await pressAndHear(page, 'Shift+ArrowDown', '“Read John 3:16 with your family tonight.”, 7 words');
    await pressAndHear(page, 'Shift+ArrowLeft', '“Read John 3:16 with your family”, 6 words');
    // The words stand in view, above the bar at the foot of the screen.
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.waitFor();
    const [words, barTop] = await Promise.all([
      page.evaluate(() => document.getSelection()!.getRangeAt(0).getBoundingClientRect().toJSON() as DOMRect),
      bar.evaluate((b) => b.getBoundingClientRect().top),
    ]);
    expect(words.top).toBeGreaterThan(0);
    expect(words.bottom).toBeLessThan(barTop);
    await page.screenshot({ path: `${SHOTS}/study-keyboard-375-dark-selecting.png` });

    // Enter, then Tab along the bar to "Add note": the note sheet opens on the new highlight.
    await page.keyboard.press('Enter');
    await eventually(async () => (await focused(page)) === 'Highlight in yellow', 'the first colour focused');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Add note');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Highlight' });
    await sheet.getByText('Read John 3:16 with your family').waitFor();
    await eventually(async () => (await focused(page)) === 'Add a note' || (await page.evaluate(() => document.activeElement?.tagName)) === 'TEXTAREA', 'the note field focused');
    await page.keyboard.type('Read it together.');
    await tabTo(page, 'Save note');
    await page.keyboard.press('Enter');
    const kept = await eventually(
      async () => (await highlightsOf(page, article._id)).find((h) => h.note === 'Read it together.'),
      'the highlight and its note kept',
    );
    expect(kept).toMatchObject({ color: 'yellow', quote: { exact: 'Read John 3:16 with your family' } });
    await sheet.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await eventually(async () => (await drawnHighlights(page))['hl-yellow']?.includes('Read John 3:16 with your family'), 'the highlight drawn after the reload');
    await page.goto('/notes');
    const group = page.getByTestId('notes-group').filter({ has: page.getByRole('heading', { name: article.title }) });
    await group.getByText('Read it together.').waitFor();
    await context.close();
  });
});
