// Draft preview in a real chromium against the real server: the editor's "Copy preview link"
// gives a link that someone without an account opens to see the draft as a visitor will, under
// the "Draft preview" band; "Preview" opens the same page in a new tab; a new link turns the old
// one off. Each step waits for the preview call's own answer.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_PATHS } from '@fw/contracts/paths';
import { PREVIEW_BAND_TEXT, type PreviewLink } from '@fw/contracts/preview';
import { DEMO_ADMIN, apiCall, loginAsDemoAdmin, openAdminEntry } from './admin-helpers.ts';
import { launchBrowser, newPage, waitForControl } from './browser.ts';
import { axeViolations } from './ui-checks.ts';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const title = `Preview draft ${crypto.randomBytes(4).toString('hex')}`;
let draftId: string;

beforeAll(async () => {
  const login = await apiCall<{ token: string }>('POST', API_PATHS.login, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  const { data } = await apiCall<{ article: { _id: string } }>(
    'POST',
    API_PATHS.addArticle,
    { article: JSON.stringify({ title, subtitle: 'Not ready yet', content: '<p>Words still being weighed.</p>', category: 'Hope', isPublished: false }) },
    login.data.token,
  );
  draftId = data.article._id;
  browser = await launchBrowser();
  // axe is added as a script tag, which the site's CSP would refuse.
  admin = await newPage(browser, { bypassCSP: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Opens the draft in the editor from All Articles. */
async function openEditor(page: Page) {
  await openAdminEntry(page, 'All Articles');
  await page.getByRole('heading', { level: 1, name: 'All Articles' }).waitFor();
  await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
}

/** Clicks "Copy preview link" and returns the link from that call's own answer. */
async function copyLink(page: Page): Promise<string> {
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === API_PATHS.previewLink,
  );
  await page.getByRole('button', { name: 'Copy preview link' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const { url } = ((await response.json()) as { preview: PreviewLink }).preview;
  await expect.poll(() => page.getByTestId('preview-link').inputValue()).toBe(url);
  return url;
}

describe('draft preview', () => {
  it('a copied link shows the draft to a visitor without an account; a new link turns it off', async () => {
    await loginAsDemoAdmin(admin.page);
    await openEditor(admin.page);
    const first = await copyLink(admin.page);
    expect(first).toContain(`/preview/${draftId}?`);

    const visitor = await newPage(browser, { bypassCSP: true });
    try {
      const answer = await visitor.page.goto(first);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['x-robots-tag']).toMatch(/noindex/);
      await visitor.page.getByRole('note').filter({ hasText: PREVIEW_BAND_TEXT }).waitFor();
      await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await visitor.page.getByText('Words still being weighed.').waitFor();
      expect(await axeViolations(visitor.page)).toEqual([]);
      expect(await axeViolations(admin.page)).toEqual([]);
      // Drawn with the site's own stylesheet, like the public page.
      const bandColour = await visitor.page.locator('.preview-band').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bandColour).not.toBe('rgba(0, 0, 0, 0)');

      const second = await copyLink(admin.page);
      expect(second).not.toBe(first);
      const revoked = await visitor.page.goto(first);
      expect(revoked?.status()).toBe(404);
      await visitor.page.getByTestId('preview-invalid').waitFor();
      expect((await visitor.page.goto(second))?.status()).toBe(200);
    } finally {
      await visitor.context.close();
    }
  });

  it('"Preview" opens the draft, drawn by the server (not the app shell), in a new tab', async () => {
    // Under the service worker, whose navigation fallback must leave /preview/ to the server.
    await waitForControl(admin.page);
    const [tab] = await Promise.all([
      admin.context.waitForEvent('page'),
      admin.page.getByRole('button', { name: 'Preview', exact: true }).click(),
    ]);
    await tab.waitForURL(`**/preview/${draftId}?*`);
    await tab.getByRole('note').filter({ hasText: PREVIEW_BAND_TEXT }).waitFor();
    await tab.getByRole('heading', { level: 1, name: title }).waitFor();
    await tab.close();
  });
});
