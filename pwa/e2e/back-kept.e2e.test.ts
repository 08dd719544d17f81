// Back and Forward bring back what a reader did on a screen before leaving it, on a 375 px phone:
// a comment typed and not sent (kept per article, features/comments/comment-draft.ts; a reload
// keeps it too, and posting clears it), and the articles saved from the home page's cards, shown
// saved from the first drawing of the list, never "not saved" for a moment
// (features/articles/use-saved.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, saveFirstCards } from './browser.ts';

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

  it('the home page’s saved cards show saved from the first frame after Back', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/');
    // The first two cards saved (the list the device syncs: the server's first cards are replaced by
    // its own once synced, so the ids are read from the cards as they are then).
    await saveFirstCards(page, 2);
    const ids = await page.locator('li[data-place]:has([data-testid="save-button"][aria-pressed="true"])').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-place')!));
    expect(ids).toHaveLength(2);
    const title = (await page.locator(`li[data-place="${ids[0]}"] h3`).textContent())!;
    await page.locator(`li[data-place="${ids[0]}"] [data-testid="article-card"]`).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Back, with every state of the saved cards' buttons recorded: at each change of the page (a
    // MutationObserver, told before the browser paints it) and at each of 60 frames.
    await page.evaluate((saved) => {
      const seen: string[] = [];
      let frames = 0;
      const look = () => {
        for (const id of saved) {
          const button = document.querySelector(`li[data-place="${id}"] [data-testid="save-button"]`);
          if (button) seen.push(`${id} ${button.getAttribute('aria-pressed')}`);
        }
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
      const frame = () => {
        look();
        frames += 1;
        if (frames < 60) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      Object.assign(window, { __saved: { seen, frames: () => frames } });
      history.back();
    }, ids);
    await page.waitForFunction(() => (window as unknown as { __saved: { frames: () => number } }).__saved.frames() >= 60);
    const seen = await page.evaluate(() => (window as unknown as { __saved: { seen: string[] } }).__saved.seen);
    await page.getByRole('heading', { level: 1, name: 'Living Best Now' }).waitFor();
    for (const id of ids) {
      expect(seen, `card ${id} drawn after Back`).toContain(`${id} true`);
      expect(seen, `card ${id} never shown unsaved`).not.toContain(`${id} false`);
    }
    await context.close();
  });
});
