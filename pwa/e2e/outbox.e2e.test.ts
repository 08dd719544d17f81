// Fault tests of the outbox in a real chromium against the real server: offline writes that
// survive a reload and a closed browser, a lost answer, two tabs, an expired token, and two
// admins editing the same article offline, several offline edits of one article sent as one.
// Each change must reach the database exactly once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type mongoose from 'mongoose';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { CHROMIUM_ARGS, CHROMIUM_PATH, baseURL, launchBrowser, newPage, waitForServiceWorker } from './browser.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { PUSH_LOCK_NAME } from '../src/sync/tab-lock.ts';
import { DEMO_ADMIN, apiCall, collection, connectDb, eventually, loginAsDemoAdmin, outboxDrained } from './admin-helpers.ts';

const ARTICLE_ID = FEATURED_ARTICLES[2].id;
let conn: mongoose.Connection;
let browser: Browser;

beforeAll(async () => {
  conn = await connectDb();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await conn?.close();
});

const articles = () => collection(conn, 'articles');
const comments = () => collection(conn, 'comments');

async function adminToken(): Promise<string> {
  const { data } = await apiCall<{ token: string }>('POST', '/api/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  return data.token;
}

async function createDraft(title: string): Promise<string> {
  const { data } = await apiCall<{ article: { _id: string } }>(
    'POST',
    '/api/articles/add',
    { article: JSON.stringify({ title, subtitle: 'Original subtitle', content: '<p>Original text.</p>', category: 'Life', isPublished: false }) },
    await adminToken(),
  );
  return data.article._id;
}

async function postComment(page: Page, name: string, text: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Comment', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByText(text).waitFor();
}

/** Opens a draft from the dashboard into the editor, changes its subtitle and saves. */
async function editDraftSubtitle(page: Page, title: string, subtitle: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Update Article' }).waitFor();
  await page.getByLabel('Subtitle', { exact: true }).fill(subtitle);
  await page.getByRole('button', { name: 'Update Article' }).click();
  await page.getByTestId('saved-panel').getByRole('heading', { name: 'Saved on this device' }).waitFor();
}

describe('outbox', () => {
  it('keeps offline writes through a reload and a closed browser, then applies each exactly once', async () => {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-profile-'));
    const open = () =>
      chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: baseURL() });
    let context: BrowserContext = await open();
    let page = context.pages()[0] ?? (await context.newPage());
    const stamp = Date.now();
    const commentText = `Offline comment ${stamp}`;
    const title = `Offline article ${stamp}`;
    try {
      await loginAsDemoAdmin(page);
      await waitForServiceWorker(page);
      await page.goto(`/article/${ARTICLE_ID}`);
      await page.getByRole('heading', { level: 1 }).waitFor();

      await context.setOffline(true);
      await postComment(page, 'Offline Naomi', commentText);
      await page.getByText('Waiting to be sent').waitFor();

      await page.goto('/admin/create');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Subtitle', { exact: true }).fill('Written on a train');
      await page.locator('.ql-editor').fill('First words.');
      await page.getByLabel('Category').selectOption('Hope');
      await page.getByRole('button', { name: 'Create Article' }).click();
      await page.getByTestId('saved-panel').getByRole('heading', { name: 'Saved on this device' }).waitFor();
      await editDraftSubtitle(page, title, 'Edited on the train');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.getByTestId('article-row').filter({ hasText: title }).getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByTestId('article-row').filter({ hasText: title }).getByRole('button', { name: 'Unpublish' }).waitFor();
      // The edit merged into the create, which was never sent: comment, create, publish.
      await page.getByTestId('pending-count').getByText('3 changes waiting to sync').waitFor();

      await page.reload();
      await page.getByTestId('pending-count').getByText('3 changes waiting to sync').waitFor();
      expect(await articles().countDocuments({ title })).toBe(0);
      expect(await comments().countDocuments({ content: commentText })).toBe(0);

      // Close the browser while offline; reopen it (online) with the same storage.
      await context.close();
      context = await open();
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/admin');
      await eventually(
        async () => (await articles().findOne({ title }))?.isPublished === true && (await comments().countDocuments({ content: commentText })) > 0,
        'the offline changes to reach the server',
        30_000,
      );
      await outboxDrained(page);

      expect(await comments().countDocuments({ content: commentText })).toBe(1);
      const stored = await articles().find({ title }).toArray();
      expect(stored).toHaveLength(1);
      // Version 1 the create (with the edit in it), version 2 the publish.
      expect(stored[0]).toMatchObject({ subtitle: 'Edited on the train', isPublished: true, version: 2, category: 'Hope' });
    } finally {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  });

  it('sends three offline edits of one article as one save with the latest text', async () => {
    const title = `Edited three times ${Date.now()}`;
    const id = await createDraft(title);
    const { page, context } = await newPage(browser);
    // Every save request of this article the page makes, sent or not.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== API_PATHS.addArticle || request.method() !== 'POST') return;
      const article = JSON.parse(String((request.postDataJSON() as { article?: string } | null)?.article ?? '{}')) as { _id?: string };
      if (article._id === id) saves.push(request.headers()['idempotency-key'] ?? 'none');
    });
    await loginAsDemoAdmin(page);
    await waitForServiceWorker(page);
    await page.getByTestId('article-row').filter({ hasText: title }).waitFor();
    await context.setOffline(true);
    for (const n of [1, 2, 3]) await editDraftSubtitle(page, title, `Offline subtitle ${n}`);
    await page.getByTestId('pending-count').getByText('1 change waiting to sync').waitFor();

    await context.setOffline(false);
    await eventually(async () => (await articles().findOne({ title }))?.subtitle === 'Offline subtitle 3', 'the merged edit');
    await outboxDrained(page);
    expect(saves).toHaveLength(1);
    // Based on the version the device had (1), so it is the edit after it.
    expect(await articles().findOne({ title })).toMatchObject({ subtitle: 'Offline subtitle 3', version: 2 });
    await context.close();
  });

  it('applies a comment once when the answer is lost after the server stored it', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    const text = `Lost answer ${Date.now()}`;
    // Each exchange is recorded once the server has answered it (not when it is sent), and
    // nothing is asserted inside the handler: a failure there would only show as a time-out.
    const exchanges: Array<{ key: string | undefined; status: number; replayed: string | undefined }> = [];
    await context.route('**/api/articles/add-comment', async (route) => {
      const key = route.request().headers()['idempotency-key'];
      const response = await route.fetch();
      exchanges.push({ key, status: response.status(), replayed: response.headers()['idempotent-replayed'] });
      if (exchanges.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await page.goto(`/article/${ARTICLE_ID}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await postComment(page, 'Lost Answer', text);
    await page.getByText('Waiting for approval: only you can see this').first().waitFor({ timeout: 20_000 });
    await eventually(async () => exchanges.length >= 2, 'the retry to be answered');
    const [lost, retry] = exchanges;
    expect(lost).toMatchObject({ status: 201, replayed: undefined });
    expect(lost!.key).toEqual(expect.any(String));
    // The retry carries the same key, so the server replays its first answer instead of acting again.
    expect(retry).toMatchObject({ key: lost!.key, status: 201, replayed: 'true' });
    expect(await comments().countDocuments({ content: text })).toBe(1);
    await context.close();
  });

  it('sends each operation once when two tabs reconnect together', async () => {
    const { page: first, context } = await newPage(browser, { serviceWorkers: 'block' });
    const second = await context.newPage();
    // Count the sends the server answered, by Idempotency-Key. An attempt that failed on the way
    // (made while offline, or the moment the network came back) never reached it; counting
    // attempts instead made this test fail under load when a retry timer fired in that moment.
    const sent: string[] = [];
    const attempts: string[] = [];
    const keyOf = (request: Request) => request.headers()['idempotency-key'] ?? 'none';
    const isComment = (request: Request) => new URL(request.url()).pathname === API_PATHS.addComment && request.method() === 'POST';
    context.on('requestfinished', (request) => {
      if (!isComment(request)) return;
      sent.push(keyOf(request));
      attempts.push(`${keyOf(request)} answered`);
    });
    context.on('requestfailed', (request) => {
      if (isComment(request)) attempts.push(`${keyOf(request)} failed: ${request.failure()?.errorText}`);
    });
    for (const tab of [first, second]) {
      await tab.goto(`/article/${ARTICLE_ID}`);
      await tab.getByRole('heading', { level: 1 }).waitFor();
      // The heading is in the server's page already; the comment form comes with the app.
      await tab.getByRole('button', { name: 'Post Comment' }).waitFor();
    }
    await context.setOffline(true);
    const stamp = Date.now();
    await postComment(first, 'Tab One', `First tab ${stamp}`);
    await postComment(second, 'Tab Two', `Second tab ${stamp}`);
    await first.getByTestId('pending-count').getByText('2 changes waiting to sync').waitFor();
    await second.getByTestId('pending-count').getByText('2 changes waiting to sync').waitFor();
    await context.setOffline(false);
    for (const tab of [first, second]) await tab.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 20_000 });
    // Instead of a fixed sleep, a positive control: one more comment, written after both tabs
    // settled. It reaches the server through the same sync rounds that would resend the first two
    // if a second sender misbehaved, so once it is counted they have had their chance.
    await postComment(first, 'Tab One', `Control ${stamp}`);
    await eventually(async () => sent.length >= 3, 'the control comment');
    await first.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 20_000 });
    expect(sent, attempts.join('\n')).toHaveLength(3);
    expect(new Set(sent).size, attempts.join('\n')).toBe(3);
    expect(await comments().countDocuments({ content: { $in: [`First tab ${stamp}`, `Second tab ${stamp}`] } })).toBe(2);
    await context.close();
  });

  it('sends a write made in one tab while another tab is pushing, as soon as that push ends', async () => {
    const { page: first, context } = await newPage(browser, { serviceWorkers: 'block' });
    const second = await context.newPage();
    for (const tab of [first, second]) {
      await tab.goto(`/article/${ARTICLE_ID}`);
      await tab.getByRole('button', { name: 'Post Comment' }).waitFor();
    }
    // The first tab is in the middle of a push (it holds the push lock) when the second tab's
    // comment is made; that push read the outbox before the comment existed.
    const PUSH_HOLD_MS = 500;
    await first.evaluate(
      ([name, ms]) => {
        void navigator.locks.request(name as string, () => new Promise((resolve) => setTimeout(resolve, ms as number)));
      },
      [PUSH_LOCK_NAME, PUSH_HOLD_MS] as const,
    );
    const held = () => first.evaluate(async (name) => (await navigator.locks.query()).held?.some((lock) => lock.name === name) ?? false, PUSH_LOCK_NAME);
    await expect.poll(held, { timeout: 10_000 }).toBe(true);
    const text = `Made while the other tab pushed ${Date.now()}`;
    // Far below the sync interval (3 minutes), the only other time the comment would be sent.
    const answered = second.waitForResponse(
      (response) => new URL(response.url()).pathname === API_PATHS.addComment && response.request().method() === 'POST',
      { timeout: 10_000 },
    );
    await postComment(second, 'Tab Two', text);
    expect((await answered).status()).toBe(201);
    expect(await comments().countDocuments({ content: text })).toBe(1);
    await context.close();
  });

  it('keeps changes made with an expired token, asks for a login, then sends them', async () => {
    const title = `Expiring ${Date.now()}`;
    await createDraft(title);
    const { page, context } = await newPage(browser);
    await loginAsDemoAdmin(page);
    await waitForServiceWorker(page);
    await page.getByTestId('article-row').filter({ hasText: title }).waitFor();
    const admin = await collection(conn, 'users').findOne({ email: DEMO_ADMIN.email });
    const expired = jwt.sign({ sub: String(admin!._id), exp: Math.floor(Date.now() / 1000) - 60 }, inject('jwtSecret'));
    await context.setOffline(true);
    await page.evaluate((token) => localStorage.setItem('token', token), expired);
    await page.reload();
    await page.getByTestId('article-row').filter({ hasText: title }).getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('pending-count').waitFor();

    await context.setOffline(false);
    await page.getByText('Your session has expired. Please log in again.').waitFor({ timeout: 20_000 });
    expect(await articles().findOne({ title })).toMatchObject({ isPublished: false });
    await page.getByPlaceholder('Enter your email').fill(DEMO_ADMIN.email);
    await page.getByPlaceholder('Enter your password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await eventually(async () => (await articles().findOne({ title }))?.isPublished === true, 'the publish to go through');
    expect(await articles().countDocuments({ title })).toBe(1);
    await context.close();
  });

  it.each([
    ['Keep mine', 'B wins'],
    ['Take theirs', 'A wins'],
  ])('shows a conflict between two admins editing offline and resolves it with %s', async (choice, outcome) => {
    const title = `Two admins (${outcome}) ${Date.now()}`;
    await createDraft(title);
    const a = await newPage(browser);
    const b = await newPage(browser);
    for (const admin of [a, b]) {
      await loginAsDemoAdmin(admin.page);
      await waitForServiceWorker(admin.page);
      await admin.page.getByTestId('article-row').filter({ hasText: title }).waitFor();
      await admin.context.setOffline(true);
    }
    await editDraftSubtitle(a.page, title, 'Subtitle from A');
    await editDraftSubtitle(b.page, title, 'Subtitle from B');

    await a.context.setOffline(false);
    await eventually(async () => (await articles().findOne({ title }))?.subtitle === 'Subtitle from A', "A's edit");
    await b.context.setOffline(false);
    const problem = b.page.getByTestId('outbox-problem');
    await problem.waitFor({ timeout: 20_000 });
    const versions = b.page.getByTestId('conflict-versions');
    await versions.getByText('Subtitle from A').waitFor();
    await versions.getByText('Subtitle from B').waitFor();

    await problem.getByRole('button', { name: choice }).click();
    await problem.waitFor({ state: 'detached', timeout: 20_000 });
    const expected = outcome === 'B wins' ? 'Subtitle from B' : 'Subtitle from A';
    await eventually(async () => (await articles().findOne({ title }))?.subtitle === expected, 'the chosen version');
    const stored = await articles().findOne({ title });
    expect(stored?.version).toBe(outcome === 'B wins' ? 3 : 2);
    expect(await articles().countDocuments({ title })).toBe(1);
    await a.context.close();
    await b.context.close();
  });
});
