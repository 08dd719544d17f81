// Highlights drawn with the CSS Custom Highlight API, in a real chromium against the real server:
// one made, the page reloaded, then opened by a finger's tap on its words at 375 px, or by the
// keyboard through its note marker at 1280 px, recoloured and removed; the colours on screen are
// the theme's highlight tints, and axe finds nothing to fix with a marker in the text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from './admin-helpers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken, createArticle, deleteArticle, type MadeArticle } from './reader-helpers.ts';
import { drawnHighlights, highlightBox, highlightsOf, selectWords, tapHighlight } from './study-helpers.ts';
import { axeViolations } from './ui-checks.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const CONTENT =
  '<h2>Evening reading</h2>' +
  '<p>Kindness is quiet work. The children set the table while the bread was warm.</p>' +
  '<p>Read <a href="https://example.org/ruth-1">Ruth 1:16</a> and talk about <strong>loyal love</strong> at home.</p>';

async function openArticle(page: Page, article: MadeArticle) {
  await page.goto(`/article/${article._id}`);
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  await page.getByTestId('notes-button').waitFor();
}

/** The colour most of the highlight's first line shows on screen (its tint; the letters are few). */
async function tintOnScreen(page: Page, name: string, text: string): Promise<number[]> {
  const box = (await highlightBox(page, name, text))!;
  const png = await page.screenshot({ clip: { x: box.x, y: box.y, width: Math.max(1, box.width), height: Math.max(1, box.height) } });
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0].split(',').map(Number);
  }, png.toString('base64'));
}

/** The theme's tint for a highlight colour (tokens.css), as [r, g, b]. */
async function themeTint(page: Page, color: string): Promise<number[]> {
  const hex = await page.evaluate((c) => getComputedStyle(document.documentElement).getPropertyValue(`--hl-${c}`).trim(), color);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

function expectClose(actual: number[], expected: number[]) {
  for (const [i, value] of expected.entries()) expect(Math.abs(actual[i]! - value), `channel ${i} of ${actual} against ${expected}`).toBeLessThanOrEqual(3);
}

describe('highlights drawn with the Highlight API', () => {
  let browser: Browser;
  let token: string;
  let article: MadeArticle;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    article = await createArticle(token, { title: `Highlight layer test ${Date.now()}`, content: CONTENT });
  });
  afterAll(async () => {
    await browser?.close();
    if (article) await deleteArticle(token, article._id);
  });

  it('at 375 px by touch: made, reloaded, tapped on its words, recoloured and removed', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openArticle(page, article);
    const words = 'set the table while the bread';
    await selectWords(page, words);
    await page.getByRole('button', { name: 'Highlight in green' }).tap();
    const made = await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h.quote.exact === words), 'the highlight kept');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await eventually(async () => (await drawnHighlights(page))['hl-green']?.includes(words), 'the highlight drawn after the reload');
    // No element wraps the words: the page's text is as the server sent it.
    expect(await page.getByTestId('article-content').locator('mark').count()).toBe(0);
    expectClose(await tintOnScreen(page, 'hl-green', words), await themeTint(page, 'green'));

    const sheet = page.getByRole('dialog', { name: 'Highlight' });
    await tapHighlight(page, 'hl-green', words);
    await sheet.getByText(words).waitFor();

    await sheet.getByRole('radio', { name: 'Pink' }).tap();
    await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h._id === made._id)?.color === 'pink', 'the new colour kept');
    await eventually(async () => {
      const drawn = await drawnHighlights(page);
      return drawn['hl-pink']?.includes(words) && !drawn['hl-green'];
    }, 'the highlight drawn pink');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await sheet.waitFor({ state: 'hidden' });
    expectClose(await tintOnScreen(page, 'hl-pink', words), await themeTint(page, 'pink'));

    await tapHighlight(page, 'hl-pink', words);
    await sheet.getByRole('button', { name: 'Remove highlight' }).tap();
    await eventually(async () => !(await highlightsOf(page, article._id)).some((h) => h._id === made._id), 'the highlight removed');
    await eventually(async () => Object.keys(await drawnHighlights(page)).length === 0, 'nothing drawn');
    await context.close();
  });

  it('at 1280 px by keyboard, dark: the note marker opens it after a reload; recoloured and removed; axe clean', async () => {
    const { page, context } = await newPage(browser, { ...DESKTOP, colorScheme: 'dark', bypassCSP: true });
    await openArticle(page, article);
    const content = page.getByTestId('article-content');
    await content.evaluate((el) => {
      el.setAttribute('tabindex', '-1');
      el.focus();
    });
    // It ends inside the link: the marker stands after the link, not in it.
    const words = 'Read Ruth 1:16';
    await selectWords(page, words);
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.getByRole('button', { name: 'Add note' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Highlight' });
    await sheet.getByLabel('Add a note').focus();
    await page.keyboard.type('Loyal love, every day.');
    await sheet.getByRole('button', { name: 'Save note' }).focus();
    await page.keyboard.press('Enter');
    const made = await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h.note === 'Loyal love, every day.'), 'the note kept');
    expect(made).toMatchObject({ color: 'yellow', quote: { exact: words } });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await eventually(async () => (await drawnHighlights(page))['hl-yellow']?.includes(words), 'the highlight drawn after the reload');
    const marker = content.getByRole('button', { name: `Your note on “${words}”` });
    await marker.waitFor();
    expectClose(await tintOnScreen(page, 'hl-yellow', words), await themeTint(page, 'yellow'));
    expect(await axeViolations(page)).toEqual([]);

    // From the text, Tab reaches the link, then the marker.
    await content.evaluate((el) => {
      el.setAttribute('tabindex', '-1');
      el.focus();
    });
    for (let i = 0; i < 4 && !(await marker.evaluate((m) => m === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    expect(await marker.evaluate((m) => m === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await sheet.getByText('Loyal love, every day.').waitFor();

    await sheet.getByRole('radio', { name: 'Yellow' }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h._id === made._id)?.color === 'green', 'the new colour kept');
    await eventually(async () => (await drawnHighlights(page))['hl-green']?.includes(words), 'the highlight drawn green');
    expect((await drawnHighlights(page))['hl-yellow']).toBeUndefined();

    await sheet.getByRole('button', { name: 'Remove highlight' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => !(await highlightsOf(page, article._id)).some((h) => h._id === made._id), 'the highlight removed');
    await eventually(async () => Object.keys(await drawnHighlights(page)).length === 0, 'nothing drawn');
    await marker.waitFor({ state: 'detached' });
    await context.close();
  });
});
