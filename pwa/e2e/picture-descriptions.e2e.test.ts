// Pictures in a real chromium against the real server: the editor asks for a description of a
// picture chosen or pasted (Save puts it in the saved article's alt text, Skip leaves alt empty,
// "Edit description" changes it later), and a 375 px phone with a 2x screen draws the middle
// width (backend/src/modules/images), not the 1600 px file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { API_PATHS } from '@fw/contracts/paths';
import { IMAGE_WIDTHS_PX } from '@fw/contracts/images';
import type { Article } from '@fw/contracts';
import { launchBrowser, newPage, waitForAppDrawn, waitForNew } from './browser.ts';
import { describePicture, loginAsDemoAdmin, pasteImage, writeSucceeds } from './admin-helpers.ts';
import { adminToken, createArticle, deleteArticle } from './reader-helpers.ts';
import { DESCRIBE_PICTURE_TITLE, EDIT_DESCRIPTION_LABEL } from '../src/features/admin-editor/picture-description.ts';

const stamp = `pic-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A noisy photo (so it does not compress to nothing), as a phone would take it, only smaller. */
const photo = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 60 + seed * 30, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

const altsOf = (html: string) => [...html.matchAll(/<img\b[^>]*\salt="([^"]*)"/g)].map((match) => match[1]);

describe('pictures', () => {
  let browser: Browser;
  const made: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const token = await adminToken();
    for (const id of made) await deleteArticle(token, id);
  });

  it('asks for a description of a chosen or pasted picture; Save makes it the alt text, Skip leaves it empty, and it can be edited later', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await loginAsDemoAdmin(page);
    const nav = (name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
    await waitForNew(page, '.ql-editor', () => nav('Create').click());
    const title = `Described pictures ${stamp}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle', { exact: true }).fill('Two pictures');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('The lake.');
    await page.keyboard.press('Enter');

    // Pasted: the question comes with the description field focused; Skip leaves it without one.
    const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 40, g: 160, b: 70 } } }).png().toBuffer();
    await pasteImage(page, square.toString('base64'), 'image/png');
    const dialog = page.getByRole('dialog', { name: DESCRIBE_PICTURE_TITLE });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.screenshot({ path: '/tmp/shots/picture-description-1280.png' });
    await describePicture(page);
    await page.locator('.ql-editor img[src^="data:image/png"]').waitFor();

    // Chosen with the toolbar's picture button: Save puts the description on it.
    await page.keyboard.press('Control+End');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.ql-toolbar button.ql-image').click()]);
    await chooser.setFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 600, 1) });
    await describePicture(page, 'A still lake at dawn, "mist" on the water');
    await page.locator('.ql-editor img[alt="A still lake at dawn, \\"mist\\" on the water"]').waitFor();

    await page.getByLabel('Category').selectOption('Life');
    const saved = await writeSucceeds(page, 'POST', API_PATHS.addArticle, () => page.getByRole('button', { name: 'Create Article' }).click());
    const article = saved.article as Article;
    made.push(article._id);
    expect(altsOf(article.content)).toEqual(['', 'A still lake at dawn, &quot;mist&quot; on the water']);

    // Opened again: a click on the picture offers "Edit description", filled with the one it has.
    await nav('All Articles').click();
    await page.getByRole('heading', { name: 'All Articles', level: 1 }).waitFor();
    await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await page.waitForURL('**/admin/create');
    const described = page.locator('.ql-editor img[alt^="A still lake"]');
    await described.click();
    await page.getByRole('button', { name: EDIT_DESCRIPTION_LABEL }).click();
    await dialog.waitFor();
    const field = dialog.getByLabel('Description', { exact: true });
    expect(await field.inputValue()).toBe('A still lake at dawn, "mist" on the water');
    await describePicture(page, 'A still lake at dawn');
    // The other one, described now; Skip on an edit changes nothing.
    await page.locator('.ql-editor img').first().click();
    await page.getByRole('button', { name: EDIT_DESCRIPTION_LABEL }).click();
    await describePicture(page, 'A green square');
    await described.click();
    await page.getByRole('button', { name: EDIT_DESCRIPTION_LABEL }).click();
    await describePicture(page);
    const edited = await writeSucceeds(page, 'POST', API_PATHS.addArticle, () => page.getByRole('button', { name: 'Update Article' }).click());
    expect(altsOf((edited.article as Article).content)).toEqual(['A green square', 'A still lake at dawn']);
    await context.close();
  });

  it(`draws the ${IMAGE_WIDTHS_PX.MEDIUM} px file, not the ${IMAGE_WIDTHS_PX.LARGE} px one, on a 375 px phone with a 2x screen`, async () => {
    const picture = await photo(2400, 1600, 2);
    const article = await createArticle(await adminToken(), {
      title: `A wide photo ${stamp}`,
      content: `<p>Below.</p><p><img src="data:image/jpeg;base64,${picture.toString('base64')}" alt="Hills"></p>`,
    });
    made.push(article._id);
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    const asked: string[] = [];
    // What the page asks for to draw (type "image"); the device's keeper of pictures for offline
    // (sync/images/) fetches every width in the background, and those are not what is drawn.
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && request.url().includes('/api/images/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`/article/${article._id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    // The app draws the article again over the server's copy; its picture is the one to watch.
    await waitForAppDrawn(page, '.article-content');
    const image = page.locator('.article-content picture img');
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.article-content picture img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const shown = await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(shown).toMatch(new RegExp(`-${IMAGE_WIDTHS_PX.MEDIUM}\\.webp$`));
    expect(asked.filter((path) => path.includes(`-${IMAGE_WIDTHS_PX.LARGE}.`))).toEqual([]);
    await context.close();
  });
});
