// The chapter reader as a study place, in a real chromium against the real server: a highlight and
// a note on a verse survive a reload and are in My notes and in the backup file; Listen reads the
// chapter through a stand-in speechSynthesis; a verse card image is drawn offline, light and dark;
// the picker (opening at the current book), the verses and their tools work by keyboard and on a
// 375 px phone; "Cited in" finds the article citing the verse; Back from the next chapter or another
// page draws the chapter in every frame, at the place left; axe finds nothing at 375 and 1280 px in both themes.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from './admin-helpers.ts';
import { backLandsAt, launchBrowser, newPage, waitForAppDrawn } from './browser.ts';
import {
  adminToken,
  createArticle,
  deleteArticle,
  readStore,
  waitForServiceWorker,
  type MadeArticle,
} from './reader-helpers.ts';
import { finishUtterance, readAloudText, spoken, stubSpeech } from './study-helpers.ts';
import { axeViolations } from './ui-checks.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHOTS = '/tmp/shots';
const JOHN_3_16 = 'For God so loved the world';

interface StoredVerseHighlight {
  _id: string;
  chapterId: string;
  passage: { osis: string; chapter: number; verse: number; endVerse: number };
  color: string;
  note: string;
  text: string;
}

/** Opens a chapter and waits until the app (not the server's first copy) draws its verses. */
async function openChapter(page: Page, path: string, name: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await waitForAppDrawn(page, '[data-testid="chapter-reader"] button[aria-label="Verse 1"]');
}

/** Waits until the device keeps this Bible book (fetched after the first sync settles). */
async function waitForBook(page: Page, osis: string): Promise<void> {
  await eventually(
    async () =>
      (await readStore<{ osis: string }>(page, 'bibleBooks').catch(() => [])).some(
        (b) => b.osis === osis,
      ),
    `${osis} on the device`,
    60_000,
  );
}

describe('the chapter reader', () => {
  let browser: Browser;
  let token: string;
  let article: MadeArticle;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    article = await createArticle(token, {
      title: `Chapter reader test ${Date.now()}`,
      content: '<p>He gave his only Son (John 3:14-18), and Moses lifted up the serpent.</p>',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await deleteArticle(token, article._id);
  });

  it('keeps a highlight and a note on a verse across a reload, in My notes and in the backup', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openChapter(page, '/bible/john/3', 'John 3');
    await page.locator('#v16').getByText(JOHN_3_16).tap();
    const tools = page.getByRole('group', { name: 'Tools for John 3:16' });
    await tools.getByRole('button', { name: 'Highlight in green' }).tap();
    const made = await eventually(
      async () => (await readStore<StoredVerseHighlight>(page, 'verseHighlights'))[0],
      'the verse highlight',
    );
    expect(made).toMatchObject({
      chapterId: 'John.3',
      passage: { osis: 'John', chapter: 3, verse: 16, endVerse: 16 },
      color: 'green',
      note: '',
    });
    expect(made.text).toContain(JOHN_3_16);
    await tools.waitFor({ state: 'detached' });

    // Two verses, then "Add note": a highlight over both with its note.
    await page.getByRole('button', { name: 'Verse 17', exact: true }).tap();
    await page.getByRole('button', { name: 'Verse 18', exact: true }).tap();
    await page
      .getByRole('group', { name: 'Tools for John 3:17-18' })
      .getByRole('button', { name: 'Add note' })
      .tap();
    const sheet = page.getByRole('dialog', { name: 'John 3:17-18' });
    await sheet.getByLabel('Add a note').fill('Not to judge, but to save.');
    await sheet.getByRole('button', { name: 'Save note' }).tap();
    await eventually(
      async () =>
        (await readStore<StoredVerseHighlight>(page, 'verseHighlights')).some(
          (h) => h.note === 'Not to judge, but to save.',
        ),
      'the note',
    );
    // "Save note" closes the sheet, as on articles.
    await sheet.waitFor({ state: 'hidden' });
    await page.screenshot({ path: `${SHOTS}/chapter-375-highlights.png` });

    await page.reload();
    await waitForAppDrawn(page, '[data-testid="chapter-reader"] button[aria-label="Verse 1"]');
    await page.locator(`#v16 [data-hl-verse="${made._id}"].hl-green`).waitFor();
    await page.locator('#v17 .hl-yellow').waitFor();
    await page.getByRole('button', { name: 'Note on verse 18' }).tap();
    await page
      .getByRole('dialog', { name: 'John 3:17-18' })
      .getByText('Not to judge, but to save.')
      .waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/notes');
    const group = page
      .getByTestId('notes-group')
      .filter({ has: page.getByRole('heading', { name: 'John 3' }) });
    await group.getByText('Not to judge, but to save.').waitFor();
    await group.getByText(JOHN_3_16).waitFor();
    await expect(
      group.getByRole('heading', { name: 'John 3' }).getByRole('link').getAttribute('href'),
    ).resolves.toBe('/bible/john/3');
    await expect(
      group.getByRole('link', { name: 'Open John 3:17-18 in the Bible' }).getAttribute('href'),
    ).resolves.toBe('/bible/john/3#v17-18');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Back up my notes' }).tap(),
    ]);
    const path = join(
      await mkdtemp(join(tmpdir(), 'chapter-backup-')),
      download.suggestedFilename(),
    );
    await download.saveAs(path);
    const file = JSON.parse(await readFile(path, 'utf8'));
    expect(file).toMatchObject({ format: 'living-best-now-notes', version: 3 });
    const kept = (file.data.verseHighlights as StoredVerseHighlight[]).map((h) => [
      h.passage.verse,
      h.passage.endVerse,
      h.color,
      h.note,
    ]);
    expect(kept.sort()).toEqual([
      [16, 16, 'green', ''],
      [17, 18, 'yellow', 'Not to judge, but to save.'],
    ]);
    await context.close();
  });

  it('reads the chapter aloud with the stubbed voices, verse by verse, without the verse numbers', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.addInitScript(stubSpeech, [
      { name: 'Device voice', lang: 'en-US', localService: true, default: true },
    ]);
    await openChapter(page, '/bible/psalms/23', 'Psalm 23');
    await page.getByRole('button', { name: 'Listen' }).tap();
    const bar = page.getByRole('region', { name: 'Read aloud: Psalm 23' });
    await bar.getByText('Reading sentence 1 of').waitFor();
    const first = (await spoken(page)).at(-1)!.text;
    expect(first).toMatch(/^Jehovah is my shepherd/);
    expect(await readAloudText(page)).toBe(first);
    await finishUtterance(page);
    await bar.getByText('Reading sentence 2 of').waitFor();
    expect((await spoken(page)).at(-1)!.text).toMatch(/^He maketh me to lie down/);
    await bar.getByRole('button', { name: 'Pause' }).tap();
    await bar.getByText('Paused at sentence 2 of').waitFor();
    await context.close();
  });

  it('draws a verse card image offline, light and dark, and finds where the verse is cited', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`/article/${article._id}`);
    await waitForServiceWorker(page);
    await waitForBook(page, 'John');
    await context.setOffline(true);
    await openChapter(page, '/bible/john/3#v16', 'John 3');
    // Opened at a cited verse: the verse and the chapter's bar with its name are both in view.
    await eventually(
      () =>
        page.evaluate(() => {
          const verse = document.getElementById('v16')!.getBoundingClientRect();
          const title = document.querySelector('h1')!.getBoundingClientRect();
          return verse.top >= title.bottom && verse.bottom <= innerHeight && title.top >= 0;
        }),
      'the verse in view below the chapter name',
    );
    await page.getByRole('button', { name: 'Verse 16', exact: true }).click();
    const tools = page.getByRole('group', { name: 'Tools for John 3:16' });
    await tools.getByRole('button', { name: 'Share as image' }).click();
    const card = page.getByRole('dialog', { name: 'Image of John 3:16' });
    await card.waitFor();
    /** How many pixels of the card differ from its background colour (its corner). */
    const inked = () =>
      card.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (
            Math.abs(data[i]! - data[0]!) +
              Math.abs(data[i + 1]! - data[1]!) +
              Math.abs(data[i + 2]! - data[2]!) >
            60
          )
            count += 1;
        }
        return { count, corner: [data[0], data[1], data[2]], size: canvas.width };
      });
    await card.getByLabel('Light').check();
    const light = await eventually(
      async () => ((await inked()).count > 5000 ? inked() : null),
      'the light card drawn',
    );
    expect(light.size).toBe(1080);
    await card.getByLabel('Dark').check();
    const dark = await eventually(async () => {
      const now = await inked();
      return now.corner.join() !== light.corner.join() && now.count > 5000 ? now : null;
    }, 'the dark card drawn');
    expect(dark.corner[0]!).toBeLessThan(light.corner[0]!);
    await page.screenshot({ path: `${SHOTS}/chapter-1280-card.png` });
    // No share sheet for files here: the image is downloaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Share image' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('john-3-16.png');
    await card.getByRole('button', { name: 'Close' }).click();

    await tools.getByRole('button', { name: 'Cited in' }).click();
    const cited = page.getByRole('dialog', { name: 'John 3:16 is cited in' });
    await expect(
      cited.getByRole('link', { name: article.title }).getAttribute('href'),
    ).resolves.toBe(`/article/${article._id}`);
    await context.close();
  });

  it('works by keyboard: the picker at the top, a verse selected and its tools reached by Tab', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openChapter(page, '/bible/john/3', 'John 3');
    const pick = page.getByRole('button', { name: 'Books and chapters' });
    // The picker comes before the verses.
    expect(
      await page.evaluate(() => {
        const button = document.querySelector('button[aria-label="Books and chapters"]')!;
        return Boolean(
          button.compareDocumentPosition(document.getElementById('v1')!) &
          Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }),
    ).toBe(true);
    await pick.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('region', { name: 'Choose a book and chapter' });
    // Escape closes it, back on the button that opened it; Enter opens it again.
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Books and chapters');
    await page.keyboard.press('Enter');
    await picker.getByRole('button', { name: 'Romans' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Romans: chapters',
    );
    await page.screenshot({ path: `${SHOTS}/chapter-375-picker.png` });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 7; i += 1) await page.keyboard.press('Tab');
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('Romans 8');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Romans 8' }).waitFor();
    await picker.waitFor({ state: 'detached' });

    await waitForAppDrawn(page, '[data-testid="chapter-reader"] button[aria-label="Verse 28"]');
    await page.getByRole('button', { name: 'Verse 28', exact: true }).focus();
    await page.keyboard.press('Enter');
    const tools = page.getByRole('group', { name: 'Tools for Romans 8:28' });
    // Escape lets go of the verse (its tools go), back on the verse; Enter chooses it again.
    await tools.waitFor();
    await page.keyboard.press('Escape');
    await tools.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Verse 28');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(tools.evaluate((t) => t.contains(document.activeElement))).resolves.toBe(true);
    for (
      let i = 0;
      i < 8 &&
      (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !==
        'Highlight in blue';
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await eventually(
      async () =>
        (await readStore<StoredVerseHighlight>(page, 'verseHighlights')).some(
          (h) => h.chapterId === 'Rom.8' && h.color === 'blue',
        ),
      'the highlight by keyboard',
    );
    // The page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await context.close();
  });

  // Psalm 119 is opened from Psalm 118, so the app draws it from the device: the server's copy of
  // the page a visit starts on would hide a Back that has to read the chapter again.
  const awayFrom119 = [
    ['the next chapter', 'Psalm 120', (page: Page) => page.getByRole('link', { name: 'Next chapter: Psalm 120' }).click()],
    ['another page', 'About Us', (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).dispatchEvent('click')],
  ] as const;
  for (const [where, heading, follow] of awayFrom119) {
    it(`comes Back from ${where} in one step at 375 px: the verses in every frame, at the place left`, async () => {
      const { page, context } = await newPage(browser, PHONE);
      await openChapter(page, '/bible/psalms/118', 'Psalm 118');
      await page.getByRole('link', { name: 'Next chapter: Psalm 119' }).click();
      await page.getByRole('heading', { level: 1, name: 'Psalm 119' }).waitFor();
      await waitForAppDrawn(page, '[data-testid="chapter-reader"] button[aria-label="Verse 176"]');
      const left = await page.evaluate(() => {
        window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) / 2, behavior: 'instant' });
        return window.scrollY;
      });
      expect(left).toBeGreaterThan(2000);
      await follow(page);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();

      await backLandsAt(page, 'Psalm 119', 'Loading the chapter', left);
      await context.close();
    });
  }

  for (const [size, options] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    it(`opens the books at ${size} px with the current one in view, chosen and under the keyboard`, async () => {
      const { page, context } = await newPage(browser, options);
      await openChapter(page, '/bible/revelation/21', 'Revelation 21');
      await page.getByRole('button', { name: 'Books and chapters' }).click();
      const picker = page.getByRole('region', { name: 'Choose a book and chapter' });
      const current = picker.getByRole('button', { name: 'Revelation', exact: true });
      await current.waitFor();
      await expect.poll(() => current.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await current.getAttribute('aria-current')).toBe('true');
      // Seen whole, within the panel's scroll and on the screen.
      const seen = await current.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const panel = el.closest('[data-testid="chapter-picker"]')!.getBoundingClientRect();
        return box.top >= panel.top && box.bottom <= panel.bottom && box.top >= 0 && box.bottom <= window.innerHeight;
      });
      expect(seen).toBe(true);
      await context.close();
    });
  }

  it('writes the colour names under the swatches on a phone clear of the tools below them', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openChapter(page, '/bible/john/3', 'John 3');
    await page.locator('#v16').getByText(JOHN_3_16).tap();
    const tools = page.getByRole('group', { name: 'Tools for John 3:16' });
    await tools.getByRole('button', { name: 'Highlight in yellow' }).getByText('Yellow', { exact: true }).waitFor();
    // Each name's box against every other control of the panel: none may overlap.
    const overlaps = await tools.evaluate((panel) => {
      const found: string[] = [];
      const names = [...panel.querySelectorAll('button[aria-label^="Highlight in"] span')];
      const others = [...panel.querySelectorAll('button')].filter((b) => !b.getAttribute('aria-label')?.startsWith('Highlight in'));
      for (const name of names) {
        const n = name.getBoundingClientRect();
        for (const other of others) {
          const o = other.getBoundingClientRect();
          if (n.left < o.right && o.left < n.right && n.top < o.bottom && o.top < n.bottom) {
            found.push(`${name.textContent} (${n.top.toFixed(1)}-${n.bottom.toFixed(1)}) over ${other.textContent} (${o.top.toFixed(1)}-${o.bottom.toFixed(1)})`);
          }
        }
      }
      return found;
    });
    expect(overlaps).toEqual([]);
    await context.close();
  });

  const layouts = [
    ['375', PHONE, 'light'],
    ['375', PHONE, 'dark'],
    ['1280', DESKTOP, 'light'],
    ['1280', DESKTOP, 'dark'],
  ] as const;
  for (const [size, options, scheme] of layouts) {
    it(`is clean for axe at ${size} px in the ${scheme} theme, with the tools and the picker open`, async () => {
      const { page, context } = await newPage(browser, {
        ...options,
        colorScheme: scheme,
        bypassCSP: true,
      });
      await openChapter(page, '/bible/john/3#v16', 'John 3');
      await page.getByRole('button', { name: 'Verse 16', exact: true }).click();
      await page.getByRole('group', { name: 'Tools for John 3:16' }).waitFor();
      await page.getByRole('button', { name: 'Books and chapters' }).click();
      await page.getByRole('region', { name: 'Choose a book and chapter' }).waitFor();
      expect(await axeViolations(page), `${size} px, ${scheme}`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/chapter-${size}-${scheme}.png` });
      await context.close();
    });
  }
});
