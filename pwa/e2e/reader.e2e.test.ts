// The reader's app in a real chromium against the real server: saved articles (offline, after a
// reload, and an unpublished one), Share with and without the Web Share API, text size and theme
// remembered, the scroll position restored with "Continue reading" and on Back from one article
// to another, and the install actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { apiCall, eventually } from './admin-helpers.ts';
import { drawnOnBack, launchBrowser, newPage, waitForAppDrawn } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore, waitForServiceWorker, type MadeArticle } from './reader-helpers.ts';

const PHONE = { width: 375, height: 740 };
const LONG_PARAGRAPHS = 80;

const cardOf = (page: Page, title: string) => page.locator('li', { has: page.getByRole('heading', { name: title, exact: true }) });

/** What chromium does when it offers installation: a cancelable beforeinstallprompt with prompt(). */
function dispatchScript(): boolean {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  Object.assign(event, {
    prompt: async () => void Object.assign(window, { __prompted: true }),
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function openArticle(page: Page, article: MadeArticle) {
  await page.goto(`/article/${article._id}`);
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  // The heading is already in the server's page; the reader's controls come with the app.
  await page.getByRole('group', { name: 'Text size' }).waitFor();
}

describe('reader features', () => {
  let browser: Browser;
  let token: string;
  let long: MadeArticle;
  let shortLived: MadeArticle;
  const made: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    const paragraphs = Array.from(
      { length: LONG_PARAGRAPHS },
      (_, i) => `<p>Paragraph ${i + 1}: a patient reader keeps reading, one calm line after another, to the end.</p>`,
    ).join('');
    long = await createArticle(token, { title: 'Reader test: a long article', content: paragraphs });
    shortLived = await createArticle(token, { title: 'Reader test: soon unpublished' });
    made.push(long._id, shortLived._id);
  });
  afterAll(async () => {
    await browser?.close();
    for (const id of made) await deleteArticle(token, id);
  });

  it('saves articles from a card and the article page; the Saved list works offline after a reload', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/');
    await waitForServiceWorker(page);
    const card = cardOf(page, long.title);
    await card.getByRole('button', { name: `Save “${long.title}” for later` }).click();
    // The save lands in IndexedDB first and the card shows it on the next render: wait for it.
    await expect
      .poll(() => card.getByTestId('save-button').getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');

    await openArticle(page, shortLived);
    const save = page.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'Save' });
    await save.click();
    await page.getByRole('button', { name: 'Saved', pressed: true }).waitFor();

    await context.setOffline(true);
    await page.goto('/saved');
    await page.reload();
    const list = page.getByRole('list', { name: 'Saved articles' });
    await list.getByRole('heading', { name: long.title }).waitFor();
    await list.getByRole('heading', { name: shortLived.title }).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(2);
    // Unsaving takes it off the list, still offline; by keyboard, the keyboard stays on the list:
    // on the bookmark of the card left.
    await cardOf(page, long.title).getByRole('button', { name: `Remove “${long.title}” from Saved` }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await list.getByRole('listitem').count()) === 1, 'the list to shrink');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Remove “${shortLived.title}” from Saved`);

    // Unpublished on the server: after the next sync it leaves the list with a note, not a broken link.
    await context.setOffline(false);
    const toggled = await apiCall('POST', '/api/articles/toggle-publish', { id: shortLived._id }, token);
    expect(toggled.status).toBe(200);
    await page.reload();
    await page.getByTestId('saved-gone').getByText(`“${shortLived.title}” is no longer published`).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: new RegExp(shortLived.title) }).count()).resolves.toBe(0);
    await page.getByTestId('saved-gone').getByRole('button', { name: 'OK' }).click();
    await page.getByText('Nothing saved yet.').waitFor();
    await context.close();
  });

  it('shares with the Web Share API: title, subtitle and the article link', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data), configurable: true });
      Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
    });
    await openArticle(page, long);
    await page.getByRole('button', { name: 'Share' }).click();
    const shared = await page.waitForFunction(() => (window as unknown as { __shared: ShareData[] }).__shared[0]);
    expect(await shared.jsonValue()).toEqual({
      title: long.title,
      text: long.subtitle,
      url: new URL(`/article/${long._id}`, page.url()).href,
    });
    await context.close();
  });

  it('without the Web Share API, copies the link and says so', async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      // A browser without Web Share (as desktop Firefox).
      delete (Navigator.prototype as Partial<Navigator>).share;
      delete (Navigator.prototype as Partial<Navigator>).canShare;
    });
    await openArticle(page, long);
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/article/${long._id}`, page.url()).href);
    await context.close();
  });

  it('remembers the text size and the theme after a reload; the theme follows the device until overridden', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const fontSize = () => page.getByTestId('article-content').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    await openArticle(page, long);
    // Following the device's dark setting.
    expect(await background()).toBe('rgb(24, 21, 18)');
    const sizes = page.getByRole('group', { name: 'Text size' });
    expect(await sizes.getByRole('radio').count()).toBeGreaterThanOrEqual(3);
    const medium = await fontSize();
    await sizes.getByRole('radio', { name: 'Extra large' }).check();
    await eventually(async () => (await fontSize()) > medium * 1.3, 'larger text');
    await page.getByLabel('Theme').selectOption('light');
    expect(await background()).toBe('rgb(250, 246, 239)');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: long.title }).waitFor();
    await page.getByRole('group', { name: 'Text size' }).waitFor();
    expect(await sizes.getByRole('radio', { name: 'Extra large' }).isChecked()).toBe(true);
    expect(await fontSize()).toBeCloseTo(medium * 1.4, 0);
    expect(await background()).toBe('rgb(250, 246, 239)');
    await expect(page.getByLabel('Theme').inputValue()).resolves.toBe('light');

    // Dark chosen on a light device, and back to the device's own setting.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Theme').selectOption('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: long.title }).waitFor();
    await page.getByRole('group', { name: 'Text size' }).waitFor();
    expect(await background()).toBe('rgb(24, 21, 18)');
    await page.getByLabel('Theme').selectOption('system');
    expect(await background()).toBe('rgb(250, 246, 239)');
    await context.close();
  });

  it('brings the reader back to where they left an article, and offers "Continue reading" on home', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await openArticle(page, long);
    const content = page.getByTestId('article-content');
    const paragraph = content.getByText('Paragraph 40:', { exact: false });
    // The app brings a first visit to the top once the device database has answered (its code
    // may arrive after the text is up), so the reader scrolls down again until the place is kept.
    let left = 0;
    await eventually(async () => {
      await paragraph.scrollIntoViewIfNeeded();
      left = await page.evaluate(() => window.scrollY);
      const places = await readStore<{ _id: string; position: number }>(page, 'reading');
      return places.some((p) => p._id === long._id && p.position > 0.3);
    }, 'the reading place to be saved');
    expect(left).toBeGreaterThan(1000);
    // "Continue reading" offers articles kept on the device. This one was opened from a link on a
    // first visit, before the first sync had stored it (under load that took over 30 s).
    await eventually(async () => (await readStore(page, 'articles', long._id)).length === 1, 'the article to be stored', 60_000);

    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    const resume = page.getByTestId('continue-reading');
    await resume.getByText(long.title).waitFor();
    await resume.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: long.title }).waitFor();
    await page.getByRole('group', { name: 'Text size' }).waitFor();
    await eventually(async () => Math.abs((await page.evaluate(() => window.scrollY)) - left) < 80, 'the scroll position to be restored');

    // After a reload as well.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: long.title }).waitFor();
    await page.getByRole('group', { name: 'Text size' }).waitFor();
    await eventually(async () => Math.abs((await page.evaluate(() => window.scrollY)) - left) < 80, 'the scroll position after a reload');

    // Read to the end: no longer offered.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await eventually(async () => {
      const places = await readStore<{ _id: string; progress: number }>(page, 'reading');
      return places.some((p) => p._id === long._id && p.progress >= 0.9);
    }, 'the article to count as read');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Articles' }).waitFor({ state: 'attached' });
    await page.locator('[data-testid="article-card"]').first().waitFor();
    await expect(page.getByTestId('continue-reading').count()).resolves.toBe(0);
    await context.close();
  });

  it('goes Back from one article to another: never a frame of the one left at the other’s place, which is drawn where it was read', async () => {
    const [first, read, next] = FEATURED_ARTICLES;
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto(`/article/${first.id}`);
    await waitForAppDrawn(page, 'main [data-testid="article-content"]');
    // The footer's links go from article to article inside the app. Clicked where they are, not
    // scrolled to: the window stays at the place read.
    const footerLink = (title: string) => page.getByRole('contentinfo').getByRole('link', { name: title, exact: true });
    await footerLink(read.title).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: read.title }).waitFor();
    let left = 0;
    await eventually(async () => {
      await page.evaluate(() => window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) / 2, behavior: 'instant' }));
      left = await page.evaluate(() => window.scrollY);
      const places = await readStore<{ _id: string; position: number }>(page, 'reading');
      return places.some((p) => p._id === read.id && p.position > 0.2);
    }, 'the reading place to be saved');
    expect(left).toBeGreaterThan(1000);
    await footerLink(next.title).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: next.title }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Each frame of the Back: which of the two articles it shows, and where the window is.
    const frames = await drawnOnBack(page, 60);
    await page.getByRole('heading', { level: 1, name: read.title }).waitFor();
    // The article left stays at its own place (the top) until the one gone back to replaces it,
    // and that one is drawn where it was read from its first frame (it was shown in this visit).
    expect(frames.filter((frame) => frame.shows === next.title && frame.y !== 0)).toEqual([]);
    const back = frames.filter((frame) => frame.shows === read.title);
    expect(back.length).toBeGreaterThan(0);
    expect(back.filter((frame) => Math.abs(frame.y - left) >= 80)).toEqual([]);
    await context.close();
  });

  it('offers "Install app" when the browser does, shows its prompt, and hides once installed or standalone', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const footer = page.getByTestId('device-status');
    await footer.waitFor();
    await expect(page.getByRole('button', { name: 'Install app' }).count()).resolves.toBe(0);
    expect(await page.evaluate(dispatchScript)).toBe(true); // the browser's own banner is held back
    // By keyboard: the footer's lines change while the first sync runs, and a click aimed at the
    // button as it was drawn a moment before can land beside it.
    await page.getByRole('button', { name: 'Install app' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __prompted?: boolean }).__prompted === true);
    await eventually(async () => (await page.getByRole('button', { name: 'Install app' }).count()) === 0, 'the button to go');

    await context.close();

    // Running installed: chromium here cannot emulate display-mode, so the page's matchMedia
    // answers as an installed app's would.
    const installed = await newPage(browser);
    await installed.page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone') ? ({ ...real(query), matches: true, media: query } as MediaQueryList) : real(query);
    });
    await installed.page.goto('/');
    const status = installed.page.getByTestId('device-status');
    await status.getByTestId('device-persistence').waitFor();
    expect(await installed.page.evaluate(dispatchScript)).toBe(true);
    await status.getByTestId('device-counts').waitFor();
    await expect(installed.page.getByRole('button', { name: 'Install app' }).count()).resolves.toBe(0);
    await installed.context.close();
  });

  it('on iOS Safari shows the Add to Home Screen how-to once, dismissible', async () => {
    const { page, context } = await newPage(browser, {
      viewport: PHONE,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await page.goto('/');
    const hint = page.getByTestId('ios-install-hint');
    await hint.getByText('tap Share, then “Add to Home Screen”').waitFor();
    await hint.getByRole('button', { name: 'Dismiss the install how-to' }).click();
    await expect(hint.count()).resolves.toBe(0);
    await page.reload();
    await page.locator('[data-testid="article-card"]').first().waitFor();
    await expect(hint.count()).resolves.toBe(0);
    await context.close();
  });
});
