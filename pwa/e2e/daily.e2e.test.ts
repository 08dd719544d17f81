// The daily text in a real chromium against the real server: today's text on the home page and
// on /daily, the previous and next days, and all of it again offline after a reload; an
// administrator adds, edits and deletes a text through the Daily Text screen (each proven by the
// write's own answer), imports rows with a bad one named in the preview, and adds one offline that
// reaches the server when the connection returns; on a 375 px phone the card and the start of the
// first article share the first screen, and /daily works from the keyboard; Back to /daily shows
// no loading screen. Each page's clock is
// set to a day far from the demo days, so the texts around it are only the ones a test makes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { DailyText } from '@fw/contracts/daily';
import { formatDailyDate } from '@fw/contracts/daily';
import { isoDay, isoFromDay } from '@fw/contracts/lessons';
import { API_PATHS } from '@fw/contracts/paths';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { CONFIRM } from '../src/lib/admin-messages.ts';
import { drawnOnBack, launchBrowser, newPage, waitForAppDrawn, waitForControl, waitForServiceWorker, waitOrTell } from './browser.ts';
import { NO_SHIFT, axeViolations, expectSteady, resetShifts, watchLayoutShifts } from './ui-checks.ts';
import { DEMO_ADMIN, apiCall, eventually, loginAsDemoAdmin, openAdminEntry, writeSucceeds } from './admin-helpers.ts';

const PHONE = { width: 375, height: 812 };
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const { data } = await apiCall<{ token: string }>('POST', '/api/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  token = data.token;
});
afterAll(async () => {
  await browser?.close();
});

/** Noon of a calendar day in the browser's own zone. */
const noon = (iso: string) => new Date(`${iso}T12:00:00`);
const addDays = (iso: string, n: number) => isoFromDay(isoDay(iso) + n);

async function saveText(date: string, reference: string, comment: string): Promise<DailyText> {
  const res = await apiCall<{ dailyText: DailyText }>('POST', API_PATHS.saveDailyText, { dailyText: { date, reference, comment } }, token);
  expect(res.status).toBe(201);
  return res.data.dailyText;
}

async function onServer(date: string): Promise<DailyText | undefined> {
  const res = await apiCall<{ dailyTexts: DailyText[] }>('GET', `${API_PATHS.dailyTexts}?from=${date}&to=${date}`);
  return res.data.dailyTexts[0];
}

/** The /daily page showing `date`'s heading (a new screen, not the one before it). */
const dayShown = (page: Page, date: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^${formatDailyDate(date)}`) }).waitFor();

/**
 * How many records of `store` the device keeps (with `key`: 1 if that one is there, else 0), read
 * in the page. Never makes the database (an upgrade is aborted) and never stays open, so the app's
 * own opening and upgrade are not held up by this look.
 */
const onDevice = (page: Page, store: string, key?: string) =>
  page.evaluate(
    ([name, id]) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('family-bible-articles');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const idb = open.result;
          const done = (found: number) => {
            idb.close();
            resolve(found);
          };
          if (!idb.objectStoreNames.contains(name!)) return done(0);
          const records = idb.transaction(name!).objectStore(name!);
          const ask = id === undefined ? records.count() : records.count(id);
          ask.onsuccess = () => done(ask.result);
          ask.onerror = () => done(0);
        };
      }),
    [store, key] as const,
  );

/** Waits until the device keeps `date`'s text (the sync's own table). */
const textOnDevice = (page: Page, date: string) =>
  eventually(() => onDevice(page, 'dailyTexts', date), `${date}'s text on the device`, 30_000);

/** What a frame of the home page showed. */
interface HomeFrame {
  /** The home page is drawn (its search box), not the screen Back left. */
  home: boolean;
  cards: boolean;
  daily: boolean;
  searching: boolean;
  footerInView: boolean;
  /** The window is no longer where it was when Back was pressed. */
  moved: boolean;
}

/**
 * Goes Back as the browser's button does (history.back(): no input on the page, so its layout
 * shifts count), noting what each frame shows for about two seconds; answers a reader of them.
 */
async function framesOfBack(page: Page): Promise<() => Promise<HomeFrame[]>> {
  await page.evaluate(() => {
    const frames: HomeFrame[] = [];
    (window as unknown as { __frames: HomeFrame[] }).__frames = frames;
    const from = window.scrollY;
    const look = () => {
      const footer = document.querySelector('footer')?.getBoundingClientRect();
      frames.push({
        cards: document.querySelector('main [data-testid="article-card"]') !== null,
        daily: document.querySelector('[data-testid="daily-card"]') !== null,
        searching: [...document.querySelectorAll('button')].some((b) => b.textContent === 'Clear Search'),
        footerInView: footer !== undefined && footer.top < innerHeight && footer.bottom > 0,
        home: document.getElementById('search-input') !== null,
        moved: window.scrollY !== from,
      });
      if (frames.length < 120) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    history.back();
  });
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __frames: HomeFrame[] }).__frames.length >= 120);
    return page.evaluate(() => (window as unknown as { __frames: HomeFrame[] }).__frames);
  };
}

describe('the daily text', () => {
  it('shows today’s text on the home page and on /daily, with the days before and after, and again offline', async () => {
    const today = '2047-05-14';
    const yesterday = addDays(today, -1);
    const tomorrow = addDays(today, 1);
    await saveText(yesterday, 'Psalm 23:1', 'The shepherd who lacks nothing gives his sheep what they need.');
    await saveText(today, 'Psalm 23:2-3', 'Green pastures and still waters: rest is part of the way he leads us, not a detour from it.');
    await saveText(tomorrow, 'Psalm 23:4', 'Even the darkest valley is walked with company.');

    const { page, context } = await newPage(browser);
    await page.clock.setFixedTime(noon(today));
    // The first visit's sync brings the text; the card shows from the next opening of the home
    // page on (a text that arrives during a visit never pushes the articles down).
    await page.goto('/');
    await waitForAppDrawn(page, 'main [data-testid="article-card"]');
    await textOnDevice(page, today);
    await expect(page.getByTestId('daily-card').count()).resolves.toBe(0);
    await page.reload();
    const card = page.getByTestId('daily-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Psalm 23:2-3');
    await expect(card.textContent()).resolves.toContain('Green pastures and still waters: rest is part of the way he…');
    await waitForAppDrawn(page, '[data-testid="daily-card"] a');
    await card.getByRole('link', { name: 'Read today’s text' }).click();
    await dayShown(page, today);
    expect(new URL(page.url()).pathname).toBe('/daily');
    const verses = page.getByTestId('daily-verses');
    await verses.waitFor();
    await expect(verses.textContent()).resolves.toMatch(/^2 .*green pastures.*3 /s);

    await page.getByRole('link', { name: /^Previous day/ }).click();
    await dayShown(page, yesterday);
    await expect(page.getByTestId('daily-text').textContent()).resolves.toContain('The shepherd who lacks nothing');
    // Next day is today here: no second link to the same page.
    expect(await page.getByRole('link', { name: 'Today', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: /^Next day/ }).click();
    await dayShown(page, today);
    await page.getByRole('link', { name: /^Next day/ }).click();
    await dayShown(page, tomorrow);
    await expect(page.getByTestId('daily-text').textContent()).resolves.toContain('darkest valley');
    await page.getByTestId('daily-verses').waitFor();
    await page.getByRole('link', { name: /^Next day/ }).click();
    await dayShown(page, addDays(today, 2));
    await page.getByTestId('no-daily-text').waitFor();
    expect(await page.getByRole('link', { name: 'Today', exact: true }).count()).toBe(1);

    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.goto(`/daily?day=${tomorrow}`);
    await dayShown(page, tomorrow);
    await expect(page.getByTestId('daily-text').textContent()).resolves.toContain('darkest valley');
    await expect(page.getByTestId('daily-verses').textContent()).resolves.toMatch(/^4 /);
    await page.goto('/');
    await page.getByTestId('daily-card').waitFor();
    // The book was kept on the device when /daily showed it: the card has its first verse now.
    await expect(page.getByTestId('daily-card-verse').textContent()).resolves.toMatch(/green pastures/);
    await context.close();
  });

  it('comes Back to /daily without its loading screen: the text read before is drawn from the first frame', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/daily');
    await page.getByRole('heading', { level: 1, name: 'Daily text' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const frames = await drawnOnBack(page, 30, 'Loading the daily text');
    expect(frames.filter((frame) => frame.loading)).toEqual([]);
    expect(frames.at(-1)?.shows).toBe('Daily text');
    await context.close();
  });

  it('is reached from the footer of any page, on a first visit too, before the home page has a card', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/about-us');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Daily text', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Daily text' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/daily');
    await context.close();
  });

  it('shows no card on a day without a text', async () => {
    const { page, context } = await newPage(browser);
    await page.clock.setFixedTime(noon('2047-08-20'));
    await page.goto('/daily');
    await page.getByTestId('no-daily-text').waitFor();
    await page.goto('/');
    await page.locator('main [data-testid="article-card"]').first().waitFor();
    await expect(page.getByTestId('daily-card').count()).resolves.toBe(0);
    await context.close();
  });

  it('lets an administrator add, edit and delete a text through the Daily Text screen', async () => {
    const today = '2048-02-10';
    const { page, context } = await newPage(browser);
    // Time flows from there (a fixed clock would hold the outbox's retry time back for ever).
    await page.clock.install({ time: noon(today) });
    await loginAsDemoAdmin(page);
    await openAdminEntry(page, 'Daily Text');
    await page.getByRole('heading', { level: 1, name: 'Daily Text' }).waitFor();

    await page.getByRole('button', { name: 'Add daily text' }).click();
    const form = page.getByRole('form', { name: 'Add daily text' });
    await expect(form.getByLabel('Date').inputValue()).resolves.toBe(today);
    await form.getByLabel('Reference').fill('John 3:16');
    await form.getByLabel('Comment').fill('Love that gives: God gave his Son. See also Romans 5:8.');
    const added = await writeSucceeds(page, 'POST', API_PATHS.saveDailyText, () => form.getByRole('button', { name: 'Add daily text' }).click());
    expect(added.dailyText).toMatchObject({ date: today, osis: 'John.3.16', version: 1 });
    const row = page.locator(`[data-testid="admin-daily-text"][data-date="${today}"]`);
    await row.waitFor();

    const when = formatDailyDate(today);
    await row.getByRole('button', { name: `Edit the text for ${when}` }).click();
    const edit = page.getByRole('form', { name: 'Edit daily text' });
    await expect(edit.getByLabel('Date').isDisabled()).resolves.toBe(true);
    await edit.getByLabel('Reference').fill('John 3:16-17');
    const edited = await writeSucceeds(page, 'POST', API_PATHS.saveDailyText, () => edit.getByRole('button', { name: 'Save changes' }).click());
    expect(edited.dailyText).toMatchObject({ osis: 'John.3.16-John.3.17', version: 2 });
    await expect(row.textContent()).resolves.toContain('John 3:16-17');

    await row.getByRole('button', { name: `Delete the text for ${when}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(CONFIRM.deleteDailyText.text).waitFor();
    await writeSucceeds(page, 'DELETE', API_PATHS.deleteDailyText, () => dialog.getByRole('button', { name: 'Yes' }).click());
    await row.waitFor({ state: 'detached' });
    expect(await onServer(today)).toBeUndefined();
    await context.close();
  });

  it('names a bad imported row in the preview, imports the fixed rows, and sends a text added offline once online', async () => {
    const today = '2049-09-01';
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.clock.install({ time: noon(today) });
    await loginAsDemoAdmin(page);
    await openAdminEntry(page, 'Daily Text');
    await waitOrTell(page, page.getByRole('heading', { level: 1, name: 'Daily Text' }), 'the Daily Text screen');

    await page.getByRole('button', { name: 'Import daily texts' }).click();
    const panel = page.getByRole('region', { name: 'Import daily texts' });
    const rows = ['date,reference,comment', '2049-09-02,Psalm 1:1,"Blessed is the one who delights in the law, not in the scoffers’ seat."', '2049-09-03,Psalm 1:3,'];
    await panel.getByLabel('Rows').fill(rows.join('\n'));
    await expect(panel.getByTestId('import-summary').textContent()).resolves.toMatch(/1 problem to fix \(line 3\)/);
    await expect(panel.locator('tr[data-line="3"]').textContent()).resolves.toContain('Comment is required');
    await expect(panel.getByRole('button', { name: 'Import', exact: true }).isDisabled()).resolves.toBe(true);
    rows[2] = '2049-09-03,Psalm 1:3,"Like a tree by water, rooted people bear fruit in season."';
    await panel.getByLabel('Rows').fill(rows.join('\n'));
    const imported = await writeSucceeds(page, 'POST', API_PATHS.importDailyTexts, () => panel.getByRole('button', { name: 'Import 2 daily texts' }).click());
    expect((imported.dailyTexts as DailyText[]).map((t) => t.osis)).toEqual(['Ps.1.1', 'Ps.1.3']);
    await waitOrTell(page, page.locator('[data-testid="admin-daily-text"][data-date="2049-09-03"]'), 'the imported row for 2049-09-03');

    await context.setOffline(true);
    // From the keyboard: the import's toast slides in at the top of a phone's screen just now, and
    // a pointer click at the button's place can land on the toast instead.
    await page.getByRole('button', { name: 'Add daily text' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add daily text' });
    await waitOrTell(page, form, 'the Add daily text form');
    await expect(form.getByLabel('Date').inputValue()).resolves.toBe(today);
    await form.getByLabel('Reference').fill('Psalm 1:6');
    await form.getByLabel('Comment').fill('The LORD knows the way of the righteous.');
    await form.getByRole('button', { name: 'Add daily text' }).focus();
    await page.keyboard.press('Enter');
    const row = page.locator(`[data-testid="admin-daily-text"][data-date="${today}"]`);
    await waitOrTell(page, row.getByTestId('pending-badge'), 'the pending mark on the text added offline');
    expect(await onServer(today)).toBeUndefined();
    await context.setOffline(false);
    await eventually(async () => (await onServer(today))?.osis === 'Ps.1.6', 'the text on the server');
    await eventually(async () => (await row.getByTestId('pending-badge').count()) === 0, 'the pending mark to go');
    await context.close();
  });

  it('on a return visit the cards are drawn under today’s text and Continue reading, and do not move', async () => {
    const today = '2048-02-19';
    await saveText(today, 'Ruth 1:16', 'Where you go I will go: loyalty chosen again each morning, not felt once.');
    const { page, context } = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addInitScript(watchLayoutShifts);
    await page.clock.setFixedTime(noon(today));
    await page.goto('/');
    await waitForAppDrawn(page, 'main [data-testid="article-card"]');
    await textOnDevice(page, today);
    await waitForControl(page);
    // The visit whose sync brought the text shows no card: the next one does.
    await page.reload();
    await page.getByTestId('daily-card').waitFor();
    // A place part-way through a long article (a seeded one: the newest card may be a one-line
    // article another test made, read to its end at once): Continue reading will show it.
    await waitForAppDrawn(page, 'main [data-testid="article-card"]');
    // Opened where the list stands (a click event, not a tap, which would scroll the card into
    // view first): the articles other tests made come before it, and the home page left scrolled
    // down to it is put back there by the reload below, which a visit from the home screen is not.
    await page.locator('main [data-testid="article-card"]', { hasText: FEATURED_ARTICLES[0]!.title }).first().dispatchEvent('click');
    const text = page.locator('main article p').first();
    await text.waitFor();
    await page.mouse.wheel(0, 300);
    await eventually(() => onDevice(page, 'reading'), 'a reading place kept');

    // Back inside the app: the home page is drawn again by the app, the boxes above the cards first.
    await resetShifts(page);
    await page.goBack();
    await page.getByTestId('continue-reading').waitFor();
    await page.getByTestId('daily-card').waitFor();
    await page.locator('main [data-testid="article-card"]').first().waitFor();
    await expectSteady(page, NO_SHIFT);

    // A return visit: the service worker answers with the app's shell, and the app draws it all.
    await page.reload();
    await page.getByTestId('continue-reading').waitFor();
    await page.getByTestId('daily-card').waitFor();
    await page.locator('main [data-testid="article-card"]').first().waitFor();
    // Both boxes sit above the first card, and nothing moved to put them there.
    const top = (selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top);
    expect(await top('[data-testid="daily-card"]')).toBeLessThan(await top('[data-testid="continue-reading"]'));
    expect(await top('[data-testid="continue-reading"]')).toBeLessThan(await top('main [data-testid="article-card"]'));
    await expectSteady(page, NO_SHIFT);

    // Back from a search's results: today's text comes with the cards, in the same frame.
    await waitForAppDrawn(page, '#search-input');
    await page.locator('#search-input').fill('God');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Clear Search' }).waitFor();
    const fromSearch = await framesOfBack(page);
    await page.getByRole('button', { name: 'Clear Search' }).waitFor({ state: 'detached' });
    await page.getByTestId('daily-card').waitFor();
    const home = (await fromSearch()).filter((frame) => frame.cards && !frame.searching);
    expect(home.length).toBeGreaterThan(0);
    expect(home.filter((frame) => !frame.daily)).toEqual([]);

    // Back from an article opened far down the list: the footer never shows while the cards are
    // drawn again, and nothing moves.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight * 0.6 - innerHeight, behavior: 'instant' }));
    const below = page.locator('main [data-testid="article-card"]').filter({ visible: true });
    let opened = '';
    for (const card of await below.all()) {
      const box = await card.boundingBox();
      if (box && box.y > 0 && box.y + box.height < PHONE.height) {
        opened = (await card.getAttribute('href'))!;
        await card.click();
        break;
      }
    }
    expect(opened).not.toBe('');
    await page.locator('main article p').first().waitFor();
    await resetShifts(page);
    const fromArticle = await framesOfBack(page);
    await page.locator(`main a[data-testid="article-card"][href="${opened}"]`).waitFor();
    const frames = await fromArticle();
    // React draws the router's Back within the popstate event, before the browser puts the window
    // back at the list's place: no frame shows the article anywhere but where it was read.
    expect(frames.filter((frame) => !frame.home && frame.moved)).toEqual([]);
    expect(frames.filter((frame) => frame.home && frame.footerInView)).toEqual([]);
    await expectSteady(page, NO_SHIFT);
    await context.close();
  });

  it('on a 375 px phone shows the card and the start of the first article on the first screen; /daily works from the keyboard', async () => {
    const today = '2047-11-03';
    await saveText(today, 'Micah 6:8', 'Do justly, love mercy, walk humbly: three steps for a whole life.');
    await saveText(addDays(today, 1), 'Micah 7:18', 'He delights in mercy.');
    // axe-core goes in as an inline script, which the app's CSP refuses.
    const { page, context } = await newPage(browser, { viewport: PHONE, bypassCSP: true });
    await page.clock.setFixedTime(noon(today));
    await page.goto('/');
    await waitForAppDrawn(page, 'main [data-testid="article-card"]');
    await textOnDevice(page, today);
    await page.reload();
    await page.getByTestId('daily-card').waitFor();
    await waitForAppDrawn(page, 'main [data-testid="article-card"]');
    const firstCardTop = await page.locator('main [data-testid="article-card"]').first().evaluate((el) => el.getBoundingClientRect().top);
    expect(firstCardTop).toBeLessThan(PHONE.height);
    // The card's link is a finger's target, though drawn as one line of text.
    expect((await page.getByTestId('daily-card').getByRole('link').boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // A day far from today: the day before and after at the row's ends, Today centred under them.
    await page.goto(`/daily?day=${addDays(today, -5)}`);
    await dayShown(page, addDays(today, -5));
    const box = async (name: string | RegExp) => (await page.getByRole('link', { name, exact: typeof name === 'string' }).boundingBox())!;
    const [before, after, todayLink] = [await box(/^Previous day/), await box(/^Next day/), await box('Today')];
    expect(after.y).toBe(before.y);
    expect(todayLink.y).toBeGreaterThan(before.y);
    expect(Math.abs(todayLink.x + todayLink.width / 2 - PHONE.width / 2)).toBeLessThan(24);

    await page.goto('/daily');
    await dayShown(page, today);
    await page.getByTestId('daily-text').waitFor();
    // The verses' "Open the chapter", alone on its line, is a finger's target too.
    await page.getByTestId('daily-verses').waitFor();
    expect((await page.getByRole('link', { name: 'Open the chapter' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const next = page.getByRole('link', { name: /^Next day/ });
    for (let tabs = 0; tabs < 40 && !(await next.evaluate((el) => el === document.activeElement)); tabs++) await page.keyboard.press('Tab');
    await expect(next.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await dayShown(page, addDays(today, 1));
    await expect(page.getByTestId('daily-text').textContent()).resolves.toContain('He delights in mercy.');
    expect((await axeViolations(page)).map((v) => `${v.id} ${v.nodes.join(', ')}`)).toEqual([]);
    await context.close();
  });
});
