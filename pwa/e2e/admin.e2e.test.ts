// The administrator's side in a real chromium against the real server and database: dashboard
// counts, creating with the rich-text editor, the edit-in-place flow, publish/unpublish/delete
// with its confirmation question, the keyboard kept in the table when a row is deleted by the keys,
// the editor's rules, a refused token, logout, and phone screenshots.
// Moderation (comments, users) and conflicts are in admin-moderation.e2e.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type mongoose from 'mongoose';
import { CONFIRM } from '../src/lib/admin-messages.ts';
import { IMAGE_REFUSED_MESSAGE } from '../src/features/admin-editor/editor-rules.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { launchBrowser, newPage, waitForNew, waitOrTell } from './browser.ts';
import {
  GIF_BASE64,
  PNG_BASE64,
  apiCall,
  collection,
  connectDb,
  decline,
  eventually,
  linkLastChars,
  loginAsDemoAdmin,
  openAdminEntry,
  describePicture,
  pasteImage,
  toastAfter,
  writeSucceeds,
} from './admin-helpers.ts';

const stamp = Date.now().toString(36);

describe('admin area', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let conn: mongoose.Connection;
  const articles = () => collection(conn, 'articles');
  const nav = (name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
  const row = (title: string) => page.getByTestId('article-row').filter({ hasText: title });
  /** The stored article; each step first proves by its own answer that the write went through. */
  const savedArticle = (title: string) => articles().findOne({ title });
  const submit = (name: 'Create Article' | 'Update Article', toast: string) =>
    writeSucceeds(page, 'POST', API_PATHS.addArticle, () => page.getByRole('button', { name }).click(), toast);

  /** Opens a fresh Create form, also from the Create form (the menu's Create replaces it). */
  async function openCreate() {
    await waitForNew(page, '.ql-editor', () => nav('Create').click());
  }

  async function fillArticle(title: string, subtitle: string) {
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle', { exact: true }).fill(subtitle);
    await page.locator('.ql-editor').click();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    conn = await connectDb();
    await loginAsDemoAdmin(page);
  });
  afterAll(async () => {
    await conn?.close();
    await browser?.close();
  });

  it('shows dashboard counts that match the database, and the newest articles', async () => {
    const [total, comments, drafts] = await Promise.all([
      articles().countDocuments({}),
      collection(conn, 'comments').countDocuments({}),
      articles().countDocuments({ isPublished: false }),
    ]);
    expect(total).toBeGreaterThan(0);
    // The tab says where the administrator is (the editor names its own: admin-states.e2e).
    expect(await page.title()).toBe('Admin · Living Best Now');
    const card = (name: string) => page.getByTestId(`count-${name}`).locator('span').first();
    // While the device's first pull still walks the view, the counts are the server's and the rows
    // come as the walk brings them: what is looked for is every number and the five newest rows.
    const newest = (await articles().find({}).sort({ createdAt: -1, _id: -1 }).limit(5).toArray()).map((a) => a.title);
    const shown = async () => ({
      counts: await Promise.all(['articles', 'comments', 'drafts'].map((name) => card(name).textContent())),
      titles: await page.getByTestId('article-row').locator('td:nth-child(2) a').allTextContents(),
    });
    const wanted = { counts: [total, comments, drafts].map(String), titles: newest };
    await eventually(async () => JSON.stringify(await shown()) === JSON.stringify(wanted), 'the counts and the newest articles').catch(async (error: Error) => {
      throw new Error(`${error.message}; shown ${JSON.stringify(await shown())}, wanted ${JSON.stringify(wanted)}`);
    });
    for (const header of ['#', 'Article Title', 'Date', 'Status', 'Actions']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
  });

  it('creates a published article with a heading, a link and a pasted png; a visitor finds it on the home page', async () => {
    const title = `Faith at home ${stamp}`;
    await openCreate();
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('');
    await fillArticle(title, 'Small steps every day');
    await page.keyboard.type('Why faith matters');
    await page.locator('.ql-toolbar .ql-header .ql-picker-label').click();
    await page.locator('.ql-toolbar .ql-header .ql-picker-item[data-value="2"]').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read more at the library');
    await linkLastChars(page, 'the library'.length, 'https://example.org/library');
    await page.keyboard.press('Enter');
    await pasteImage(page, PNG_BASE64, 'image/png');
    await describePicture(page);
    await page.locator('.ql-editor img[src^="data:image/png;base64,"]').waitFor();
    await page.getByLabel('Category').selectOption('Hope');
    await page.getByLabel('Publish Now').check();

    // Hold the request a moment so the sending state can be seen.
    await page.route('**/api/articles/add', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await writeSucceeds(
      page,
      'POST',
      API_PATHS.addArticle,
      async () => {
        await page.getByRole('button', { name: 'Create Article' }).click();
        await page.getByRole('button', { name: 'Adding...' }).waitFor();
      },
      'Article created.',
    );
    await page.unroute('**/api/articles/add');

    // The editor says what was saved; a new article starts from a clear form, checkbox reset.
    await page.getByTestId('saved-panel').getByRole('heading', { name: 'Article created and published' }).waitFor();
    await page.getByTestId('saved-panel').getByRole('link', { name: 'View article' }).waitFor();
    await openCreate();
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Publish Now').isChecked()).resolves.toBe(false);
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('');
    await page.locator('.ql-editor.ql-blank').waitFor();

    const saved = await savedArticle(title);
    expect(saved).toMatchObject({ isPublished: true, category: 'Hope', subtitle: 'Small steps every day' });
    expect(saved!.content).toContain('<h2>Why faith matters</h2>');
    expect(saved!.content).toMatch(/<a href="https:\/\/example\.org\/library"[^>]*>the library<\/a>/);
    // The pasted picture is stored as files on save (backend/src/modules/images); a 1×1 PNG with
    // transparency keeps a PNG fallback beside its WebP.
    expect(saved!.content).toMatch(/<picture><source type="image\/webp" srcset="\/api\/images\/[0-9a-f]{32}-1\.webp 1w"/);
    expect(saved!.content).toMatch(/<img src="\/api\/images\/[0-9a-f]{32}-1\.png"/);
    expect(saved!.content).not.toContain('data:');

    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    await visitor.page.getByTestId('article-card').filter({ hasText: title }).waitFor({ timeout: 20_000 });
    // Public pages never download the editor or the admin screens.
    const loaded = await visitor.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(loaded.filter((url) => /RichTextEditor|admin-routes|AdminGate/.test(url))).toEqual([]);
    await visitor.context.close();
  });

  it('saves a javascript: link as about:blank and refuses a gif upload', async () => {
    const title = `Link safety ${stamp}`;
    await openCreate();
    await fillArticle(title, 'Only safe links');
    await page.keyboard.type('Do not click here');
    await linkLastChars(page, 'here'.length, 'javascript:alert(1)');
    await expect(page.locator('.ql-editor a').getAttribute('href')).resolves.toBe('about:blank');

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.ql-toolbar button.ql-image').click()]);
    await toastAfter(page, 'error', IMAGE_REFUSED_MESSAGE, () =>
      chooser.setFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from(GIF_BASE64, 'base64') }),
    );
    await expect(page.locator('.ql-editor img').count()).resolves.toBe(0);

    await submit('Create Article', 'Article created.');
    const saved = await savedArticle(title);
    expect(saved!.isPublished).toBe(false);
    expect(saved!.content).toContain('href="about:blank"');
    expect(saved!.content).not.toContain('javascript:');
    expect(saved!.content).not.toContain('<img');
  });

  it('opens a draft from the dashboard, edits it in place and publishes it', async () => {
    const title = `Draft to finish ${stamp}`;
    await openCreate();
    await fillArticle(title, 'First subtitle');
    await page.keyboard.type('First text of the draft');
    await submit('Create Article', 'Article created.');
    const created = await savedArticle(title);
    expect(created!.isPublished).toBe(false);

    await nav('Dashboard').click();
    await row(title).getByRole('link', { name: title }).click();
    await page.waitForURL('**/admin/create');
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(title);
    await expect(page.getByLabel('Subtitle', { exact: true }).inputValue()).resolves.toBe('First subtitle');
    await page.locator('.ql-editor', { hasText: 'First text of the draft' }).waitFor();
    await page.getByLabel('Subtitle', { exact: true }).fill('Second subtitle');
    await page.locator('.ql-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Second text, edited in place');
    await submit('Update Article', 'Article updated.');
    await page.getByTestId('saved-panel').getByRole('heading', { name: 'Article updated' }).waitFor();
    await nav('Dashboard').click();

    expect(await articles().countDocuments({ title })).toBe(1);
    const edited = await articles().findOne({ title });
    expect(edited!._id).toEqual(created!._id);
    expect(edited!.subtitle).toBe('Second subtitle');
    expect(edited!.content).toContain('Second text, edited in place');
    expect(edited!.content).not.toContain('First text');
    expect(edited!.version).toBeGreaterThan(created!.version);

    await writeSucceeds(
      page,
      'POST',
      API_PATHS.togglePublish,
      () => row(title).getByRole('button', { name: 'Publish', exact: true }).click(),
      'Article published.',
    );
    expect((await articles().findOne({ title }))!.isPublished).toBe(true);
    const link = row(title).getByRole('link', { name: title });
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('href')).resolves.toBe(`/article/${String(created!._id)}`);
  });

  it('unpublishes (marked pending while offline) and deletes only after Yes', async () => {
    const title = `Faith at home ${stamp}`;
    await nav('All Articles').click();
    await page.getByRole('heading', { level: 1, name: 'All Articles' }).waitFor();
    for (const header of ['#', 'Title', 'Date', 'Status', 'Actions']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    await context.setOffline(true);
    await row(title).getByRole('button', { name: 'Unpublish' }).click();
    await row(title).getByTestId('pending-badge').waitFor();
    await row(title).getByRole('button', { name: 'Publish', exact: true }).waitFor();
    expect((await articles().findOne({ title }))!.isPublished).toBe(true);
    await context.setOffline(false);
    await eventually(async () => (await articles().findOne({ title }))?.isPublished === false, 'the unpublish');
    await row(title).getByTestId('pending-badge').waitFor({ state: 'detached' });

    const dialog = page.getByRole('dialog');
    await row(title).getByRole('button', { name: `Delete “${title}”` }).click();
    await dialog.getByRole('heading', { name: CONFIRM.deleteArticle.title }).waitFor();
    await expect(dialog.getByText(CONFIRM.deleteArticle.text).count()).resolves.toBe(1);
    await decline(page);
    await row(title).waitFor();
    expect(await articles().countDocuments({ title })).toBe(1);

    await row(title).getByRole('button', { name: `Delete “${title}”` }).click();
    await writeSucceeds(page, 'DELETE', API_PATHS.deleteArticle, () => dialog.getByRole('button', { name: 'Yes' }).click(), 'Article deleted.');
    await row(title).waitFor({ state: 'detached' });
    expect(await articles().countDocuments({ title })).toBe(0);
  });

  it('keeps the keyboard in All Articles and the Dashboard when a row is deleted by the keys', async () => {
    /** What has the focus: a button's or link's name, "cell: <text>", or "body" when it fell to the page. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        return el.tagName === 'TD' ? `cell: ${el.textContent?.trim()}` : (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
      });
    /** Deletes `title`'s row with the keyboard alone (Enter, then Tab to Yes and Enter) and waits for the server's answer and the row to go. */
    const deleteByKeys = async (title: string) => {
      await row(title).getByRole('button', { name: `Delete “${title}”` }).focus();
      await writeSucceeds(page, 'DELETE', API_PATHS.deleteArticle, async () => {
        await page.keyboard.press('Enter');
        // The question opens on No; Tab reaches Yes.
        await page.getByRole('dialog').getByRole('button', { name: 'No' }).waitFor();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      });
      await row(title).waitFor({ state: 'detached' });
    };
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    /** Drafts written elsewhere, oldest first: each newer than the one before it. */
    const write = async (titles: string[]) => {
      for (const title of titles) {
        const article = { title, subtitle: 'By the keys', content: '<p>To be deleted.</p>', category: 'Hope', isPublished: false };
        expect((await apiCall('POST', API_PATHS.addArticle, { article: JSON.stringify(article) }, token)).status).toBeLessThan(300);
      }
    };

    const tag = `Keys ${stamp}`;
    await write(['A', 'B', 'C'].map((name) => `${tag} ${name}`));
    // A reload pulls them (the screen may be open already); the filter leaves these three, newest first: C, B, A.
    await nav('All Articles').click();
    await page.waitForURL((url) => url.pathname === '/admin/allArticles');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'All Articles' }).waitFor();
    await page.getByRole('searchbox', { name: 'Filter by title' }).fill(tag);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="article-row"]').length === 3);
    // B goes: A moves up into its place, and its Delete has the focus.
    await deleteByKeys(`${tag} B`);
    await expect.poll(focused, { timeout: 5_000 }).toBe(`Delete “${tag} A”`);
    // The last row goes: none takes its place, so the one before it has the focus.
    await deleteByKeys(`${tag} A`);
    await expect.poll(focused, { timeout: 5_000 }).toBe(`Delete “${tag} C”`);
    // The only row goes: the empty state's way forward.
    await deleteByKeys(`${tag} C`);
    await expect.poll(focused, { timeout: 5_000 }).toBe('Clear the filter');

    // The Dashboard lists the five newest: 6 to 2 of these six.
    const newest = ['1', '2', '3', '4', '5', '6'].map((name) => `${tag} ${name}`);
    await write(newest);
    await nav('Dashboard').click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const recent = () => page.getByTestId('article-row').locator('td:nth-child(2) a').allTextContents();
    await expect.poll(recent, { timeout: 15_000 }).toEqual(newest.slice(1).reverse());
    // The first row goes: the next one moves up into its place.
    await deleteByKeys(`${tag} 6`);
    await expect.poll(focused, { timeout: 5_000 }).toBe(`Delete “${tag} 5”`);
    // The last row goes: the sixth newest comes up into its place.
    await deleteByKeys(`${tag} 2`);
    await waitOrTell(page, row(`${tag} 1`), 'the next newest article coming into the list');
    await expect.poll(focused, { timeout: 5_000 }).toBe(`Delete “${tag} 1”`);
  });

  it('is usable at 375 px wide, light and dark (screenshots in /tmp/shots)', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const screens = [
      ['dashboard', 'Dashboard', 'Dashboard'],
      ['create', 'Create', 'Create Article'],
      ['all-articles', 'All Articles', 'All Articles'],
      ['comments', 'Comments', 'Comments'],
      ['users', 'Users', 'Users'],
    ] as const;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [file, entry, heading] of screens) {
        // Each screen's own heading: every screen has a level-1 heading, the one being left too.
        await openAdminEntry(page, entry);
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        if (file === 'create') await page.locator('.ql-editor').waitFor();
        else await page.locator('table[aria-busy="false"]').waitFor();
        // The bottom bar is the menu on a phone, and nothing scrolls sideways.
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
        const tableOverflow = await page.evaluate(() =>
          Array.from(document.querySelectorAll('table'), (t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
        );
        expect(Math.max(0, ...tableOverflow)).toBe(0);
        // The lists' links (an article's title, alone in its cell) are finger targets, one line or two.
        const linkHeights = await page.locator('table tbody a').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().height)));
        expect(linkHeights.filter((height) => height < 44), `links under 44 px on ${file}`).toEqual([]);
        const menuBox = await page.getByRole('navigation', { name: 'Admin' }).boundingBox();
        expect(menuBox!.y + menuBox!.height).toBeGreaterThan(800);
        if (file === 'dashboard') {
          // The first Tab stop, shown when focused: a finger's target too.
          const skip = page.getByRole('link', { name: 'Skip to content' });
          await skip.focus();
          const skipBox = (await skip.boundingBox())!;
          expect(skipBox.y, 'the skip link on screen when focused').toBeGreaterThanOrEqual(0);
          expect(skipBox.height, 'the skip link').toBeGreaterThanOrEqual(44);
          await skip.blur();
        }
        if (file === 'create') {
          // The box is at least 24 px and its label (box and words) a 44 px row, the box in its middle.
          const check = page.getByLabel('Publish Now');
          const [box, label] = [(await check.boundingBox())!, (await page.locator('label', { has: check }).boundingBox())!];
          expect(Math.min(box.width, box.height), 'the Publish Now box').toBeGreaterThanOrEqual(24);
          expect(label.height, 'the Publish Now row').toBeGreaterThanOrEqual(44);
          expect(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2))).toBeLessThanOrEqual(1);
        }
        await page.screenshot({ path: `/tmp/shots/admin-375-${scheme}-${file}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await nav('Dashboard').click();
    await page.screenshot({ path: '/tmp/shots/admin-1280-dashboard.png', fullPage: true });
  });

  it('sends an admin whose token the server refuses to the login screen with the reason', async () => {
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'log in again' }).waitFor();
    expect(await page.title()).toBe('Admin Login · Living Best Now');
    await loginAsDemoAdmin(page);
  });

  it('logs out to the home page, forgets the admin view, and /admin then shows the login screen', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('family-bible-articles');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('adminArticles').objectStore('adminArticles').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(0);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByPlaceholder('Enter your email').waitFor();
  });
});
