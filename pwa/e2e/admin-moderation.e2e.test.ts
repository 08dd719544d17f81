// The administrator's moderation in a real chromium against the real server and database:
// approving and deleting visitors' comments, approving and deleting users, a refused write shown
// with the server's message, and an edit that crossed another admin's edit (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type mongoose from 'mongoose';
import type { Article } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { ADMIN_NOT_DELETABLE, CONFIRM, CONFLICT_SENTENCE } from '../src/lib/admin-messages.ts';
import { inViewport } from './ui-checks.ts';
import { launchBrowser, newPage } from './browser.ts';
import {
  DEMO_ADMIN,
  apiCall,
  collection,
  connectDb,
  decline,
  loginAsDemoAdmin,
  toastAfter,
  writeAnswered,
  writeSucceeds,
} from './admin-helpers.ts';

const stamp = Date.now().toString(36);

describe('admin moderation', () => {
  let browser: Browser;
  let page: Page;
  let conn: mongoose.Connection;
  let article: Article;
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
  const dialog = () => page.getByRole('dialog');

  /** Opens an admin screen fresh from the server (a reload runs a full sync round). */
  async function openScreen(entry: string) {
    const link = nav(entry);
    const href = await link.getAttribute('href');
    await link.click();
    // The router changes the address only once the screen's code has loaded; reloading before
    // that would reload the previous screen.
    await page.waitForURL((url) => url.pathname === href);
    await page.reload();
    await page.locator('table[aria-busy="false"]').waitFor();
  }

  async function postComment(content: string): Promise<void> {
    const { status } = await apiCall('POST', '/api/articles/add-comment', {
      article: article._id,
      name: 'E2E Visitor',
      content,
    });
    expect(status).toBeLessThan(300);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    conn = await connectDb();
    const { data } = await apiCall<{ articles: Article[] }>('GET', '/api/articles/all');
    article = data.articles[0]!;
    await loginAsDemoAdmin(page);
  });
  afterAll(async () => {
    await conn?.close();
    await browser?.close();
  });

  it('approves a visitor’s comment without a question; the public article page then shows it', async () => {
    const text = `Approve me ${stamp}`;
    await postComment(text);
    await openScreen('Comments');
    for (const header of ['Article Title & Comment', 'Date', 'Action']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    await expect(
      page.getByRole('button', { name: 'Not Approved' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    const row = page.getByTestId('comment-row').filter({ hasText: text });
    await expect(row.textContent()).resolves.toContain(article.title);
    await expect(row.textContent()).resolves.toContain('E2E Visitor');
    await writeSucceeds(
      page,
      'PUT',
      API_PATHS.approveComment,
      () => row.getByRole('button', { name: 'Approve the comment by E2E Visitor' }).click(),
      'Comment approved.',
    );
    await expect(dialog().isVisible()).resolves.toBe(false);
    expect((await collection(conn, 'comments').findOne({ content: text }))?.isApproved).toBe(true);
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await row.getByText('Approved', { exact: true }).waitFor();

    const visitor = await newPage(browser);
    await visitor.page.goto(`/article/${article._id}`);
    await visitor.page
      .getByTestId('comment')
      .filter({ hasText: text })
      .waitFor({ timeout: 20_000 });
    await visitor.context.close();
  });

  it('deletes a comment only after Yes', async () => {
    const text = `Delete me ${stamp}`;
    await postComment(text);
    await openScreen('Comments');
    const row = page.getByTestId('comment-row').filter({ hasText: text });
    await row.getByRole('button', { name: 'Delete the comment by E2E Visitor' }).click();
    await dialog().getByRole('heading', { name: CONFIRM.deleteComment.title }).waitFor();
    await dialog().getByText(CONFIRM.deleteComment.text).waitFor();
    await decline(page);
    expect(await collection(conn, 'comments').countDocuments({ content: text })).toBe(1);
    await row.getByRole('button', { name: 'Delete the comment by E2E Visitor' }).click();
    await writeSucceeds(
      page,
      'DELETE',
      API_PATHS.deleteComment,
      () => dialog().getByRole('button', { name: 'Yes' }).click(),
      'Comment deleted.',
    );
    await row.waitFor({ state: 'detached' });
    expect(await collection(conn, 'comments').countDocuments({ content: text })).toBe(0);
  });

  it('shows a write the server refused with its message, and Discard drops it', async () => {
    const text = `Vanishing ${stamp}`;
    await postComment(text);
    await openScreen('Comments');
    const row = page.getByTestId('comment-row').filter({ hasText: text });
    const id = (await row.getAttribute('data-id'))!;
    const login = await apiCall<{ token: string }>('POST', API_PATHS.login, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    // Another admin deletes the comment just before the approval reaches the server. (Deleting it
    // before the click raced the admin view's own refresh, which could drop the row first.)
    await page.route(
      `**${API_PATHS.approveComment}*`,
      async (route) => {
        expect((await apiCall('DELETE', API_PATHS.deleteComment, { id }, login.data.token)).status).toBe(200);
        await route.continue();
      },
      { times: 1 },
    );
    const refused = await writeAnswered(
      page,
      'PUT',
      API_PATHS.approveComment,
      () => row.getByRole('button', { name: 'Approve the comment by E2E Visitor' }).click(),
      { kind: 'error', text: 'does not exist' },
    );
    expect(refused.status).toBe(404);
    const problem = page.getByTestId('outbox-problem');
    await problem.getByText('does not exist').waitFor();
    await problem.getByRole('button', { name: 'Retry' }).waitFor();
    // The approval shows at once (the row moved to Approved), marked as refused.
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await row.getByTestId('attention-badge').waitFor();
    await page.screenshot({ path: '/tmp/shots/admin-1280-refused-write.png' });
    await problem.getByRole('button', { name: 'Discard' }).click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await problem.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
  });

  it('lists users; approving makes a user an admin after the warning; admins have no delete', async () => {
    const email = `reader-${stamp}@example.com`;
    const password = 'a-long-enough-password';
    const registered = await apiCall('POST', '/api/admin/register', {
      name: 'E2E Reader',
      email,
      password,
    });
    expect(registered.status).toBeLessThan(300);
    // Waiting for approval: the login screen says so, and no admin area opens.
    const waiting = await newPage(browser);
    await waiting.page.goto('/admin');
    await waiting.page.getByPlaceholder('Enter your email').fill(email);
    await waiting.page.getByPlaceholder('Enter your password').fill(password);
    await toastAfter(waiting.page, 'error', 'waiting for approval', () =>
      waiting.page.getByRole('button', { name: 'Login' }).click(),
    );
    await waiting.page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await waiting.context.close();

    await openScreen('Users');
    for (const header of ['Name', 'Email', 'Role', 'Actions']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    const admin = page.getByTestId('user-row').filter({ hasText: DEMO_ADMIN.email });
    await admin.getByText('N/A').waitFor();
    await expect(admin.getByRole('button', { name: /Delete/ }).count()).resolves.toBe(0);
    // Why N/A is said in words on the screen, at both widths (a tooltip reaches no touch, keyboard
    // or screen-reader user), and so is part of the row's text.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const actions = admin.getByRole('cell').last();
      await expect(actions.innerText(), `at ${width} px`).resolves.toMatch(new RegExp(`N/A\\s+${ADMIN_NOT_DELETABLE}`));
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Approve' }).click();
    await dialog().getByText(CONFIRM.approveUser.text).waitFor();
    await decline(page);
    expect((await collection(conn, 'users').findOne({ email }))!.role).not.toBe('admin');
    await row.getByRole('button', { name: 'Approve' }).click();
    await writeSucceeds(page, 'POST', API_PATHS.approveUser, () => dialog().getByRole('button', { name: 'Yes' }).click());
    const promoted = await collection(conn, 'users').findOne({ email });
    expect(promoted).toMatchObject({ role: 'admin', isApproved: true });
    await row.getByText('N/A').waitFor();
    await expect(row.getByRole('button', { name: /Delete|Approve/ }).count()).resolves.toBe(0);
    const login = await apiCall<{ token?: string }>('POST', '/api/admin/login', {
      email,
      password,
    });
    expect(login.data.token).toBeTruthy();
  });

  it('deletes a non-admin user only after Yes', async () => {
    const email = `leaver-${stamp}@example.com`;
    await apiCall('POST', '/api/admin/register', {
      name: 'E2E Leaver',
      email,
      password: 'a-long-enough-password',
    });
    await openScreen('Users');
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Delete the user E2E Leaver' }).click();
    await dialog().getByText(CONFIRM.deleteUser.text).waitFor();
    await decline(page);
    expect(await collection(conn, 'users').countDocuments({ email })).toBe(1);
    await row.getByRole('button', { name: 'Delete the user E2E Leaver' }).click();
    await writeSucceeds(
      page,
      'DELETE',
      API_PATHS.deleteUser,
      () => dialog().getByRole('button', { name: 'Yes' }).click(),
      'User deleted.',
    );
    expect(await collection(conn, 'users').countDocuments({ email })).toBe(0);
  });

  it('keeps the keyboard in the table when an approved or deleted row goes', async () => {
    /** What has the focus: a button's name, "cell: <text>", or "body" when it fell to the page. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        return el.tagName === 'TD' ? `cell: ${el.textContent?.trim()}` : (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
      });
    /** Presses `button` with the keyboard, answers Yes by keyboard when asked, and waits for the server's answer. */
    const pressByKeyboard = async (button: import('playwright-core').Locator, method: string, path: string, asks: boolean) => {
      await button.focus();
      await writeSucceeds(page, method, path, async () => {
        await page.keyboard.press('Enter');
        if (!asks) return;
        // The question opens on No; Tab reaches Yes.
        await dialog().getByRole('button', { name: 'No' }).waitFor();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      });
    };
    const tag = `Keys ${stamp}`;
    for (const name of ['Keys A', 'Keys B', 'Keys C']) {
      const posted = await apiCall('POST', '/api/articles/add-comment', { article: article._id, name, content: `${tag} by ${name}` });
      expect(posted.status).toBeLessThan(300);
    }
    await openScreen('Comments');
    await page.getByRole('searchbox', { name: 'Filter by name or words' }).fill(tag);
    const rows = page.getByTestId('comment-row');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment-row"]').length === 3);
    // Newest first: C, B, A. Approving B takes its row out of Not Approved; A moves up into its place.
    const rowOf = (name: string) => rows.filter({ hasText: `${tag} by ${name}` });
    await pressByKeyboard(rowOf('Keys B').getByRole('button', { name: 'Approve the comment by Keys B' }), 'PUT', API_PATHS.approveComment, false);
    await rowOf('Keys B').waitFor({ state: 'detached' });
    await expect(focused()).resolves.toBe('Approve the comment by Keys A');
    // Deleting the last row: no row takes its place, so the one before it has the focus.
    await pressByKeyboard(rowOf('Keys A').getByRole('button', { name: 'Delete the comment by Keys A' }), 'DELETE', API_PATHS.deleteComment, true);
    await rowOf('Keys A').waitFor({ state: 'detached' });
    await expect(focused()).resolves.toBe('Delete the comment by Keys C');
    // The last one: the empty state's way forward.
    await pressByKeyboard(rowOf('Keys C').getByRole('button', { name: 'Approve the comment by Keys C' }), 'PUT', API_PATHS.approveComment, false);
    await rowOf('Keys C').waitFor({ state: 'detached' });
    await expect(focused()).resolves.toBe('Clear the filter');

    // A user approved keeps the row (it moves down among the admins) but loses its Approve.
    const people = ['Keys Ann', 'Keys Bob'].map((name) => ({ name, email: `${name.replace(' ', '-').toLowerCase()}-${stamp}@example.com` }));
    for (const { name, email } of people) {
      expect((await apiCall('POST', '/api/admin/register', { name, email, password: 'a-long-enough-password' })).status).toBeLessThan(300);
    }
    await openScreen('Users');
    await page.getByRole('searchbox', { name: 'Filter by name or email' }).fill('Keys');
    const users = page.getByTestId('user-row');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 2);
    await pressByKeyboard(users.filter({ hasText: 'Keys Ann' }).getByRole('button', { name: 'Approve' }), 'POST', API_PATHS.approveUser, true);
    await users.filter({ hasText: 'Keys Ann' }).getByText('N/A').waitFor();
    const bobsApprove = users.filter({ hasText: 'Keys Bob' }).getByRole('button', { name: 'Approve' });
    // The row re-sorts and loses its button in renders of their own: the focus is looked at until it settles.
    await expect.poll(() => bobsApprove.evaluate((button) => button === document.activeElement), { timeout: 5_000 }).toBe(true);
  });

  it('shows both versions when an edit crossed another admin’s, and Keep mine wins', async () => {
    const title = `Crossed edits ${stamp}`;
    await nav('Create').click();
    await page.getByRole('heading', { level: 1, name: 'Create Article' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle', { exact: true }).fill('Two admins');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Original words');
    await writeSucceeds(
      page,
      'POST',
      API_PATHS.addArticle,
      () => page.getByRole('button', { name: 'Create Article' }).click(),
      'Article created.',
    );
    await nav('Dashboard').click();
    await page
      .getByTestId('article-row')
      .filter({ hasText: title })
      .getByRole('link', { name: title })
      .click();
    await page.locator('.ql-editor', { hasText: 'Original words' }).waitFor();

    // Another admin saves first, on the same version.
    const saved = (await collection(conn, 'articles').findOne({ title }))!;
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const theirs = {
      _id: String(saved._id),
      title,
      subtitle: 'Two admins',
      content: '<p>Their words</p>',
      category: '',
      isPublished: false,
      version: saved.version,
    };
    expect(
      (await apiCall('POST', '/api/articles/add', { article: JSON.stringify(theirs) }, token))
        .status,
    ).toBe(200);

    await page.locator('.ql-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('My words');
    const crossed = await writeAnswered(page, 'POST', API_PATHS.addArticle, () =>
      page.getByRole('button', { name: 'Update Article' }).click(),
    );
    expect(crossed.status).toBe(409);
    const versions = page.getByTestId('conflict-versions');
    await versions.getByText('My words').waitFor();
    await versions.getByText('Their words').waitFor();
    // The editor says the save crossed another; the dashboard marks the article in conflict.
    await page.locator('[data-testid="saved-panel"][data-outcome="conflict"]').waitFor();
    await nav('Dashboard').click();
    await page
      .getByTestId('article-row')
      .filter({ hasText: title })
      .getByTestId('attention-badge')
      .getByText('in conflict')
      .waitFor();
    // One sentence, only the field that differs (the text) with the changed words marked, and
    // the two choices in view on a phone.
    const problem = page.getByTestId('outbox-problem');
    await expect(problem.getByRole('alert').textContent()).resolves.toBe(CONFLICT_SENTENCE);
    await expect(versions.getByTestId('conflict-field').allTextContents()).resolves.toEqual([expect.stringMatching(/^Text/)]);
    await expect(versions.locator('mark').allTextContents()).resolves.toEqual(['My', 'Their']);
    await page.setViewportSize({ width: 375, height: 812 });
    await problem.scrollIntoViewIfNeeded();
    for (const choice of ['Keep mine', 'Take theirs']) {
      expect(await inViewport(page, problem.getByRole('button', { name: choice, exact: true })), choice).toBe(true);
    }
    await page.screenshot({ path: '/tmp/shots/admin-375-conflict.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await writeSucceeds(page, 'POST', API_PATHS.addArticle, () =>
      page.getByTestId('outbox-problem').getByRole('button', { name: 'Keep mine', exact: true }).click(),
    );
    expect((await collection(conn, 'articles').findOne({ title }))?.content).toContain('My words');
    await versions.waitFor({ state: 'detached' });
    expect(await collection(conn, 'articles').countDocuments({ title })).toBe(1);
  });
});
