// A full load of a screen drawn in parts does not move what is already drawn: /daily (its loading
// screen, then the text and its verses), Saved (its list read from the device), My notes (its list,
// the "Sync my notes" panel loaded after the page, the Backup section under them) and a Bible
// reference search (its passage above the results). Each is loaded at a fresh address and then
// reloaded, at 375 px and 1280 px, the first light and the reload dark; the footer's device column,
// which fills in steps after the screen, stays off the first screen (styles/global.css). A Bible
// book and the sync panel's file held back show what a slow device sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { DailyText } from '@fw/contracts/daily';
import { API_PATHS } from '@fw/contracts/paths';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { launchBrowser, newPage, waitOrTell } from './browser.ts';
import { NO_SHIFT, expectSteady, watchLayoutShifts } from './ui-checks.ts';
import { DEMO_ADMIN, apiCall } from './admin-helpers.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [PHONE, DESKTOP];
/** What a late book's verses may still move (their room is estimated): a quarter of "good" CLS. */
const LATE_BOOK_SHIFT = 0.025;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The footer's device column is drawn (it comes after the screen, app/layouts/Footer.tsx). */
const footerDrawn = (page: Page) => waitOrTell(page, page.getByTestId('device-persistence'), 'the footer’s device column');

/** Two frames after the last step waited for, so a shift it caused is counted. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Loads `path` in a new browser context at each width (light), waits for `drawn` (the screen's
 * content and its late parts), checks the visit's shifts, then the same after a reload (dark).
 * `before` runs once per context before the measured loads (what the device holds first).
 */
async function loadsSteadily(path: string, drawn: (page: Page) => Promise<unknown>, before?: (page: Page) => Promise<void>) {
  for (const viewport of SIZES) {
    const { page, context } = await newPage(browser, { viewport, colorScheme: 'light' });
    await context.addInitScript(watchLayoutShifts);
    if (before) await before(page);
    await page.goto(path);
    await drawn(page);
    await footerDrawn(page);
    await nextFrames(page);
    await expectSteady(page, NO_SHIFT);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await drawn(page);
    await footerDrawn(page);
    await nextFrames(page);
    await expectSteady(page, NO_SHIFT);
    await context.close();
  }
}

describe('a full load that stays where it is drawn', () => {
  it('/daily: the loading screen gives way to the text and its verses at once, the footer off the first screen', async () => {
    // A day of its own, far from the demo's: a passage of two verses above the comment, and a page
    // shorter than a 1280 px window, whose footer would rise into it.
    const today = '2049-05-17';
    const { data } = await apiCall<{ token: string }>('POST', '/api/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    const saved = await apiCall<{ dailyText: DailyText }>(
      'POST',
      API_PATHS.saveDailyText,
      { dailyText: { date: today, reference: 'Psalm 23:1-2', comment: 'The shepherd leads to rest and walks through the dark valley too.' } },
      data.token,
    );
    expect(saved.status).toBe(201);
    await loadsSteadily(
      '/daily',
      async (page) => {
        await waitOrTell(page, page.getByTestId('daily-verses'), 'the daily text’s verses');
        await page.getByRole('link', { name: /^Next day/ }).waitFor();
      },
      (page) => page.clock.setFixedTime(new Date(`${today}T12:00:00`)),
    );
  });

  it('Saved: the list read from the device, and the footer’s device column, move nothing', async () => {
    await loadsSteadily('/saved', (page) =>
      waitOrTell(page, page.getByText('Nothing saved yet.', { exact: false }), 'the empty Saved page'),
    );
  });

  it('My notes: the list, the "Sync my notes" panel and the Backup section come in one frame', async () => {
    const drawn = async (page: Page) => {
      await waitOrTell(page, page.getByTestId('study-sync-notes'), 'the Sync my notes panel');
      await page.getByRole('heading', { name: 'Backup' }).waitFor();
    };
    // A new device: no notes yet.
    await loadsSteadily('/notes', drawn);
    // A device with notes (as a sync or a restored backup leaves them), loaded afresh.
    await loadsSteadily(
      '/notes',
      async (page) => {
        await page.getByTestId('notes-item').first().waitFor();
        await drawn(page);
      },
      async (page) => {
        await page.goto('/notes');
        await putNotes(page);
      },
    );
  });

  it('a Bible reference search: its passage comes with the results, not above them once they are drawn', async () => {
    const path = `/?q=${encodeURIComponent('John 3:16')}`;
    const drawn = async (page: Page) => {
      await waitOrTell(page, page.getByTestId('search-passage'), 'the passage');
      await page.getByText(/articles? match|No articles match/).first().waitFor();
    };
    // The search opened once first, so the device holds the book, as a reload finds it.
    await loadsSteadily(path, drawn, async (page) => {
      await page.goto(path);
      await drawn(page);
    });
  });

  // A device that does not hold the book yet fetches it (a brand-new one, or one that never opened
  // that book): here it comes 1.5 s late. The results are drawn under the passage's card after a
  // moment, and before the card kept room for its verses they were pushed down when the verses
  // came (0.161 at 375 px, measured with the same delay); with the room kept, 0.014 and 0.001 at
  // 1280 px: the verses' room is an estimate (four lines a verse on a phone, two wider), so the
  // bound here is a fraction of that, not zero.
  it('a reference whose book comes late: its card keeps room for the verses, the results stay put', async () => {
    await loadsWithLateFile(/\/assets\/bible\//, 1500, `/?q=${encodeURIComponent('John 3:16')}`, LATE_BOOK_SHIFT, async (page) => {
      // The card while the book is on its way: the reference and the way to its chapter already.
      const pending = page.getByTestId('search-passage-pending');
      await waitOrTell(page, pending, 'the passage’s card while its book comes');
      expect(await pending.getByRole('heading', { level: 2 }).innerText()).toBe('John 3:16');
      expect(await pending.getByRole('link', { name: 'Read the whole chapter' }).getAttribute('href')).toBe('/bible/john/3#v16');
      await page.getByText(/articles? match|No articles match/).first().waitFor();
      await waitOrTell(page, page.getByTestId('search-passage-text'), 'the verses');
    });
  });

  // The search groups' file (the passage's card is drawn by it) comes after the page's: here 1.2 s
  // late, as on a busy device. The results wait for the card (HomePage.tsx PASSAGE_DRAWN_WAIT_MS);
  // drawn at 600 ms without it, they were pushed down when it came (0.211 in a run beside another
  // run of these tests). The book itself comes as it will: the card's room for it is an estimate.
  it('a reference search whose search code comes late: the results wait for the passage card', async () => {
    await loadsWithLateFile(/\/assets\/SearchGroups-[^/]+\.js$/, 1200, `/?q=${encodeURIComponent('John 3:16')}`, LATE_BOOK_SHIFT, async (page) => {
      await waitOrTell(page, page.getByTestId('search-passage-text'), 'the verses');
      await page.getByText(/articles? match|No articles match/).first().waitFor();
    });
  });

  // The "Sync my notes" panel's file comes after the page's (on a busy device, or a slow first
  // visit): here 1.2 s late. The list and the Backup section under the panel wait for it
  // (NotesPage.tsx PANEL_WAIT_MS); drawn before it at 600 ms, they were pushed down when it came
  // (0.219 at 375 px, 0.044 at 1280 px, measured with the same delay).
  it('My notes: a sync panel whose file comes late moves nothing', async () => {
    await loadsWithLateFile(/\/assets\/study-sync-[^/]+\.js$/, 1200, '/notes', NO_SHIFT, async (page) => {
      await waitOrTell(page, page.getByTestId('study-sync-notes'), 'the Sync my notes panel');
      await page.getByRole('heading', { name: 'Backup' }).waitFor();
    });
  });
});

/**
 * Opens `path` at each size with the files `late` matches held back `delayMs` (as on a busy
 * device), waits until `drawn` says it is, then for the footer and a few frames, and bounds the
 * visit's layout shift by `bound`.
 */
async function loadsWithLateFile(late: RegExp, delayMs: number, path: string, bound: number, drawn: (page: Page) => Promise<void>): Promise<void> {
  for (const viewport of SIZES) {
    const { page, context } = await newPage(browser, { viewport, colorScheme: 'light' });
    await context.addInitScript(watchLayoutShifts);
    await page.route(late, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue().catch(() => undefined);
    });
    await page.goto(path);
    await drawn(page);
    await footerDrawn(page);
    await nextFrames(page);
    await expectSteady(page, bound);
    await context.close();
  }
}

/** Three notes on a featured article, put into the device's database once the app has made it. */
async function putNotes(page: Page): Promise<void> {
  const article = FEATURED_ARTICLES[0]!;
  const at = Date.now();
  const notes = [0, 1, 2].map((n) => ({
    _id: `c${n.toString(16).padStart(23, '0')}`,
    articleId: article.id,
    articleTitle: article.title,
    text: `Note ${n + 1}: read it again with the children on Sunday.`,
    createdAt: at - n * 1000,
    updatedAt: at - n * 1000,
  }));
  // Asked with evaluate: waitForFunction takes a promise for true. Only a database the app made
  // is opened: an open without a version would make an empty one.
  await expect
    .poll(
      () =>
        page.evaluate(
          async () =>
            (await indexedDB.databases()).some((d) => d.name === 'family-bible-articles') &&
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('family-bible-articles');
              open.onsuccess = () => {
                resolve(open.result.objectStoreNames.contains('notes'));
                open.result.close();
              };
              open.onerror = () => resolve(false);
            }),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('family-bible-articles');
        open.onsuccess = () => {
          const tx = open.result.transaction('notes', 'readwrite');
          for (const note of list) tx.objectStore('notes').put(note);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    notes,
  );
}
