// The whole admin flow under the site's Content-Security-Policy (backend/src/middleware/
// security-headers.ts), in a real chromium: no violation may be reported, in any document. A
// positive control proves the listener hears one. Also the other standard headers, and that
// another site cannot frame /admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type mongoose from 'mongoose';
import { API_PATHS } from '@fw/contracts/paths';
import { baseURL, launchBrowser, newPage, waitForAppDrawn } from './browser.ts';
import {
  PNG_BASE64,
  apiCall,
  collection,
  connectDb,
  eventually,
  linkLastChars,
  loginAsDemoAdmin,
  describePicture,
  pasteImage,
  writeSucceeds,
} from './admin-helpers.ts';

const stamp = `csp-${Date.now().toString(36)}`;

/** Runs in every document before its own scripts: hands each reported violation to the test. */
function listenForViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    void (window as unknown as { __reportCsp: (text: string) => Promise<void> }).__reportCsp(
      `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

/** Every violation any page of `context` reports, and every CSP complaint on a console. */
async function watch(context: BrowserContext, reported: string[]): Promise<void> {
  await context.exposeBinding('__reportCsp', (_source, text: string) => {
    reported.push(text);
  });
  await context.addInitScript(listenForViolations);
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) reported.push(message.text());
  });
}

describe('Content-Security-Policy over the admin flow', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let conn: mongoose.Connection;
  const reported: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    await watch(context, reported);
    conn = await connectDb();
  });
  afterAll(async () => {
    await conn?.close();
    await browser?.close();
  });

  it('sends the standard headers on pages and API answers', async () => {
    for (const path of ['/', '/admin', '/api/articles/all']) {
      const res = await fetch(baseURL() + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('hears a violation when one happens (positive control)', async () => {
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
    });
    await eventually(async () => reported.some((v) => v.startsWith('script-src')), 'the reported violation');
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });

  it('runs reading, the service worker, login, create with the editor, publish and moderation with no violation', async () => {
    reported.length = 0; // the positive control's own
    const { page: reader, context: readerContext } = await newPage(browser);
    await watch(readerContext, reported);
    await reader.goto('/');
    await waitForAppDrawn(reader, '[data-testid="article-card"]', 20_000);
    await reader.getByTestId('article-card').first().click();
    await reader.waitForURL(/\/article\//);
    await reader.getByRole('heading', { level: 1 }).first().waitFor();
    // The service worker installs and controls the page under the policy.
    await reader.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await reader.reload();
    await eventually(() => reader.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker in control');
    await readerContext.close();

    await loginAsDemoAdmin(page);
    const nav = (name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
    await nav('Create').click();
    await page.getByRole('heading', { name: 'Create Article', level: 1 }).waitFor();
    const title = `Under the policy ${stamp}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle', { exact: true }).fill('Every format the toolbar has');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('A heading');
    await page.locator('.ql-toolbar .ql-header .ql-picker-label').click();
    await page.locator('.ql-toolbar .ql-header .ql-picker-item[data-value="2"]').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.locator('.ql-toolbar button.ql-bold').click();
    await page.keyboard.type('Bold words ');
    await page.locator('.ql-toolbar button.ql-bold').click();
    await page.keyboard.type('and a link');
    await linkLastChars(page, 'link'.length, 'https://example.org/');
    await page.keyboard.press('Enter');
    await pasteImage(page, PNG_BASE64, 'image/png');
    await describePicture(page);
    await page.locator('.ql-editor img').waitFor();
    await page.getByLabel('Category').selectOption('Hope');
    await writeSucceeds(
      page,
      'POST',
      API_PATHS.addArticle,
      () => page.getByRole('button', { name: 'Create Article' }).click(),
      'Article created.',
    );

    await nav('All Articles').click();
    await page.getByRole('heading', { name: 'All Articles', level: 1 }).waitFor();
    const row = page.getByTestId('article-row').filter({ hasText: title });
    await writeSucceeds(
      page,
      'POST',
      API_PATHS.togglePublish,
      () => row.getByRole('button', { name: 'Publish', exact: true }).click(),
      'Article published.',
    );

    const article = await collection(conn, 'articles').findOne({ title });
    expect((await apiCall('POST', '/api/articles/add-comment', { article: String(article!._id), name: 'CSP Visitor', content: `Hello ${stamp}` })).status).toBe(201);
    await nav('Comments').click();
    // The address changes once the screen's code is in; reloading before would reload the old one.
    await page.waitForURL((url) => url.pathname === '/admin/comments');
    await page.reload();
    await page.getByRole('heading', { name: 'Comments', level: 1 }).waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    await nav('Users').click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    await nav('Dashboard').click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    expect(reported).toEqual([]);
  });

  it('cannot be framed by another site', async () => {
    const { page: other, context: otherContext } = await newPage(browser);
    // Another origin (127.0.0.2 is not the app's host) tries to frame the admin page.
    await other.route('http://framer.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseURL()}/admin"></iframe>` }),
    );
    await other.goto('http://framer.test/', { waitUntil: 'load' });
    // The page's load waits for its frame; a blocked frame holds an error page, never the app.
    const frame = other.frames().find((f) => f !== other.mainFrame());
    expect(frame).toBeDefined();
    expect(await frame!.evaluate(() => document.querySelector('#root')).catch(() => null)).toBeNull();
    // Positive control: the same origin may frame it (frame-ancestors 'none' refuses even that,
    // so the app's own page shows the frame is refused there too).
    const own = await newPage(browser);
    await own.page.goto('/');
    const ownFrame = await own.page.evaluate(async (src) => {
      const iframe = document.createElement('iframe');
      iframe.src = src;
      const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve));
      document.body.appendChild(iframe);
      await loaded;
      try {
        return iframe.contentDocument?.querySelector('#root') ? 'app' : 'blocked';
      } catch {
        return 'blocked';
      }
    }, `${baseURL()}/admin`);
    expect(ownFrame).toBe('blocked');
    await own.context.close();
    await otherContext.close();
  });
});
