// What an admin sees of an article's state and of a save, in a real chromium against the real
// server: on a phone (375 px) every row of All Articles shows published, draft, scheduled (with
// its time in the device's zone) or waiting to sync, and Publish on a scheduled draft asks first;
// at phone and desktop widths the editor says what it saved, with Preview or View article and
// Keep editing, and labels an edit as one (offline too: a queued save says it will be sent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type mongoose from 'mongoose';
import { API_PATHS } from '@fw/contracts/paths';
import { launchBrowser, newPage, waitOrTell } from './browser.ts';
import { collection, connectDb, decline, loginAsDemoAdmin, openAdminEntry, outboxDrained, writeSucceeds } from './admin-helpers.ts';
import { adminToken, createArticle } from './reader-helpers.ts';

const stamp = Date.now().toString(36);
/** 9:00 AM in New York, the admin's zone below, well after any run of this test. */
const SCHEDULED_AT = '2031-12-01T14:00:00.000Z';
const ADMIN_TIME_ZONE = 'America/New_York';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

describe('admin states and saves', () => {
  let browser: Browser;
  let conn: mongoose.Connection;
  const articles = () => collection(conn, 'articles');

  beforeAll(async () => {
    conn = await connectDb();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await conn?.close();
  });

  it('shows every article state in its row at 375 px, and asks before publishing a scheduled draft', async () => {
    const token = await adminToken();
    const titles = {
      draft: `Plain draft ${stamp}`,
      scheduled: `Scheduled draft ${stamp}`,
      published: `Published one ${stamp}`,
      pending: `Pending one ${stamp}`,
    };
    await createArticle(token, { title: titles.draft, isPublished: false });
    await createArticle(token, { title: titles.scheduled, isPublished: false, publishAt: SCHEDULED_AT });
    await createArticle(token, { title: titles.published, isPublished: true });
    await createArticle(token, { title: titles.pending, isPublished: false });

    const { page, context } = await newPage(browser, { viewport: PHONE, timezoneId: ADMIN_TIME_ZONE, serviceWorkers: 'block' });
    try {
      await loginAsDemoAdmin(page);
      await openAdminEntry(page, 'All Articles');
      await page.getByRole('heading', { name: 'All Articles', level: 1 }).waitFor();
      const row = (title: string) => page.getByTestId('article-row').filter({ hasText: title });
      const status = (title: string) => row(title).getByTestId('article-status');
      await row(titles.pending).waitFor();

      // Offline, Publish on one draft: it waits to sync, and its row says so.
      await context.setOffline(true);
      await row(titles.pending).getByRole('button', { name: 'Publish', exact: true }).click();
      await row(titles.pending).getByTestId('pending-badge').waitFor();

      const seen = async (title: string, text: string) => {
        await status(title).scrollIntoViewIfNeeded();
        expect(await status(title).isVisible(), `${title}'s status`).toBe(true);
        expect(await status(title).innerText()).toBe(text);
        const box = (await status(title).boundingBox())!;
        expect(box.x + box.width, `${title}'s status within the screen`).toBeLessThanOrEqual(PHONE.width);
      };
      await seen(titles.draft, 'Draft');
      await seen(titles.scheduled, 'Scheduled for Dec 1, 2031 at 9:00 AM');
      await seen(titles.published, 'Published');
      await seen(titles.pending, 'Published');
      expect(await row(titles.pending).getByTestId('pending-badge').isVisible()).toBe(true);
      await context.setOffline(false);
      await outboxDrained(page);

      // Publish on the scheduled draft asks, naming its time; Cancel leaves it scheduled.
      const dialog = page.getByRole('dialog');
      await row(titles.scheduled).getByRole('button', { name: 'Publish', exact: true }).click();
      await dialog.getByText('This article is scheduled for Dec 1, 2031 at 9:00 AM. Publish it now instead?').waitFor();
      await decline(page, 'Cancel');
      const kept = await articles().findOne({ title: titles.scheduled });
      expect(kept).toMatchObject({ isPublished: false });
      expect((kept!.publishAt as Date).toISOString()).toBe(SCHEDULED_AT);
      await seen(titles.scheduled, 'Scheduled for Dec 1, 2031 at 9:00 AM');

      // Publish now: this write's own answer has it published, its schedule gone.
      await row(titles.scheduled).getByRole('button', { name: 'Publish', exact: true }).click();
      const answer = await writeSucceeds(page, 'POST', API_PATHS.togglePublish, () =>
        dialog.getByRole('button', { name: 'Publish now', exact: true }).click(),
      );
      expect(answer.article).toMatchObject({ title: titles.scheduled, isPublished: true });
      expect((answer.article as { publishAt?: string | null }).publishAt ?? null).toBeNull();
      await seen(titles.scheduled, 'Published');
    } finally {
      await context.close();
    }
  });

  /** The menu's Create entry, in the side menu or the phone's bottom bar. */
  const createEntry = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Create', exact: true });

  it.each([
    ['375', PHONE],
    ['1280', DESKTOP],
  ])('at %s px says what a save did, keeps the writer in the article, and labels an edit', async (width, viewport) => {
    const title = `After save ${width} ${stamp}`;
    const { page, context } = await newPage(browser, { viewport, serviceWorkers: 'block' });
    try {
      await loginAsDemoAdmin(page);
      await openAdminEntry(page, 'Create');
      await page.getByRole('heading', { name: 'Create Article', level: 1 }).waitFor();
      expect(await createEntry(page).getAttribute('aria-current')).toBe('page');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Subtitle', { exact: true }).fill('Saved and still here');
      await page.locator('.ql-editor').click();
      await page.keyboard.type('Words worth keeping');
      const created = await writeSucceeds(page, 'POST', API_PATHS.addArticle, () =>
        page.getByRole('button', { name: 'Create Article' }).click(),
      );
      expect(created.article).toMatchObject({ title, isPublished: false });

      // A draft: Preview and Keep editing, on screen.
      const panel = page.getByTestId('saved-panel');
      await panel.getByRole('heading', { name: 'Draft created' }).waitFor();
      for (const name of ['Preview', 'Keep editing']) {
        const button = panel.getByRole('button', { name, exact: true });
        await button.scrollIntoViewIfNeeded();
        expect(await button.isVisible(), name).toBe(true);
      }
      expect(await panel.getByRole('link', { name: 'View article' }).count()).toBe(0);

      // Keep editing: the same text, now an edit of the saved article, and Create not current.
      await panel.getByRole('button', { name: 'Keep editing' }).click();
      await page.getByRole('heading', { name: 'Edit Article', level: 1 }).waitFor();
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
      await page.locator('.ql-editor', { hasText: 'Words worth keeping' }).waitFor();
      expect(await page.title()).toMatch(/^Edit Article/);
      expect(await createEntry(page).getAttribute('aria-current')).toBeNull();

      // Update it as published: View article opens it.
      await page.getByLabel('Publish Now').check();
      const updated = await writeSucceeds(page, 'POST', API_PATHS.addArticle, () =>
        page.getByRole('button', { name: 'Update Article' }).click(),
      );
      expect(updated.article).toMatchObject({ _id: (created.article as { _id: string })._id, isPublished: true });
      expect(await articles().countDocuments({ title })).toBe(1);
      await panel.getByRole('heading', { name: 'Article updated' }).waitFor();
      expect(await createEntry(page).getAttribute('aria-current')).toBeNull();
      await panel.getByRole('link', { name: 'View article' }).click();
      await waitOrTell(page, page.getByRole('heading', { name: title, level: 1 }), 'the published article after View article');
    } finally {
      await context.close();
    }
  });

  it('says a save made offline will be sent, and Keep editing keeps its text', async () => {
    const title = `Saved offline ${stamp}`;
    const { page, context } = await newPage(browser, { viewport: PHONE, serviceWorkers: 'block' });
    try {
      await loginAsDemoAdmin(page);
      await openAdminEntry(page, 'Create');
      await page.locator('.ql-editor').waitFor();
      await context.setOffline(true);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Subtitle', { exact: true }).fill('Written with no signal');
      await page.locator('.ql-editor').click();
      await page.keyboard.type('Offline words');
      await page.getByRole('button', { name: 'Create Article' }).click();
      const panel = page.getByTestId('saved-panel');
      await panel.getByRole('heading', { name: 'Saved on this device' }).waitFor();
      await panel.getByText('It will be sent when the connection returns.').waitFor();
      expect(await panel.getByRole('button', { name: 'Preview' }).count()).toBe(0);
      await panel.getByRole('button', { name: 'Keep editing' }).click();
      await page.getByRole('heading', { name: 'Edit Article', level: 1 }).waitFor();
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
      await page.locator('.ql-editor', { hasText: 'Offline words' }).waitFor();
      expect(await articles().countDocuments({ title })).toBe(0);
      await context.setOffline(false);
      await outboxDrained(page);
      expect(await articles().countDocuments({ title })).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('keeps an admin where they went when a save they left finishes later', async () => {
    const title = `Left while saving ${stamp}`;
    const { page, context } = await newPage(browser, { viewport: DESKTOP });
    try {
      await loginAsDemoAdmin(page);
      await openAdminEntry(page, 'Create');
      await page.locator('.ql-editor').waitFor();
      // The server's answer is held until the admin is on another screen, as a large picture or a
      // busy server holds it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${API_PATHS.addArticle}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Subtitle', { exact: true }).fill('Saved after the admin moved on');
      await page.locator('.ql-editor').click();
      await page.keyboard.type('Words sent late');
      await page.getByRole('button', { name: 'Create Article' }).click();
      await openAdminEntry(page, 'All Articles');
      await page.getByRole('heading', { name: 'All Articles', level: 1 }).waitFor();
      const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === API_PATHS.addArticle);
      release();
      expect((await saved).status()).toBeLessThan(300);
      await outboxDrained(page);
      await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/allArticles');
      expect(await page.getByTestId('saved-panel').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
