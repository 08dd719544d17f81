// Scheduled publishing and revisions in a real chromium against the real server: an admin in
// another time zone schedules a draft while offline, the save reaches the server when the
// connection returns, and a visitor's device shows the article only after its time (the server
// publishes it by itself; the visitor's device learns it from the delta feed). Then an earlier
// version is opened, its changed paragraph is marked, and Restore makes it the new version
// through the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type mongoose from 'mongoose';
import { API_PATHS } from '@fw/contracts/paths';
import { launchBrowser, newPage } from './browser.ts';
import { apiCall, collection, connectDb, eventually, loginAsDemoAdmin, outboxDrained, writeSucceeds } from './admin-helpers.ts';
import { adminToken, createArticle, readStore } from './reader-helpers.ts';

const ADMIN_TIME_ZONE = 'America/New_York';
/**
 * The scheduled minute is at least this far ahead, so the offline save, its sync and the visitor's
 * first sync fit before it (they took 2.3 s on a quiet machine; the rest is room for a busy one).
 * The test waits for that minute, so a longer lead is time every run spends idle.
 */
const LEAD_MS = 20_000;
const stamp = Date.now().toString(36);

/** A time as a datetime-local input shows it in `timeZone` ("2026-11-24T06:50"). */
function localInput(ms: number, timeZone: string): string {
  // The sv-SE locale writes "2026-11-24 06:50".
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  return text.replace(' ', 'T');
}

/** Opens a draft from the dashboard into the editor. */
async function openDraft(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Update Article' }).waitFor();
}

describe('publishing', () => {
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

  it('an article scheduled offline goes public at its time on a visitor’s device, not before', { timeout: 240_000 }, async () => {
    const title = `Scheduled offline ${stamp}`;
    const draft = await createArticle(await adminToken(), { title, isPublished: false });
    const admin = await newPage(browser, { timezoneId: ADMIN_TIME_ZONE, serviceWorkers: 'block' });
    const visitor = await newPage(browser, { serviceWorkers: 'block' });
    try {
      await loginAsDemoAdmin(admin.page);
      await openDraft(admin.page, title);
      const field = admin.page.getByLabel('Publish at');
      await expect.poll(() => admin.page.locator('#publish-at-hint').textContent()).toContain(ADMIN_TIME_ZONE);

      // The next whole minute at least LEAD_MS away (the field holds minutes).
      const dueMs = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
      await admin.context.setOffline(true);
      await field.fill(localInput(dueMs, ADMIN_TIME_ZONE));
      await admin.page.getByRole('button', { name: 'Update Article' }).click();
      // Offline, the editor says the save waits on this device.
      await admin.page.locator('[data-testid="saved-panel"][data-outcome="queued"]').waitFor();
      await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await admin.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const row = admin.page.getByTestId('article-row').filter({ hasText: title });
      await row.getByTestId('scheduled-status').waitFor();
      expect(await row.getByTestId('scheduled-status').getAttribute('datetime')).toBe(new Date(dueMs).toISOString());
      await admin.page.getByTestId('pending-count').getByText('1 change waiting to sync').waitFor();
      expect((await articles().findOne({ title }))?.publishAt ?? null).toBeNull();

      // Back online: the outbox sends the edit (its own answer proves it), the time as an instant.
      await writeSucceeds(admin.page, 'POST', API_PATHS.addArticle, () => admin.context.setOffline(false));
      const stored = await articles().findOne({ title });
      expect(stored).toMatchObject({ isPublished: false, version: 2 });
      expect((stored!.publishAt as Date).toISOString()).toBe(new Date(dueMs).toISOString());
      await outboxDrained(admin.page);

      // The visitor syncs before the time: the article is nowhere on the device.
      const feedBefore = visitor.page.waitForResponse((r) => r.url().includes(API_PATHS.articleFeed) && r.status() === 200);
      await visitor.page.goto('/');
      await visitor.page.getByTestId('article-card').first().waitFor();
      await feedBefore;
      const pulledBeforeMs = Date.now();
      expect(pulledBeforeMs).toBeLessThan(dueMs);
      expect((await readStore<{ _id: string }>(visitor.page, 'articles')).map((a) => a._id)).not.toContain(draft._id);
      await admin.page.close();

      // After its time, nobody online: the device learns it on its next sync (the app coming back
      // to the front starts one) and shows the card.
      await visitor.page.waitForTimeout(Math.max(0, dueMs - Date.now()));
      await eventually(
        async () => {
          await visitor.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
          return (await visitor.page.getByTestId('article-card').filter({ hasText: title }).count()) > 0;
        },
        'the scheduled article on the visitor’s device',
        60_000,
      );
      const published = await articles().findOne({ title });
      expect(published).toMatchObject({ isPublished: true, version: 3 });
      await visitor.page.getByTestId('article-card').filter({ hasText: title }).click();
      await visitor.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    } finally {
      await admin.context.close();
      await visitor.context.close();
    }
  });

  it('opens an earlier version with its changed paragraph marked, and restores it', async () => {
    const title = `Revised ${stamp}`;
    const token = await adminToken();
    const first = await createArticle(token, {
      title,
      isPublished: false,
      content: '<p>The first paragraph stays.</p><p>The original second paragraph.</p>',
    });
    const edited = await apiCall<{ article: { version: number } }>(
      'POST',
      API_PATHS.addArticle,
      {
        article: JSON.stringify({
          _id: first._id,
          version: 1,
          title: `${title} (edited)`,
          subtitle: first.subtitle,
          content: '<p>The first paragraph stays.</p><p>A rewritten second paragraph.</p>',
          category: 'Life',
          isPublished: false,
        }),
      },
      token,
    );
    expect(edited.data.article.version).toBe(2);

    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    try {
      await loginAsDemoAdmin(page);
      await openDraft(page, `${title} (edited)`);
      const rows = page.getByTestId('revision-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      await rows.first().getByRole('button', { name: 'Open version 1' }).click();
      const view = page.getByTestId('revision-view');
      await view.waitFor();
      // Only the paragraph that differs is marked; the current one it replaced is shown as removed.
      expect(await view.locator('[data-change="changed"] p').allTextContents()).toEqual(['The original second paragraph.']);
      expect(await view.locator('[data-change="removed"] p').allTextContents()).toEqual(['A rewritten second paragraph.']);
      expect(await view.locator('[data-change="same"] p').allTextContents()).toEqual(['The first paragraph stays.']);
      expect(await view.locator('dl [data-change="changed"] dd').allTextContents()).toEqual([title]);

      await view.getByRole('button', { name: 'Restore this version' }).click();
      const answer = await writeSucceeds(page, 'POST', API_PATHS.addArticle, () =>
        page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click(),
      );
      expect(answer.article).toMatchObject({ title, version: 3 });
      await page.getByTestId('saved-panel').getByRole('heading', { name: 'Version restored' }).waitFor();
      const stored = await articles().findOne({ title });
      expect(stored).toMatchObject({
        version: 3,
        content: '<p>The first paragraph stays.</p><p>The original second paragraph.</p>',
      });
      // What the restore replaced is kept in turn.
      await openDraft(page, title);
      await page.getByTestId('revision-row').nth(1).waitFor();
      expect(await page.getByTestId('revision-row').first().textContent()).toContain(`${title} (edited)`);
    } finally {
      await context.close();
    }
  });
});
