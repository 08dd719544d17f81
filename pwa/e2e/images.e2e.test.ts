// A large photo pasted into the editor is stored by the server as files (backend/src/modules/
// images), and a reader's device keeps them in the background (sync/images/), so the article's
// picture shows offline although the reader never opened it online.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_PATHS } from '@fw/contracts/paths';
import { imageUrlsIn } from '@fw/contracts/images';
import type { Article } from '@fw/contracts';
import { launchBrowser, newPage, waitForNew, waitOrTell } from './browser.ts';
import { describePicture, eventually, loginAsDemoAdmin, writeSucceeds } from './admin-helpers.ts';
import { adminToken, deleteArticle, waitForServiceWorker } from './reader-helpers.ts';

const stamp = `img-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const PHOTO = { width: 4000, height: 3000 };
/** Sending 8 MB of base64 and encoding the photo took 3.6 s alone, past 15 s with the machine busy. */
const SAVE_PHOTO_TIMEOUT_MS = 90_000;
/** The whole test: two such saves' worth of waiting, plus a first sync and an offline read. */
const TEST_TIMEOUT_MS = 240_000;

/** Pastes a noisy 4000×3000 JPEG made in the page (a phone photo's size) into the editor. */
async function pastePhoto(page: Page): Promise<number> {
  await page.locator('.ql-editor').click();
  await page.keyboard.press('Control+End');
  return page.evaluate(async ({ width, height }) => {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(width, height);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const shade = 90 + Math.random() * 80;
      pixels.data.set([shade, shade * 0.9, shade * 0.8, 255], i);
    }
    context.putImageData(pixels, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'photo.jpg', { type: 'image/jpeg' }));
    document.querySelector('.ql-editor')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    return blob.size;
  }, PHOTO);
}

/** The files of `urls` the page's origin holds in its Cache Storage. */
/**
 * The All Articles row of this title, once the list shows it. Failing, it says what the list and
 * the outbox held, so a row that never came can be told from a row the page would not let a click reach.
 */
async function rowTitled(page: Page, title: string) {
  const link = page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title });
  await waitOrTell(page, link, `the row titled "${title}" in All Articles`);
  return link;
}

const cached = (page: Page, urls: string[]) =>
  page.evaluate(async (list) => {
    const found: string[] = [];
    for (const url of list) if (await caches.match(url)) found.push(url);
    return found;
  }, urls);

describe('article images on phones', () => {
  let browser: Browser;
  let article: Article | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (article) await deleteArticle(await adminToken(), article._id);
  });

  it('stores a pasted large photo as files, and a reader sees it offline without having opened it online', async () => {
    const admin = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await loginAsDemoAdmin(admin.page);
    await waitForNew(admin.page, '.ql-editor', () =>
      admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Create', exact: true }).click(),
    );
    const title = `A photo from the hills ${stamp}`;
    await admin.page.getByLabel('Title', { exact: true }).fill(title);
    await admin.page.getByLabel('Subtitle', { exact: true }).fill('Taken on a phone');
    await admin.page.locator('.ql-editor').click();
    await admin.page.keyboard.type('The view from the top.');
    await admin.page.keyboard.press('Enter');
    const photoBytes = await pastePhoto(admin.page);
    expect(photoBytes).toBeGreaterThan(1_000_000);
    await describePicture(admin.page);
    // The editor holds it inline (a data: URL, so writing works offline) until the save.
    // Held, not necessarily drawn yet: a 12-megapixel picture decodes slowly on a busy machine.
    await admin.page.locator('.ql-editor img[src^="data:image/jpeg;base64,"]').waitFor({ state: 'attached', timeout: 60_000 });
    await admin.page.getByLabel('Category').selectOption('Life');
    // A draft first: the admin list opens drafts in the editor (a published one opens its page).
    const saved = await writeSucceeds(
      admin.page,
      'POST',
      API_PATHS.addArticle,
      () => admin.page.getByRole('button', { name: 'Create Article' }).click(),
      undefined,
      SAVE_PHOTO_TIMEOUT_MS,
    );
    article = saved.article as Article;
    expect(article.content).not.toContain('data:');
    expect(article.content).toMatch(/<picture><source type="image\/webp" srcset="[^"]+-640\.webp 640w, [^"]+-800\.webp 800w, [^"]+-1600\.webp 1600w"/);
    expect(article.content).toContain('width="1600" height="1200" alt=""');
    const files = imageUrlsIn(article.content);
    const webp = files.filter((url) => url.endsWith('.webp'));
    expect(webp).toHaveLength(3);

    // Opened again in the editor, the stored picture stays (Quill holds our <img>), and an edit
    // that publishes it keeps the same files and markup.
    const nav = (name: string) => admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
    // The save ends on its own screen (the editor's address, showing what was saved): leave only
    // once it is there, or the save's own navigation, landing late on a busy machine, takes the
    // page back to it after ours. Whatever it says: the server's answer proved the save above,
    // and the editor waits 8 s for it (sync/send-write.ts WRITE_REPORT_WAIT_MS), so a photo saved
    // on a busy machine may show "Saved on this device" (`queued`) instead of `sent`.
    await admin.page.getByTestId('saved-panel').waitFor({ timeout: 60_000 });
    // From the keyboard: the save's toast slides in at the top of the screen just now, and a
    // pointer click at the link's place can land on the toast instead.
    await nav('All Articles').focus();
    await admin.page.keyboard.press('Enter');
    // A minute, as for the pictures above: the page has just handled a 12-megapixel photo, and on
    // a busy machine the list's screen (its own script) can take a while; if it never comes, the
    // error says what the page showed instead.
    await waitOrTell(admin.page, admin.page.getByRole('heading', { name: 'All Articles', level: 1 }), 'All Articles after the save', 60_000);
    await (await rowTitled(admin.page, title)).click();
    await admin.page.waitForURL('**/admin/create');
    await admin.page
      .locator(`.ql-editor img[src="${files.find((url) => !url.endsWith('.webp') && url.includes('-1600.'))}"]`)
      .waitFor({ state: 'attached', timeout: 60_000 });
    await admin.page.getByLabel('Subtitle', { exact: true }).fill('Taken on a phone, edited');
    await admin.page.getByLabel('Publish Now').check();
    const edited = await writeSucceeds(admin.page, 'POST', API_PATHS.addArticle, () =>
      admin.page.getByRole('button', { name: 'Update Article' }).click(),
    );
    article = edited.article as Article;
    expect(article).toMatchObject({ subtitle: 'Taken on a phone, edited', isPublished: true });
    expect(article.content).toBe((saved.article as Article).content);
    await admin.context.close();

    // A reader's phone: the first visit syncs the library and keeps its pictures in the background.
    const reader = await newPage(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
    await reader.page.goto('/');
    await waitForServiceWorker(reader.page);
    // The first sync of every test's library: a minute on a busy machine.
    await reader.page.getByTestId('article-card').filter({ hasText: title }).waitFor({ timeout: 60_000 });
    await eventually(async () => (await cached(reader.page, webp)).length === webp.length, 'the photo kept on the device', 30_000);
    // Counted in "On this device" (other tests' articles may hold pictures too: all of them kept).
    await eventually(async () => {
      const text = (await reader.page.getByTestId('images-on-device').textContent()) ?? '';
      const counts = /: ([\d,]+) of ([\d,]+) kept/.exec(text);
      return counts !== null && counts[1] === counts[2] && Number(counts[2]!.replace(/,/g, '')) >= webp.length;
    }, 'the footer to count the kept pictures', 15_000);
    // Nothing drew the photo online: it was kept by the background step, not by a visit.
    const drawn = await reader.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(drawn.filter((url) => url.includes('/api/images/'))).toEqual([]);

    await reader.context.setOffline(true);
    await reader.page.goto(`/article/${article._id}`);
    await reader.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const image = reader.page.locator('.article-content picture img');
    await image.scrollIntoViewIfNeeded();
    await reader.page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('.article-content picture img');
        return img !== null && img.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
    const shown = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, src: img.currentSrc }));
    expect(shown.width).toBeGreaterThan(0);
    expect(webp.map((url) => new URL(url, 'http://x').pathname)).toContain(new URL(shown.src).pathname);
    await reader.context.close();
  }, TEST_TIMEOUT_MS);
});
