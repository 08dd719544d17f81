// The administrator's side of the polish round in a real chromium against the real server: the
// editor (normal weight, Tab through the whole form, its focus ring, its publishing row lined
// up), every admin check box lined up with its words and the field before it, toasts (contrast, close
// target, at the bottom on phones and moving only there, closing with reduced motion), the phone's
// bottom bar and its More, Users and Comments as cards on a phone, fresh admin lists with Refresh,
// the keyboard given back when a lesson's or a daily text's form closes, Refresh and the list of
// waiting changes offline on a phone, past lessons styled like upcoming ones, and axe on every
// screen in both themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_PATHS } from '@fw/contracts/paths';
import { IMAGE_REFUSED_MESSAGE } from '../src/features/admin-editor/editor-rules.ts';
import { launchBrowser, newPage } from './browser.ts';
import { DESCRIBE_PICTURE_TITLE } from '../src/features/admin-editor/picture-description.ts';
import { GIF_BASE64, PNG_BASE64, apiCall, describePicture, loginAsDemoAdmin, openAdminEntry, pasteImage, toastAfter, writeSucceeds } from './admin-helpers.ts';
import { adminToken, createArticle, deleteArticle } from './reader-helpers.ts';
import { axeViolations, contrastOf, inViewport } from './ui-checks.ts';

const stamp = Date.now().toString(36);

/** Every screen twice (light, dark), each drawn and measured by axe: minutes on a busy machine. */
const AXE_TEST_TIMEOUT_MS = 300_000;

describe('admin polish', () => {
  let browser: Browser;
  let page: Page;
  const nav = () => page.getByRole('navigation', { name: 'Admin' });
  const open = async (entry: string, heading: string) => {
    await nav().getByRole('link', { name: entry, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true }));
    await loginAsDemoAdmin(page);
  });
  afterAll(() => browser?.close());

  it('shows normal text in normal weight, bold as bold, and a focus ring on the editor', async () => {
    await open('Create', 'Create Article');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Plain words ');
    await page.locator('.ql-toolbar button.ql-bold').click();
    await page.keyboard.type('strong words');
    const weight = (css: string) => page.locator(css).first().evaluate((e) => getComputedStyle(e).fontWeight);
    await expect(weight('.ql-editor p')).resolves.toBe('400');
    await expect(weight('.ql-editor strong')).resolves.toBe('700');
    const ring = await page.locator('.ql-container').evaluate((e) => getComputedStyle(e).outlineStyle);
    expect(ring).toBe('solid');
  });

  it('reaches every field of the create form with Tab, through the editor, without typing a tab', async () => {
    await page.getByLabel('Title', { exact: true }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 40 && !stops.includes('submit'); i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (el.classList.contains('ql-editor')) return 'editor';
          if (el.getAttribute('type') === 'submit') return 'submit';
          return el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.tagName.toLowerCase();
        }),
      );
    }
    const order = ['subtitle', 'editor', 'category', 'isPublished', 'submit'].map((stop) => stops.indexOf(stop));
    expect(order.every((at) => at >= 0), stops.join(' → ')).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.locator('.ql-editor').textContent()).resolves.not.toContain('\t');
  });

  it('lines up Category, Publish Now and Publish at: one row on a wide screen, one column on a phone', async () => {
    // The tests above leave the editor open with words the next one asks about before leaving:
    // it is opened here only when this test runs alone.
    if (!(await page.getByRole('heading', { level: 1, name: 'Create Article' }).isVisible())) await open('Create', 'Create Article');
    // The editor arrives in its own chunk and moves the row down when it does.
    await page.locator('.ql-editor').waitFor();
    const row = page.getByTestId('publishing-row');
    /** Every box measured at one moment, so nothing moves between two of them. */
    const boxes = () =>
      row.evaluate((element) => {
        const box = (target: Element | null | undefined) => {
          const { x, y, width, height } = target!.getBoundingClientRect();
          return { x, y, width, height };
        };
        const labelOf = (control: Element | null) => control?.closest('label')?.querySelector('span');
        const category = element.querySelector('select[name="category"]');
        const publishAt = element.querySelector('input[name="publishAt"]');
        return {
          category: box(category),
          publishNow: box(element.querySelector('input[name="isPublished"]')),
          publishAt: box(publishAt),
          categoryLabel: box(labelOf(category)),
          publishAtLabel: box(labelOf(publishAt)),
          title: box(document.querySelector('input[name="title"]')),
        };
      });
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    // Wide: the three controls on one line (the hint under Publish at hangs below it), the two
    // labels on the line above.
    const wide = await boxes();
    expect(Math.abs(middle(wide.publishNow) - middle(wide.category)), 'Publish Now beside Category').toBeLessThanOrEqual(1);
    expect(Math.abs(middle(wide.publishAt) - middle(wide.category)), 'Publish at beside Category').toBeLessThanOrEqual(1);
    expect(Math.abs(wide.publishAtLabel.y - wide.categoryLabel.y), 'the labels on one line').toBeLessThanOrEqual(1);
    expect(wide.publishNow.x).toBeGreaterThan(wide.category.x + wide.category.width);
    expect(wide.publishAt.x).toBeGreaterThan(wide.publishNow.x + wide.publishNow.width);
    // A phone: one under another, their left edges on one line with the fields above.
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      const narrow = await boxes();
      const title = narrow.title;
      for (const [name, b] of Object.entries({ category: narrow.category, publishNow: narrow.publishNow, publishAt: narrow.publishAt })) {
        expect(Math.abs(b.x - title.x), `${name}'s left edge at 375 px`).toBeLessThanOrEqual(1);
      }
      expect(narrow.publishNow.y).toBeGreaterThan(narrow.category.y + narrow.category.height);
      expect(narrow.publishAt.y).toBeGreaterThan(narrow.publishNow.y + narrow.publishNow.height);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('asks before leaving the editor with changes not saved: Stay keeps them, Leave goes', async () => {
    // The text typed above is not saved.
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await nav().getByRole('link', { name: 'Dashboard', exact: true }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(page.getByRole('heading', { level: 1, name: 'Create Article' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.ql-editor').textContent()).resolves.toContain('Plain words strong words');
    await nav().getByRole('link', { name: 'Dashboard', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor();
    // A form opened and left untouched is not asked about.
    await open('Create', 'Create Article');
    await page.locator('.ql-editor').waitFor();
    await open('Dashboard', 'Dashboard');
  });

  /** Records, every frame from now on, the highest point any toast reaches on screen. */
  const watchToastTops = () =>
    page.evaluate(() => {
      const tops = { highest: Infinity };
      (window as unknown as { toastTops: typeof tops }).toastTops = tops;
      const sample = () => {
        for (const toast of document.querySelectorAll('.Toastify__toast')) tops.highest = Math.min(tops.highest, toast.getBoundingClientRect().top);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
  /** Picks a moving GIF in the editor, which it refuses with an error toast. */
  const refuseAnImage = () =>
    toastAfter(page, 'error', IMAGE_REFUSED_MESSAGE, async () => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.ql-toolbar button.ql-image').click()]);
      await chooser.setFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from(GIF_BASE64, 'base64') });
    });
  const highestToastTop = () => page.evaluate(() => (window as unknown as { toastTops: { highest: number } }).toastTops.highest);

  it('shows toasts that are readable, closable with a finger, and at the bottom on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open('Create', 'Create Article');
    const toast = page.locator('.Toastify__toast--error', { hasText: IMAGE_REFUSED_MESSAGE }).first();
    await watchToastTops();
    await refuseAnImage();
    await toast.hover(); // holds it while it is measured
    expect(await contrastOf(toast)).toBeGreaterThanOrEqual(4.5);
    const close = await toast.locator('.Toastify__close-button').boundingBox();
    expect(close!.width).toBeGreaterThanOrEqual(44);
    expect(close!.height).toBeGreaterThanOrEqual(44);
    // Its text ends before the close button: the button is beside it, not over its last words.
    const textEnd = await toast.evaluate((t) => {
      const walker = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
      let end = -Infinity;
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim() || text.parentElement?.closest('button')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) end = Math.max(end, rect.right);
      }
      return end;
    });
    expect(textEnd).toBeGreaterThan(0);
    expect(textEnd).toBeLessThanOrEqual(close!.x + 1);
    const box = (await toast.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    const bar = (await nav().boundingBox())!;
    expect(box.y).toBeGreaterThan(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
    await page.screenshot({ path: '/tmp/shots/polish-375-toast.png' });
    // It came in from below, never across the screen: no toast went above its lower half (toasts
    // stack there, so a toast's place moves as others go).
    const half = 812 / 2;
    expect(await highestToastTop()).toBeGreaterThan(half);
    // And it leaves downwards: closed, it goes without passing over the screen above it.
    await toast.locator('.Toastify__close-button').click();
    await toast.waitFor({ state: 'detached' });
    expect(await highestToastTop()).toBeGreaterThan(half);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('closes a toast by itself, and at a click, for someone who asked for reduced motion', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await open('Create', 'Create Article');
      const toast = () => page.locator('.Toastify__toast--error', { hasText: IMAGE_REFUSED_MESSAGE });
      await refuseAnImage();
      // Its time is up after 4 s: gone well within twice that.
      await toast().first().waitFor({ state: 'detached', timeout: 8_000 });
      await refuseAnImage();
      await toast().first().locator('.Toastify__close-button').click();
      await toast().first().waitFor({ state: 'detached', timeout: 2_000 });
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  it('fits the phone’s bottom bar: readable labels, none cut, the rest under More', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const entries = nav().locator('li:visible > a, li:visible > button');
    await expect(entries.count()).resolves.toBe(5);
    for (const entry of await entries.all()) {
      const label = entry.locator('span').first();
      const [size, cut] = await label.evaluate((e) => [parseFloat(getComputedStyle(e).fontSize), e.scrollWidth > e.clientWidth + 0.5] as const);
      expect(size).toBeGreaterThanOrEqual(12);
      expect(cut, await label.textContent()).toBe(false);
    }
    // A tap anywhere else closes it, as a menu does.
    await nav().getByRole('button', { name: 'More' }).click();
    await nav().getByRole('link', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(nav().getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).resolves.toBe('false');
    // Escape from inside the open panel closes it and gives the keyboard back to More.
    const more = nav().getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav().getByRole('link', { name: 'Users', exact: true }).evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(more.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(more.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await nav().getByRole('button', { name: 'More' }).click();
    for (const entry of ['Users', 'Family Worship']) {
      expect(await inViewport(page, nav().getByRole('link', { name: entry, exact: true })), entry).toBe(true);
    }
    const barHeight = (await nav().boundingBox())!.height;
    expect(barHeight).toBeLessThan(80);
    await nav().getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await expect(nav().getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await page.screenshot({ path: '/tmp/shots/polish-375-users.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('fits the public header on a phone when logged in: the admin link says Admin there', async () => {
    // A second tab of the same login, so the admin screen the other tests use stays open.
    // Closed whatever happens: a second tab left open would send the outbox's writes the next
    // tests wait for on their own tab.
    const phone = await page.context().newPage();
    try {
      await phone.setViewportSize({ width: 375, height: 812 });
      await phone.goto('/about-us');
      // The app's own header (the server's page does not know the login, and says Login).
      const link = phone.getByRole('banner').getByRole('link', { name: 'Admin dashboard' });
      await link.waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await link.innerText()).toBe('Admin');
      // The narrowest phones, where "Home" gives way to the logo: still one line inside the screen.
      await phone.setViewportSize({ width: 320, height: 640 });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // Tablets, where Dashboard is wider than Login: one line of 61 px, inside the screen.
      for (const width of [641, 701, 855, 880]) {
        await phone.setViewportSize({ width, height: 900 });
        const line = await phone.getByRole('banner').evaluate((banner) => [document.documentElement.scrollWidth, Math.round(banner.getBoundingClientRect().height)]);
        expect(line, `${width} px`).toEqual([width, 61]);
      }
      await phone.setViewportSize({ width: 1280, height: 900 });
      expect(await link.innerText()).toBe('Dashboard');
    } finally {
      await phone.close();
    }
  });

  it('shows users and comments as cards on a phone: nothing wider than the screen, names whole', async () => {
    const name = `Card Reader ${stamp}`;
    const email = `a.rather.long.address.${stamp}@example-families.org`;
    expect((await apiCall('POST', API_PATHS.register, { name, email, password: 'a-long-enough-password' })).status).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open('Dashboard', 'Dashboard'); // Users opened afresh pulls the new registration
    await page.setViewportSize({ width: 375, height: 812 });
    for (const screen of ['Users', 'Comments']) {
      if (screen === 'Users') {
        await nav().getByRole('button', { name: 'More' }).click();
        await nav().getByRole('link', { name: 'Users', exact: true }).click();
      } else await nav().getByRole('link', { name: 'Comments', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: screen }).waitFor();
      await page.locator('table[aria-busy="false"]').waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
      const overflow = await page.locator('table').evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(overflow).toBe(0);
      if (screen === 'Users') {
        const row = page.getByTestId('user-row').filter({ hasText: email });
        await row.waitFor();
        // A name on one line, the address on at most two: not broken letter by letter.
        const lines = (css: string) => row.locator(css).evaluate((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)));
        // Measured once the page's fonts are in: a fallback font's wider letters can wrap a name.
        await page.evaluate(() => document.fonts.ready.then(() => true));
        // A font still loading under load lays the name out in the fallback's wider letters first.
        await expect.poll(() => lines('td:nth-child(1)'), { timeout: 15_000 }).toBeLessThanOrEqual(1);
        await expect.poll(() => lines('td:nth-child(2)'), { timeout: 15_000 }).toBeLessThanOrEqual(2);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('pulls the admin lists on opening them, and Refresh brings what arrived since', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open('Dashboard', 'Dashboard');
    const first = `fresh-${stamp}@example.com`;
    expect((await apiCall('POST', API_PATHS.register, { name: `Fresh ${stamp}`, email: first, password: 'a-long-enough-password' })).status).toBe(201);
    await open('Users', 'Users');
    await page.getByTestId('user-row').filter({ hasText: first }).waitFor({ timeout: 10_000 });
    const refresh = page.getByTestId('admin-refresh');
    await refresh.getByText(/Last synced/).waitFor();
    const second = `later-${stamp}@example.com`;
    expect((await apiCall('POST', API_PATHS.register, { name: `Later ${stamp}`, email: second, password: 'a-long-enough-password' })).status).toBe(201);
    const pulled = page.waitForResponse((r) => new URL(r.url()).pathname === API_PATHS.adminChanges && r.status() === 200);
    await refresh.getByRole('button', { name: 'Refresh' }).click();
    await pulled;
    await page.getByTestId('user-row').filter({ hasText: second }).waitFor({ timeout: 10_000 });
  });

  it('gives the keyboard back to the button that opened a lesson’s or a daily text’s form when it closes', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    /** Opens a panel from `opener` by keyboard, closes it with its Cancel, and says where focus went. */
    const openAndCancel = async (opener: import('playwright-core').Locator, panel: string) => {
      const name = await opener.evaluate((b) => b.getAttribute('aria-label') ?? b.textContent);
      await opener.focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole(panel.startsWith('Import') ? 'region' : 'form', { name: panel });
      await form.waitFor();
      await form.getByRole('button', { name: 'Cancel' }).focus();
      await page.keyboard.press('Enter');
      await form.waitFor({ state: 'detached' });
      await expect.poll(focused, { timeout: 5_000 }).toBe(name);
    };
    await open('Family Worship', 'Family Worship');
    // Far down the list, so the form above it is a long way from where the admin was.
    await openAndCancel(page.getByTestId('past-admin-lessons').getByRole('button', { name: /^Edit the lesson for/ }).nth(5), 'Edit lesson');
    await openAndCancel(page.getByRole('button', { name: 'Add lesson', exact: true }), 'Add lesson');
    await openAndCancel(page.getByRole('button', { name: 'Import lessons', exact: true }), 'Import lessons');
    await open('Daily Text', 'Daily Text');
    await page.getByTestId('admin-daily-text').first().waitFor();
    await openAndCancel(page.getByRole('button', { name: /^Edit the text for/ }).nth(3), 'Edit daily text');
    await openAndCancel(page.getByRole('button', { name: 'Import daily texts', exact: true }), 'Import daily texts');
  });

  it('lines up every admin check box with its words and the field before it: beside it on a wide screen, under it on a phone', async () => {
    /** The box, its words, and the field before it in the form (Category, Date), measured at one moment. */
    const measure = (box: import('playwright-core').Locator, field: string) =>
      box.evaluate((input, css) => {
        const rect = (b: DOMRect) => ({ x: b.x, y: b.y, width: b.width, height: b.height });
        const words = document.createRange();
        words.selectNodeContents([...input.closest('label')!.childNodes].find((n) => n !== input && n.textContent?.trim())!);
        const before = input.closest('form')!.querySelector(css)!;
        return {
          box: rect(input.getBoundingClientRect()),
          words: rect(words.getBoundingClientRect()),
          field: rect(before.getBoundingClientRect()),
          gap: parseFloat(getComputedStyle(input.closest('label')!.parentElement!).columnGap),
        };
      }, field);
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    const forms = [
      {
        name: 'Publish Now',
        field: 'select[name="category"]',
        open: async () => {
          await open('Create', 'Create Article');
          await page.locator('.ql-editor').waitFor();
          return page.getByLabel('Publish Now');
        },
      },
      {
        name: 'Broadcast week',
        field: 'input[type="date"]',
        open: async () => {
          // Under More on a phone.
          await openAdminEntry(page, 'Family Worship');
          await page.getByRole('heading', { level: 1, name: 'Family Worship', exact: true }).waitFor();
          await page.getByRole('button', { name: 'Add lesson', exact: true }).click();
          return page.getByRole('form', { name: 'Add lesson' }).getByRole('switch', { name: 'Broadcast week' });
        },
      },
    ];
    try {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        for (const form of forms) {
          const at = `${form.name} at ${width} px`;
          const { box, words, field, gap } = await measure(await form.open(), form.field);
          expect(Math.abs(middle(box) - middle(words)), `${at}: the box level with its words`).toBeLessThanOrEqual(1);
          if (width === 375) {
            // Under the field, its left edge on the field's.
            expect(Math.abs(box.x - field.x), `${at}: the box's left edge on the field's`).toBeLessThanOrEqual(1);
            expect(box.y, `${at}: under the field`).toBeGreaterThan(field.y + field.height);
          } else {
            // Beside the field, level with it, the row's gap after it.
            expect(Math.abs(middle(box) - middle(field)), `${at}: the box level with the field`).toBeLessThanOrEqual(1);
            expect(Math.abs(box.x - (field.x + field.width) - gap), `${at}: one gap after the field`).toBeLessThanOrEqual(1);
          }
        }
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('offline on a phone: Refresh looks unavailable, and the list of waiting changes opens with a finger', async () => {
    const token = await adminToken();
    const article = await createArticle(token, { title: `Waiting ${stamp}`, isPublished: false });
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      await open('All Articles', 'All Articles');
      const row = page.getByTestId('article-row').filter({ hasText: article.title });
      await row.waitFor();
      const refresh = page.getByTestId('admin-refresh').getByRole('button', { name: 'Refresh' });
      await expect.poll(() => refresh.isEnabled()).toBe(true);
      const look = () =>
        refresh.evaluate((b) => {
          const s = getComputedStyle(b);
          return [s.opacity, s.color, s.backgroundColor, s.borderColor, s.cursor].join(' ');
        });
      const usable = await look();
      await page.context().setOffline(true);
      await expect.poll(() => refresh.isDisabled()).toBe(true);
      expect(await look(), 'Refresh when it cannot be pressed').not.toBe(usable);
      await row.getByRole('button', { name: 'Publish', exact: true }).click();
      const toggle = page.getByText('Show what is waiting to be sent');
      await toggle.waitFor();
      const summary = page.locator('summary', { has: toggle });
      expect((await summary.boundingBox())!.height, 'the summary that opens the waiting list').toBeGreaterThanOrEqual(44);
      await summary.click();
      await page.locator('details[open] li', { hasText: `Publish “${article.title}”` }).waitFor();
      await writeSucceeds(page, 'POST', API_PATHS.togglePublish, () => page.context().setOffline(false));
      await expect.poll(() => refresh.isEnabled()).toBe(true);
      expect(await look()).toBe(usable);
    } finally {
      await page.context().setOffline(false);
      await page.setViewportSize({ width: 1280, height: 900 });
      await deleteArticle(token, article._id);
    }
  });

  it('styles past lessons like upcoming ones, with a turning chevron on each month', async () => {
    const visitor = await newPage(browser);
    // A day between the seeded 2025 schedule's lessons: upcoming ones and an archive.
    await visitor.page.clock.setFixedTime(new Date('2025-06-18T12:00:00'));
    await visitor.page.goto('/family');
    const upcoming = visitor.page.getByTestId('lesson').first();
    await upcoming.waitFor();
    const archive = visitor.page.getByTestId('past-lessons');
    const month = archive.locator('details').first();
    const turn = () => month.locator('summary').evaluate((s) => getComputedStyle(s, '::before').transform);
    const closed = await turn();
    await month.locator('summary').click();
    await expect.poll(turn).not.toBe(closed);
    const look = (card: import('playwright-core').Locator) =>
      card.evaluate((c) => {
        const topic = c.querySelector('[class*="topic"]')!;
        const s = getComputedStyle(topic);
        return [s.fontFamily, s.fontSize, s.fontWeight, getComputedStyle(c).borderRadius, getComputedStyle(c).padding];
      });
    const past = month.getByTestId('past-lesson').first();
    await past.waitFor();
    expect(await look(past)).toEqual(await look(upcoming));
    await visitor.context.close();
  });

  it('has no axe violation on any admin screen (the editor’s states too), light and dark, with a toast showing', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const drafts: string[] = [];
    const screens: [string, string][] = [
      ['Dashboard', 'Dashboard'],
      ['Create', 'Create Article'],
      ['All Articles', 'All Articles'],
      ['Comments', 'Comments'],
      ['Users', 'Users'],
      ['Family Worship', 'Family Worship'],
    ];
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [entry, heading] of screens) {
        await open(entry, heading);
        await page.locator('table[aria-busy="false"], .ql-editor, [data-testid="admin-lesson"], [role="form"]').first().waitFor();
        for (const v of await axeViolations(page)) found.push(`${scheme} ${entry}: ${v.id} ${v.nodes.join(', ')}`);
      }
      // The editor's other states: the after-save panel, an existing article opened for editing,
      // and the question about a pasted picture.
      await open('Create', 'Create Article');
      const title = `Axe draft ${scheme} ${stamp}`;
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Subtitle', { exact: true }).fill('Checked by axe');
      await page.locator('.ql-editor').click();
      await page.keyboard.type('A draft to look at.');
      await page.getByLabel('Category').selectOption('Life');
      const saved = await writeSucceeds(page, 'POST', API_PATHS.addArticle, () => page.getByRole('button', { name: 'Create Article' }).click());
      drafts.push((saved.article as { _id: string })._id);
      await page.getByTestId('saved-panel').waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} after save: ${v.id} ${v.nodes.join(', ')}`);
      await open('All Articles', 'All Articles');
      await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
      await page.getByRole('button', { name: 'Update Article' }).waitFor();
      await page.locator('.ql-editor', { hasText: 'A draft to look at.' }).waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} edit: ${v.id} ${v.nodes.join(', ')}`);
      await pasteImage(page, PNG_BASE64, 'image/png');
      await page.getByRole('dialog', { name: DESCRIBE_PICTURE_TITLE }).waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} picture question: ${v.id} ${v.nodes.join(', ')}`);
      await describePicture(page);
      // The picture is not saved: leaving asks first (its question checked by axe too).
      await nav().getByRole('link', { name: 'Create', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.waitFor();
      for (const v of await axeViolations(page)) found.push(`${scheme} leave question: ${v.id} ${v.nodes.join(', ')}`);
      await ask.getByRole('button', { name: 'Leave' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Article', exact: true }).waitFor();
      // A toast on screen (the editor refuses a gif): its colours and button pass too.
      await refuseAnImage();
      await page.locator('.Toastify__toast').first().hover();
      for (const v of await axeViolations(page)) found.push(`${scheme} toast: ${v.id} ${v.nodes.join(', ')}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    const token = await adminToken();
    for (const id of drafts) await deleteArticle(token, id);
    expect(found).toEqual([]);
  }, AXE_TEST_TIMEOUT_MS);
});
