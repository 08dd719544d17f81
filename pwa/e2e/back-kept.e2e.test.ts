// Back and Forward bring back what a reader did on a screen before leaving it, on a 375 px phone:
// a comment typed and not sent (kept per article, features/comments/comment-draft.ts; a reload
// keeps it too, and posting clears it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
/** A seeded article (backend/seed-data/articles.json). */
const GODS_NAME = { _id: '64f000000000000000000001', title: "God's Name" };

describe('Back keeps what the reader did', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a comment typed and not sent returns with its article on Back, Forward and a reload; posting it clears it', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto(`/article/${GODS_NAME._id}`);
    const heading = page.getByRole('heading', { level: 1, name: GODS_NAME.title });
    await heading.waitFor();
    const form = page.getByRole('form', { name: 'Leave a comment' });
    const name = form.getByRole('textbox', { name: 'Name' });
    const text = form.getByRole('textbox', { name: 'Comment' });
    // Unique to this run: two runs at once post to the same server.
    const typed = `We read it at supper, ${Date.now()}.\nThe children asked what the name means.`;
    await name.fill('Ruth');
    await text.fill(typed);
    const kept = async () => {
      await heading.waitFor();
      await expect(text.inputValue()).resolves.toBe(typed);
      await expect(name.inputValue()).resolves.toBe('Ruth');
    };

    // Away by a link, then Back.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.goBack();
    await kept();
    // Forward to About Us and Back again.
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.goBack();
    await kept();
    await page.reload();
    await kept();

    // Posted: the form is empty, and stays so on a reload.
    await form.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByTestId('comment').filter({ hasText: typed.split('\n')[0]! }).waitFor();
    await expect(text.inputValue()).resolves.toBe('');
    await page.reload();
    await heading.waitFor();
    await page.getByTestId('comment').filter({ hasText: typed.split('\n')[0]! }).waitFor();
    await expect(text.inputValue()).resolves.toBe('');
    await expect(name.inputValue()).resolves.toBe('');
    await context.close();
  });
});
