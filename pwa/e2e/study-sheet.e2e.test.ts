// The study sheet and the highlight bar, on a phone by touch and on a wide screen: "Save note"
// closes the sheet and gives focus back (the note kept across a reload), and the bar's colour
// buttons show their names, to touch users before any tap and to keyboard users on focus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually } from './admin-helpers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore, type MadeArticle } from './reader-helpers.ts';
import { highlightsOf, selectWords } from './study-helpers.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SCREENS = [
  ['375 px by touch', PHONE],
  ['1280 px', DESKTOP],
] as const;
const COLOURS = ['Yellow', 'Green', 'Blue', 'Pink'];

const CONTENT =
  '<p>Patience grows slowly, like a tree by the water.</p>' +
  '<p>Kindness is a word said at the right time.</p>' +
  '<p>Gentle answers turn away anger at the table.</p>';

async function openArticle(page: Page, article: MadeArticle) {
  await page.goto(`/article/${article._id}`);
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  await page.getByTestId('notes-button').waitFor();
}

/** A box the reader can see: laid out, not hidden, and inside the screen. */
async function seenBox(page: Page, locator: Locator) {
  if (!(await locator.isVisible())) return null;
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return box && box.width > 0 && box.height > 0 && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height
    ? box
    : null;
}

describe('study sheet and bar', () => {
  let browser: Browser;
  let token: string;
  const made: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
  });
  afterAll(async () => {
    await browser?.close();
    for (const id of made) await deleteArticle(token, id);
  });

  for (const [name, screen] of SCREENS) {
    it(`closes the sheet on "Save note" and keeps the note (${name})`, async () => {
      const article = await createArticle(token, { title: `Sheet ${name} ${Date.now()}`, content: CONTENT });
      made.push(article._id);
      const { page, context } = await newPage(browser, screen);
      const press = (target: Locator) => ('hasTouch' in screen ? target.tap() : target.click());
      await openArticle(page, article);

      // A highlight with a note, from the bar's "Add note".
      await selectWords(page, 'Kindness is a word');
      await press(page.getByRole('group', { name: 'Highlight the selected words' }).getByRole('button', { name: 'Add note' }));
      const sheet = page.getByRole('dialog', { name: 'Highlight' });
      await sheet.getByLabel('Add a note').fill('Say it kindly.');
      await press(sheet.getByRole('button', { name: 'Save note' }));
      await sheet.waitFor({ state: 'hidden' });
      await eventually(async () => {
        const list = await highlightsOf(page, article._id);
        return list[0]?.note === 'Say it kindly.' ? list : null;
      }, 'the note kept');
      // The bar that opened the sheet is gone: focus goes to the Notes action, not to the page.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notes-button');

      // A note on the whole article, from the Notes action.
      await press(page.getByTestId('notes-button'));
      await press(page.getByRole('dialog', { name: 'Notes on this article' }).getByRole('button', { name: 'Add a note on this article' }));
      const noteSheet = page.getByRole('dialog', { name: 'Note on this article' });
      await noteSheet.getByLabel('Your note on the whole article').fill('Read it again on Sunday.');
      await press(noteSheet.getByRole('button', { name: 'Save note' }));
      await noteSheet.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notes-button');
      await eventually(async () => (await readStore<{ text: string }>(page, 'notes')).some((n) => n.text === 'Read it again on Sunday.'), 'the article note');

      // Both are there after a reload.
      await page.reload();
      await openArticle(page, article);
      // A highlight with a note has its marker after the words (the highlights themselves are
      // drawn by the CSS Custom Highlight API, with no element of their own).
      await press(page.getByTestId('article-content').getByRole('button', { name: 'Your note on “Kindness is a word”' }));
      await sheet.getByText('Say it kindly.').waitFor();
      await press(sheet.getByRole('button', { name: 'Close' }));
      await sheet.waitFor({ state: 'hidden' });
      await press(page.getByTestId('notes-button'));
      await page.getByRole('dialog', { name: 'Notes on this article' }).getByText('Read it again on Sunday.').waitFor();
      await context.close();
    });
  }

  it('writes each colour’s name under its swatch on a touch screen, before any tap', async () => {
    const article = await createArticle(token, { title: `Bar touch ${Date.now()}`, content: CONTENT });
    made.push(article._id);
    const { page, context } = await newPage(browser, PHONE);
    await openArticle(page, article);
    await selectWords(page, 'Gentle answers');
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.waitFor();
    for (const colour of COLOURS) {
      const button = bar.getByRole('button', { name: `Highlight in ${colour.toLowerCase()}` });
      const label = await seenBox(page, button.getByText(colour, { exact: true }));
      const swatch = (await button.boundingBox())!;
      expect(label, `${colour} written`).not.toBeNull();
      expect(label!.y).toBeGreaterThanOrEqual(swatch.y + swatch.height - 1);
    }
    await page.screenshot({ path: '/tmp/shots/study-375-bar-names.png' });
    await context.close();
  });

  // 360 px: the narrowest common phone; the header's own rule names 375 px as the narrowest it fits.
  // 320 px: the narrowest phones still sold (an iPhone SE of the first kind), where "Add note" goes
  // to a second line (study.module.css).
  for (const width of [320, 360, 375]) {
    it(`keeps each colour a 44 px target at ${width} px, the bar whole on the screen`, async () => {
      const article = await createArticle(token, { title: `Bar size ${width} ${Date.now()}`, content: CONTENT });
      made.push(article._id);
      const { page, context } = await newPage(browser, { ...PHONE, viewport: { width, height: 740 } });
      await openArticle(page, article);
      await selectWords(page, 'Kindness is a word');
      const bar = page.getByRole('group', { name: 'Highlight the selected words' });
      await bar.waitFor();
      for (const colour of COLOURS) {
        const swatch = (await bar.getByRole('button', { name: `Highlight in ${colour.toLowerCase()}` }).boundingBox())!;
        expect(swatch.width, `${colour} wide`).toBeGreaterThanOrEqual(44);
        expect(swatch.height, `${colour} high`).toBeGreaterThanOrEqual(44);
      }
      expect(await seenBox(page, bar), 'the bar inside the screen').not.toBeNull();
      expect(await seenBox(page, bar.getByRole('button', { name: 'Add note' })), 'Add note inside the screen').not.toBeNull();
      // Nothing in the bar runs into its padding or past its edge.
      const past = await bar.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        return [...el.children].filter((c) => c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().right > right + 0.5).map((c) => c.textContent);
      });
      expect(past).toEqual([]);
      // Nothing of it past the screen's edges, the names under the swatches included, and no name
      // written over a button of a second line.
      const outside = await bar.evaluate((el) =>
        [el, ...el.querySelectorAll('*')]
          .map((part) => [part, part.getBoundingClientRect()] as const)
          .filter(([, box]) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth || box.top < 0 || box.bottom > window.innerHeight))
          .map(([part, box]) => `${part.textContent} ${Math.round(box.left)}..${Math.round(box.right)}`),
      );
      expect(outside).toEqual([]);
      const overlaps = await bar.evaluate((el) => {
        const names = [...el.querySelectorAll('button > span')].map((name) => [name.textContent, name.getBoundingClientRect()] as const);
        const buttons = [...el.querySelectorAll('button')].map((button) => [button, button.getBoundingClientRect()] as const);
        return names.flatMap(([text, n]) =>
          buttons
            .filter(([, b]) => n.width > 0 && n.left < b.right && n.right > b.left && n.top < b.bottom && n.bottom > b.top)
            .filter(([button]) => button.textContent !== text)
            .map(([button]) => `${text} over ${button.textContent}`),
        );
      });
      expect(overlaps).toEqual([]);
      await context.close();
    });
  }

  it('shows a colour’s name while its button has keyboard focus', async () => {
    const article = await createArticle(token, { title: `Bar keyboard ${Date.now()}`, content: CONTENT });
    made.push(article._id);
    const { page, context } = await newPage(browser, DESKTOP);
    await openArticle(page, article);
    await page.getByTestId('article-content').evaluate((el) => {
      el.setAttribute('tabindex', '-1');
      el.focus();
    });
    await selectWords(page, 'Patience grows');
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.waitFor();
    const name = (colour: string) => bar.getByRole('button', { name: `Highlight in ${colour.toLowerCase()}` }).getByText(colour, { exact: true });
    // Not shown before the focus reaches it (a mouse user sees it on hover).
    expect(await seenBox(page, name('Yellow'))).toBeNull();
    for (let i = 0; i < 4 && !(await bar.evaluate((b) => b.contains(document.activeElement))); i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Highlight in yellow');
    expect(await seenBox(page, name('Yellow'))).not.toBeNull();
    await page.keyboard.press('Tab');
    expect(await seenBox(page, name('Green'))).not.toBeNull();
    expect(await seenBox(page, name('Yellow'))).toBeNull();
    await page.screenshot({ path: '/tmp/shots/study-1280-bar-focus.png' });
    await context.close();
  });
});
