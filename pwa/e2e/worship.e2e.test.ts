// Family Worship in a real chromium against the real server: an administrator adds next Friday's
// lesson offline and a visitor's device shows it as "Next" after its sync; a year's import with
// one bad row is refused in the preview with that row named, then accepted when fixed; the
// archive shows last week's lesson offline; on a phone, a row with a title and no text is flagged
// in the preview rather than passed as OK; Back to the page lands at its place in one step, deep in
// the archive too, with the months opened there open again. Each page's clock is set to a day far
// from the demo weeks, so the lessons around it are only the ones a test makes; the first Back
// test's alone runs on the real clock, for a page long enough to scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type mongoose from 'mongoose';
import { LESSON_RULE_MESSAGES } from '@fw/contracts/schedule';
import { formatLessonDate, isoDay, isoFromDay, nextLessonDay } from '@fw/contracts/lessons';
import { PAST_LESSONS_HEADING } from '../src/features/family-worship/worship-words.ts';
import { backLandsAt, launchBrowser, newPage, waitForServiceWorker, waitOrTell } from './browser.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { axeViolations, inViewport } from './ui-checks.ts';
import { DEMO_ADMIN, apiCall, connectDb, eventually, loginAsDemoAdmin, openAdminEntry, writeSucceeds } from './admin-helpers.ts';

let conn: mongoose.Connection;
let browser: Browser;
beforeAll(async () => {
  conn = await connectDb();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await conn?.close();
});

const lessonsInDb = (filter: Record<string, unknown>) => conn.db!.collection('lessons').find(filter).toArray();
/** Noon of a calendar day in the browser's own zone. */
const noon = (iso: string) => new Date(`${iso}T12:00:00`);

async function adminToken(): Promise<string> {
  const { data } = await apiCall<{ token: string }>('POST', '/api/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  return data.token;
}

async function openAdminWorship(page: Page) {
  await loginAsDemoAdmin(page);
  await openAdminEntry(page, 'Family Worship');
  // A minute, and what the page showed if it never came: a fresh clone's whole run (the browser
  // tests beside the PostgreSQL suite) once waited past 30 s here, and no run alone has.
  await waitOrTell(page, page.getByRole('heading', { level: 1, name: 'Family Worship' }), 'the admin Family Worship screen', 60_000);
}

describe('Family Worship', () => {
  it('an admin adds next Friday’s lesson offline; after reconnecting, a visitor’s device shows it as Next', async () => {
    const today = '2045-03-04'; // a Saturday
    const friday = isoFromDay(nextLessonDay(isoDay(today)));
    expect(friday).toBe('2045-03-10');
    const title = `Offline lesson ${Date.now()}`;

    const visitor = await newPage(browser);
    await visitor.page.clock.setFixedTime(noon(today));
    await visitor.page.goto('/family');
    await visitor.page.getByTestId('no-lessons').waitFor();

    const admin = await newPage(browser, { viewport: { width: 375, height: 800 } });
    // Time flows from there (a fixed clock would hold the outbox's retry time back for ever).
    await admin.page.clock.install({ time: noon(today) });
    await openAdminWorship(admin.page);
    await admin.context.setOffline(true);
    await admin.page.getByRole('button', { name: 'Add lesson' }).click();
    const form = admin.page.getByRole('form', { name: 'Add lesson' });
    await expect(form.getByLabel('Date').inputValue()).resolves.toBe(friday);
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Text', { exact: true }).fill('Read Psalm 23 together.');
    await form.getByRole('button', { name: 'Add extra topic' }).click();
    await form.getByLabel('Topic title').fill('For the children');
    await form.getByLabel('Topic text').fill('Draw a shepherd and his sheep.');
    await form.getByRole('button', { name: 'Add lesson' }).click();

    const row = admin.page.locator(`[data-testid="admin-lesson"][data-date="${friday}"]`);
    await row.getByTestId('pending-badge').waitFor();
    await expect(row.textContent()).resolves.toContain(title);
    expect(await lessonsInDb({ date: friday })).toHaveLength(0);

    await admin.context.setOffline(false);
    await eventually(async () => (await lessonsInDb({ date: friday, title })).length === 1, 'the lesson on the server');
    await eventually(async () => (await row.getByTestId('pending-badge').count()) === 0, 'the pending mark to go');

    // The visitor's next sync (here: opening the page again) brings it.
    await visitor.page.reload();
    const first = visitor.page.getByTestId('lesson').first();
    await first.waitFor();
    await expect(first.locator('h2').textContent()).resolves.toBe(`${formatLessonDate(friday)}Next`);
    await expect(first.textContent()).resolves.toContain('Draw a shepherd and his sheep.');
    expect(await lessonsInDb({ date: friday })).toHaveLength(1);
    await admin.context.close();
    await visitor.context.close();
  });

  it('refuses a year’s import with one bad row, naming the row, and accepts it when fixed', async () => {
    const year = 2040;
    let day = nextLessonDay(isoDay(`${year}-01-01`));
    const lines = ['date\ttitle\ttext'];
    while (isoFromDay(day).startsWith(String(year))) {
      const n = lines.length;
      lines.push(n % 5 === 0 ? `${isoFromDay(day)}\tBroadcast\t` : `${isoFromDay(day)}\tLesson ${n}\tText of lesson ${n}.`);
      day += 7;
    }
    const rows = lines.length - 1;
    expect(rows).toBeGreaterThanOrEqual(52);
    const BAD_LINE = 20;
    const good = lines[BAD_LINE - 1]!;
    const broken = [...lines];
    broken[BAD_LINE - 1] = good.replace(/\tLesson \d+\t/, '\t\t');

    const { page, context } = await newPage(browser);
    await openAdminWorship(page);
    await page.getByRole('button', { name: 'Import lessons' }).click();
    const panel = page.getByRole('region', { name: 'Import lessons' });
    await panel.getByLabel('Rows').fill(broken.join('\n'));
    await expect(panel.getByTestId('import-summary').textContent()).resolves.toMatch(new RegExp(`1 problem to fix \\(line ${BAD_LINE}\\)`));
    await expect(panel.locator(`tr[data-line="${BAD_LINE}"]`).textContent()).resolves.toContain('Title is required');
    await expect(panel.getByTestId('import-row').count()).resolves.toBe(rows);
    await expect(panel.getByRole('button', { name: 'Import', exact: true }).isDisabled()).resolves.toBe(true);
    expect(await lessonsInDb({ date: { $regex: `^${year}-` } })).toHaveLength(0);

    await panel.getByLabel('Rows').fill(lines.join('\n'));
    await expect(panel.getByTestId('import-summary').textContent()).resolves.toBe(`${rows} lessons ready to import.`);
    await writeSucceeds(page, 'POST', API_PATHS.importLessons, () => panel.getByRole('button', { name: `Import ${rows} lessons` }).click());
    expect(await lessonsInDb({ date: { $regex: `^${year}-` } })).toHaveLength(rows);
    await eventually(async () => (await page.locator(`[data-testid="admin-lesson"][data-date^="${year}-"]`).count()) === rows, 'the imported lessons listed');
    // Exactly once, each.
    const dates = (await lessonsInDb({ date: { $regex: `^${year}-` } })).map((l) => l.date as string);
    expect(new Set(dates).size).toBe(rows);

    // Edit on a lesson far down the list opens its form on screen, its first field focused (the
    // form stands above the list: left there, the press would seem to do nothing).
    const last = page.locator(`[data-testid="admin-lesson"][data-date^="${year}-12-"]`).last();
    await last.getByRole('button', { name: /^Edit the lesson for / }).click();
    const form = page.getByRole('form', { name: 'Edit lesson' });
    await form.waitFor();
    await expect.poll(() => inViewport(page, form.getByRole('heading'))).toBe(true);
    await expect(form.getByLabel('Date').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('flags an imported row with a title and no text in the preview on a phone, and imports nothing', async () => {
    const lines = ['2041-01-04\tWhole lesson\tRead Psalm 23.', '2041-01-11\tBroadcast\t', '2041-01-18\tCut short\t'];
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 800 }, bypassCSP: true });
    await openAdminWorship(page);
    await page.getByRole('button', { name: 'Import lessons' }).click();
    const panel = page.getByRole('region', { name: 'Import lessons' });
    await panel.getByLabel('Rows').fill(lines.join('\n'));
    await expect(panel.getByTestId('import-summary').textContent()).resolves.toMatch(/1 problem to fix \(line 3\)/);
    const checks = await panel.getByTestId('import-row').evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent));
    expect(checks).toEqual(['OK', 'OK', LESSON_RULE_MESSAGES.IMPORT_TEXT_REQUIRED]);
    await expect(panel.getByRole('button', { name: 'Import', exact: true }).isDisabled()).resolves.toBe(true);
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Colours switched on a drawn page pass through their transitions: measured once they end.
      await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
      for (const v of await axeViolations(page)) found.push(`${scheme}: ${v.id} ${v.nodes.join(', ')}`);
    }
    expect(found).toEqual([]);
    expect(await lessonsInDb({ date: { $regex: '^2041-' } })).toHaveLength(0);
    await context.close();
  });

  it('says why when the first download of the schedule fails, and shows it after Retry', async () => {
    const { page, context } = await newPage(browser);
    const refuse = (route: import('playwright-core').Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Database unavailable' }) });
    await context.route('**/api/**', refuse);
    await page.goto('/family');
    const problem = page.getByTestId('schedule-problem');
    await waitOrTell(page, problem, 'the schedule’s download refused, said', 60_000);
    await expect(problem.textContent()).resolves.toContain('The schedule could not be downloaded: Database unavailable');

    await context.unroute('**/api/**', refuse);
    await problem.getByRole('button', { name: 'Retry' }).click();
    await waitOrTell(page, page.locator('[data-testid="upcoming-lessons"], [data-testid="no-lessons"]').first(), 'the schedule after Retry', 60_000);
    await expect(problem.count()).resolves.toBe(0);
    await context.close();
  });

  it('comes Back in one step: drawn at the place it was left from the first frame, no loading screen', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto('/family');
    await page.getByRole('heading', { level: 1, name: 'Family Worship' }).waitFor();
    await page.locator('main li').first().waitFor();
    const left = await page.evaluate(() => {
      window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) / 2, behavior: 'instant' });
      return window.scrollY;
    });
    expect(left).toBeGreaterThan(400);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();

    // Every frame of the Back shows the page at the place left, never the loading screen.
    await backLandsAt(page, 'Family Worship', 'Loading the schedule', left);
    await context.close();
  });

  it('comes Back into the archive at the place left: the months opened there open in the first frame (and after a reload), and a new visit starts folded', async () => {
    // A year no other test here writes, before the days the others are set to: these lessons are
    // in their archives, never among their upcoming ones.
    const today = '2043-05-18';
    // Four months of lessons before today, each card a few lines long on a phone.
    const lessons: { date: string; title: string; text: string }[] = [];
    for (let day = nextLessonDay(isoDay('2043-01-01')); isoFromDay(day) < '2043-05-01'; day += 7) {
      const date = isoFromDay(day);
      lessons.push({ date, title: `Archive lesson ${date}`, text: 'Read Psalm 23 together, a verse each, and say what each tells of the shepherd and his sheep. '.repeat(3) });
    }
    const imported = await apiCall('POST', API_PATHS.importLessons, { lessons }, await adminToken());
    expect(imported.status).toBe(201);

    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await page.clock.setFixedTime(noon(today));
    await page.goto('/family');
    const archive = page.getByTestId('past-lessons');
    const month = (name: string) => archive.locator('details').filter({ has: page.locator('summary', { hasText: name }) });
    const opened = async () => (await archive.locator('details[open] > summary').allTextContents()).map((text) => text.replace(/ \(\d+\)$/, ''));
    for (const name of ['April 2043', 'February 2043']) {
      await month(name).locator('summary').click();
      await month(name).getByTestId('past-lesson').first().waitFor();
    }
    expect(await opened()).toEqual(['April 2043', 'February 2043']);
    // Far into the archive: February's third lesson at the window's top.
    const left = await month('February 2043')
      .getByTestId('past-lesson')
      .nth(2)
      .evaluate((card) => {
        window.scrollTo({ top: card.getBoundingClientRect().top + window.scrollY, behavior: 'instant' });
        return window.scrollY;
      });
    expect(left).toBeGreaterThan(1500);
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true });
    await about.dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();

    await backLandsAt(page, 'Family Worship', 'Loading the schedule', left);
    expect(await opened()).toEqual(['April 2043', 'February 2043']);
    // A reload is the same entry: its months open again once the lessons are drawn.
    await page.reload();
    await month('February 2043').getByTestId('past-lesson').first().waitFor();
    expect(await opened()).toEqual(['April 2043', 'February 2043']);

    // The page opened again by a link is a new visit to it: every month folded, at the top.
    await about.dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Family', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Family Worship' }).waitFor();
    await archive.waitFor();
    expect(await opened()).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('shows last week’s lesson in the archive, offline', async () => {
    const today = '2050-06-15'; // a Wednesday
    const lastFriday = '2050-06-10';
    const title = `Last week ${Date.now()}`;
    const token = await adminToken();
    const saved = await apiCall('POST', '/api/lessons/save', { lesson: { date: lastFriday, title, text: 'Read Micah 6:8.' } }, token);
    expect(saved.status).toBe(201);

    const { page, context } = await newPage(browser);
    await page.clock.setFixedTime(noon(today));
    await page.goto('/family');
    await page.getByTestId('past-lessons').waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    const archive = page.getByTestId('past-lessons');
    await archive.getByRole('heading', { name: PAST_LESSONS_HEADING }).waitFor();
    await page.getByTestId('no-lessons').waitFor();
    // Collapsed by default, newest month first.
    const june = archive.locator('details').first();
    await expect(june.locator('summary').textContent()).resolves.toMatch(/^June 2050/);
    await expect(june.getAttribute('open')).resolves.toBeNull();
    await expect(archive.getByText(title).isVisible()).resolves.toBe(false);
    await june.locator('summary').click();
    await archive.getByText(title).waitFor();
    await expect(june.getByTestId('past-lesson').first().locator('h3').first().textContent()).resolves.toBe(formatLessonDate(lastFriday));
    await context.close();
  });
});
