// The visitor's side in a real chromium against the real server: browse, filter, search, read,
// comment, Family Worship on set dates, About Us; then offline after one visit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Article, Comment } from '@fw/contracts';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { htmlToText } from '@fw/contracts/text';
import { baseURL, launchBrowser, newPage, waitForActiveServiceWorker, waitForAppDrawn, waitForCardCount, waitForControl } from './browser.ts';
import { SEED_ARTICLES } from './demo-seed.ts';
import { roomAroundLink } from './ui-checks.ts';

/** Past the last lesson's current days (LESSON_CURRENT_DAYS) with room to spare. */
const AFTER_LAST_LESSON_MS = 30 * 86_400_000;

async function apiGet<T>(path: string): Promise<T> {
  return (await fetch(baseURL() + path)).json() as Promise<T>;
}
async function apiPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(baseURL() + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<T>;
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="article-card"] h3').allTextContents();
}

describe('public site', () => {
  let browser: Browser;
  let published: Article[];
  beforeAll(async () => {
    browser = await launchBrowser();
    published = (await apiGet<{ articles: Article[] }>('/api/articles/all')).articles;
  });
  afterAll(() => browser?.close());

  it('lists every published article and no drafts, and each tab filters', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await waitForCardCount(page, published.length);
    const titles = await cardTitles(page);
    expect(titles.sort()).toEqual(published.map((a) => a.title).sort());
    const drafts = SEED_ARTICLES.filter((a) => !a.isPublished).map((a) => a.title);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(titles).not.toContain(draft);

    for (const category of ['Life', 'Spirit', 'Truth', 'Proof', 'Hope']) {
      await page.getByRole('tab', { name: category }).click();
      // The tab is in the address now: the click is a navigation, answered on the next render.
      await page.getByRole('tab', { name: category, selected: true }).waitFor();
      await expect(page.locator('#category-panel h2').textContent()).resolves.toBe(category);
      const expected = published.filter((a) => a.category === category).map((a) => a.title).sort();
      await waitForCardCount(page, expected.length);
      expect((await cardTitles(page)).sort()).toEqual(expected);
    }
    await page.getByRole('tab', { name: 'Index' }).click();
    await page.getByRole('tab', { name: 'Index', selected: true }).waitFor();
    await expect(page.locator('#category-panel h2').count()).resolves.toBe(0);
    await context.close();
  });

  it('searches body text with a highlighted preview, and Clear Search restores the list', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await waitForCardCount(page, published.length);
    await expect(page.getByRole('button', { name: 'Clear Search' }).count()).resolves.toBe(0);

    const target = published.find((a) => a._id === FEATURED_ARTICLES[0].id)!;
    const words = htmlToText(target.content).split(' ');
    const phrase = words.slice(20, 23).join(' ');
    await page.getByPlaceholder('Search articles...').fill(phrase.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForSelector('[data-testid="search-preview"] mark');
    const expected = published.filter((a) =>
      [a.title, a.category, htmlToText(a.content)].some((t) => t.toLowerCase().includes(phrase.toLowerCase())),
    );
    await waitForCardCount(page, expected.length);
    expect((await cardTitles(page)).sort()).toEqual(expected.map((a) => a.title).sort());
    const marks = await page.locator('[data-testid="search-preview"] mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toContain(phrase.toLowerCase());

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await waitForCardCount(page, published.length);
    await expect(page.getByPlaceholder('Search articles...').inputValue()).resolves.toBe('');
    // The keyboard stays in the search box (the button went with the search).
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('search-input');
    await context.close();
  });

  it('names the featured articles in the footer as the seed titles them, with the apostrophe, on a phone', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto('/about-us');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const featured = page.getByRole('contentinfo').getByRole('region', { name: 'Featured' }).getByRole('link');
    const titles = await featured.allTextContents();
    expect(titles).toEqual(FEATURED_ARTICLES.map((f) => SEED_ARTICLES.find((a) => a._id === f.id)!.title));
    expect(titles[0]).toBe("God's Name");
    await featured.first().click();
    await page.waitForURL(`**/article/${FEATURED_ARTICLES[0].id}`);
    await page.getByRole('heading', { level: 1, name: "God's Name" }).waitFor();
    await context.close();
  });

  it('opens an article with its approved comments, and a posted comment clears the form', async () => {
    const id = FEATURED_ARTICLES[0].id;
    const { comments } = await apiPost<{ comments: Comment[] }>('/api/articles/comments', { articleId: id });
    expect(comments.length).toBeGreaterThan(0);
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await waitForCardCount(page, published.length);
    await waitForAppDrawn(page, '[data-testid="article-card"]');
    await page.locator('[data-testid="article-card"]', { hasText: "God's Name" }).first().click();
    await page.waitForURL(`**/article/${id}`);
    await page.getByRole('heading', { level: 1, name: "God's Name" }).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="comment"]').length === n, comments.length);
    await expect(page.getByTestId('comment-count').textContent()).resolves.toBe(`(${comments.length})`);
    await expect(page.locator('[data-testid="comment"]').first().textContent()).resolves.toMatch(/ago/);

    await page.getByLabel('Name', { exact: true }).fill('Visitor Ruth');
    await page.getByLabel('Comment', { exact: true }).fill('A thoughtful read for our family.');
    // From the keyboard: the button keeps it while the comment goes and after.
    const post = page.getByRole('button', { name: 'Post Comment' });
    await post.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Waiting for approval: only you can see this').waitFor();
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Comment', { exact: true }).inputValue()).resolves.toBe('');
    await expect.poll(() => post.evaluate((button) => button === document.activeElement)).toBe(true);
    // Not public until approved.
    const after = await apiPost<{ comments: Comment[] }>('/api/articles/comments', { articleId: id });
    expect(after.comments).toHaveLength(comments.length);
    await context.close();
  });

  it('on a phone, brings the comment just posted into view, clear of the toast that answers it', async () => {
    const id = FEATURED_ARTICLES[0].id;
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    await page.goto(`/article/${id}`);
    await page.getByRole('heading', { level: 1, name: "God's Name" }).waitFor();
    await waitForAppDrawn(page, 'form[aria-label="Leave a comment"]');
    const text = `Posted from a phone ${Date.now()}.`;
    await page.getByLabel('Name', { exact: true }).fill('Visitor Lois');
    await page.getByLabel('Comment', { exact: true }).fill(text);
    // The button at the foot of the screen, as after typing: the list starts below it.
    const post = page.getByRole('button', { name: 'Post Comment' });
    await post.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await post.tap();
    const mine = page.getByTestId('comment').filter({ hasText: text });
    await mine.getByText('Waiting for approval: only you can see this').waitFor();
    const toast = page.locator('.Toastify__toast');
    await toast.waitFor();
    // Measured once the toast has come in (while it shows, before it closes by itself).
    const [comment, over] = await toast.evaluate(async (shown, wanted) => {
      await Promise.all(shown.getAnimations().map((a) => a.finished));
      const item = [...document.querySelectorAll('[data-testid="comment"]')].find((li) => li.textContent?.includes(wanted))!;
      return [item.getBoundingClientRect().toJSON(), shown.getBoundingClientRect().toJSON()] as DOMRect[];
    }, text);
    expect(comment!.top).toBeGreaterThanOrEqual(0);
    expect(comment!.bottom).toBeLessThanOrEqual(over!.top);
    await context.close();
  });

  it.each([
    ['a current week', '2025-01-12T10:00:00', 'January 10, 2025', 'This week'],
    ['a gap week', '2025-01-07T10:00:00', 'January 10, 2025', 'Next'],
  ])('shows Family Worship for %s', async (_name, now, firstDate, label) => {
    const { page, context } = await newPage(browser);
    await page.clock.setFixedTime(new Date(now));
    await page.goto('/family');
    await page.getByRole('heading', { level: 1, name: 'Family Worship' }).waitFor();
    const first = page.getByTestId('lesson').first();
    await first.waitFor();
    await expect(first.locator('h2').textContent()).resolves.toBe(`${firstDate}${label}`);
    const dates = await page.locator('[data-testid="lesson"] h2').allTextContents();
    // The 2025 schedule to its end (the demo weeks seeded from today follow it).
    expect(dates).toContain('December 26, 2025');
    await context.close();
  });

  it('says so when the schedule has ended', async () => {
    const { page, context } = await newPage(browser);
    // After the last lesson the server has (the 2025 schedule, the demo weeks, other tests' lessons).
    const { lessons } = await apiGet<{ lessons: { date: string }[] }>('/api/schedule');
    const last = lessons.map((l) => l.date).sort().at(-1)!;
    await page.clock.setFixedTime(new Date(Date.parse(`${last}T12:00:00`) + AFTER_LAST_LESSON_MS));
    await page.goto('/family');
    await page.getByText('No content available for the current week or upcoming weeks.').waitFor();
    await expect(page.getByTestId('lesson').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows About Us with its three cards and the verse', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/about-us');
    for (const title of ['Our Mission', 'Our Vision', 'Our Promise']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    await page.getByText('Hebrews 4:12').waitFor();
    await context.close();
  });

  it('gives links standing alone on their line a 44 px target on a phone, without moving the page around it', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const screens = [
      ['/about-us', 'About Us', 'Hebrews 4:12'],
      ['/saved', 'Saved', 'Browse the articles'],
      ['/notes', 'My notes', 'Browse the articles'],
    ] as const;
    for (const [path, heading, name] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const link = page.getByRole('link', { name, exact: true });
      await link.waitFor();
      expect((await link.boundingBox())!.height, `${name} on ${path}`).toBeGreaterThanOrEqual(44);
      // Around it, the page is laid out as it would be for a plain link.
      const [asTarget, asPlain] = await roomAroundLink(link);
      expect(asTarget, `the room of ${name} on ${path}`).toBe(asPlain);
    }
    await context.close();
  });

  it('works offline after one visit: reload, every route, search, reading', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await waitForCardCount(page, published.length);
    await waitForActiveServiceWorker(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
      return href ? (await fetch(href)).json() : null;
    });
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    // The page must be controlled by the worker before the network goes away.
    await page.reload();
    await waitForControl(page);
    await waitForCardCount(page, published.length);

    await context.setOffline(true);
    await page.reload();
    await waitForCardCount(page, published.length);
    await page.getByTestId('status-line').getByText(/Offline/).waitFor();

    await page.getByPlaceholder('Search articles...').fill('kingdom');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForSelector('[data-testid="search-preview"]');

    for (const path of ['/family', '/about-us', '/register', '/admin']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
    }
    await page.goto(`/article/${FEATURED_ARTICLES[1].id}`);
    await page.getByRole('heading', { level: 1, name: 'His Kingdom' }).waitFor();

    await page.goto('/article/64f0000000000000000fffff');
    await page.getByTestId('article-missing').getByText(/not saved on this device/).waitFor();
    await context.close();
  });
});
