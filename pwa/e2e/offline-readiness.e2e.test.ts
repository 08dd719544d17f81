// Offline readiness a reader can see: the quiet progress line of a first sync of a few hundred
// articles, the device's state afterwards, and a store that refuses more (quota) said plainly
// while reading online keeps working and queued changes stay queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Article } from '@fw/contracts';
import { SYNC_PAGE_ITEMS } from '../src/sync/pull.ts';
import { STORAGE_FULL_MESSAGE } from '../src/lib/storage.ts';
import { apiCall, eventually } from './admin-helpers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore } from './reader-helpers.ts';

/** Enough for two feed pages beyond the demo content. */
const EXTRA_ARTICLES = 320;
const CREATE_CONCURRENCY = 4;
const formatCount = (n: number) => n.toLocaleString('en-US');

async function publishedCount(): Promise<number> {
  return (await apiCall<{ articles: Article[] }>('GET', '/api/articles/all')).data.articles.length;
}

/**
 * A device out of space. Chromium's DevTools quota override does not reach these browser contexts
 * here, so IndexedDB writes are refused the way a full device refuses them: put/add throw the
 * browser's own QuotaExceededError while the tab's session says so (it holds across reloads and
 * navigations, from the page's first script). Reads and deletes work.
 */
function refuseWritesWhenFull() {
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
      if (sessionStorage.getItem('test:storageFull') === '1') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return original.apply(this, args);
    };
  }
}
const setStorageFull = (page: Page, full: boolean) =>
  page.evaluate((value) => sessionStorage.setItem('test:storageFull', value ? '1' : '0'), full);

describe('offline readiness', () => {
  let browser: Browser;
  let token: string;
  const made: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    let next = 0;
    await Promise.all(
      Array.from({ length: CREATE_CONCURRENCY }, async () => {
        while (next < EXTRA_ARTICLES) {
          const i = next++;
          made.push((await createArticle(token, { title: `Readiness ${i}`, content: `<p>Article ${i} of the first sync.</p>` }))._id);
        }
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    for (const id of made) await deleteArticle(token, id);
  });

  it('shows "Saving articles for offline reading: N of TOTAL" during a first sync, without blocking reading', async () => {
    const total = await publishedCount();
    expect(total).toBeGreaterThan(SYNC_PAGE_ITEMS);
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    // Pages of SYNC_PAGE_ITEMS instead of the PWA's ARTICLE_PAGE_ITEMS, so a few hundred articles
    // take several pages, as thousands would. The first comes at once; the rest waits until the
    // line has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldPages = 0;
    await page.route((url) => url.pathname === '/api/sync/articles', async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', String(SYNC_PAGE_ITEMS));
      if (url.searchParams.has('since')) {
        heldPages += 1;
        await held;
      }
      await route.continue({ url: url.toString() });
    });
    await page.goto('/');
    const line = page.getByTestId('sync-progress');
    // The first page holds SYNC_PAGE_ITEMS changes; a few are drafts (removals), so a few less are saved.
    await line.getByText(`of ${formatCount(total)}`, { exact: false }).waitFor({ timeout: 20_000 });
    const shown = /^Saving articles for offline reading: ([\d,]+) of ([\d,]+)$/.exec((await line.textContent())!.trim());
    expect(shown).not.toBeNull();
    const saved = Number(shown![1]!.replace(/,/g, ''));
    expect(saved).toBeGreaterThan(SYNC_PAGE_ITEMS / 2);
    expect(saved).toBeLessThanOrEqual(SYNC_PAGE_ITEMS);
    expect(heldPages).toBeGreaterThan(0);
    // Reading goes on meanwhile: the saved articles are listed and open.
    await page.locator('[data-testid="article-card"]').first().click();
    await page.getByRole('group', { name: 'Article actions' }).waitFor();
    await expect(line.count()).resolves.toBe(1);

    release();
    await line.waitFor({ state: 'detached', timeout: 30_000 });
    const counts = page.getByTestId('device-counts');
    await counts.getByText(`${formatCount(total)} articles`, { exact: false }).waitFor({ timeout: 20_000 });
    await page.getByTestId('device-last-sync').getByText('Last synced a few seconds ago.').waitFor();
    await expect(page.getByTestId('device-persistence').textContent()).resolves.toMatch(/Kept|Not guaranteed/);
    await context.close();
  });

  it('says plainly when the device refuses to store more, keeps reading online, and keeps the outbox', async () => {
    const { page, context } = await newPage(browser);
    await page.addInitScript(refuseWritesWhenFull);
    await page.goto('/');
    await page.getByTestId('device-counts').getByText(/[1-9][\d,]* articles/).waitFor({ timeout: 30_000 });

    // A comment written offline waits in the outbox.
    const [article] = (await apiCall<{ articles: Article[] }>('GET', '/api/articles/all')).data.articles;
    await page.goto(`/article/${article!._id}`);
    await page.getByRole('heading', { level: 1, name: article!.title }).waitFor();
    await context.setOffline(true);
    await page.locator('input[name="name"]').fill('Quota reader');
    await page.locator('textarea[name="content"]').fill('Written before the device filled up.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await eventually(async () => (await readStore(page, 'outbox')).length === 1, 'the comment to wait in the outbox');

    // The device is now full: a new comment cannot be stored; the message is plain, the text stays.
    await setStorageFull(page, true);
    await page.locator('input[name="name"]').fill('Quota reader');
    await page.locator('textarea[name="content"]').fill('Written on a full device.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText(STORAGE_FULL_MESSAGE).first().waitFor();
    await expect(page.locator('textarea[name="content"]').inputValue()).resolves.toBe('Written on a full device.');
    expect(await readStore(page, 'outbox')).toHaveLength(1);

    // Online again on the full device: a new article is read from the server though it cannot be kept.
    await context.setOffline(false);
    const fresh = await createArticle(token, { title: 'Readiness: published while the device was full' });
    made.push(fresh._id);
    await page.goto(`/article/${fresh._id}`);
    await page.getByRole('heading', { level: 1, name: fresh.title }).waitFor({ timeout: 20_000 });
    await page.getByTestId('storage-full').waitFor();
    expect(await readStore(page, 'outbox')).toHaveLength(1);

    // Room again: the queued comment is sent, exactly once.
    await setStorageFull(page, false);
    await page.reload();
    await eventually(async () => (await readStore(page, 'outbox')).length === 0, 'the outbox to be sent', 30_000);
    const { data } = await apiCall<{ comments: { content: string }[] }>('GET', '/api/admin/comments', undefined, token);
    expect(data.comments.filter((c) => c.content === 'Written before the device filled up.')).toHaveLength(1);
    expect(data.comments.filter((c) => c.content === 'Written on a full device.')).toHaveLength(0);
    await page.getByTestId('storage-full').waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});
