// Reading plans in a real chromium against the real server: a plan is started, today's reading
// opens in the chapter reader and is marked read, and the progress is still there after a reload
// offline, as is the mark taken back, which takes its day out of the streak too; reading a chapter
// to its end marks it read, with the next reading offered and the mark to take back there too;
// missed days are caught up or the plan is shifted to today; a lesson's plan is named as /family
// names its lesson, in the weeks after it was started too; Back to /plans and to a plan draws the
// page in every frame, at the place left; everything works by keyboard and on a 375 px phone, and
// axe finds nothing in either theme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from './admin-helpers.ts';
import { backLandsAt, launchBrowser, newPage, waitForAppDrawn, waitForServiceWorker, waitOrTell } from './browser.ts';
import { readStore } from './reader-helpers.ts';
import { axeViolations } from './ui-checks.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PSALMS_PROVERBS = 'Psalms and Proverbs in a month';
const GREEK = 'The Christian Greek Scriptures in 90 days';
const SHOTS = '/tmp/shots';

interface StoredPlan {
  _id: string;
  planId: string;
  startDate: string;
  done: string[];
  readOn: string[];
  markedOn?: Record<string, string>;
}

/** A calendar day on this machine (the browser's too): "2026-11-27". */
function localDay(daysAgo = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const noon = (day: string) => new Date(`${day}T12:00:00`);

/** Opens /plans and waits until the app (not the server's empty page) draws the plans to start. */
async function openPlans(page: Page): Promise<void> {
  await page.goto('/plans');
  await page.getByRole('heading', { level: 1, name: 'Reading plans' }).waitFor();
  await waitForAppDrawn(page, '[data-testid="plan-offer"] button');
}

/** Starts a plan from /plans and waits for its own page. */
async function startPlan(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Start ${name}` }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const plansOf = (page: Page) => readStore<StoredPlan>(page, 'planProgress');

describe('reading plans', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts a plan, opens today’s reading, marks it read, and keeps the progress after a reload offline', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openPlans(page);
    await waitForServiceWorker(page);
    await waitForAppDrawn(page, '[data-testid="plan-offer"] button');
    await startPlan(page, PSALMS_PROVERBS);
    expect(page.url()).toMatch(/\/plans\/[0-9a-f]{24}$/);
    const today = page.getByRole('list', { name: "Today's reading" });
    await today.getByRole('link', { name: 'Psalm 1', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Psalm 1' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: PSALMS_PROVERBS }).waitFor();
    const readings = await today.getByRole('link').allTextContents();
    expect(readings).toContain('Proverbs 1');

    // By keyboard: the toggle is pressed and stays where it was, under the keyboard.
    const mark = page.getByRole('button', { name: "Mark as read: Today's reading" });
    await mark.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await plansOf(page))[0]?.done.length === readings.length, 'the day marked read on the device');
    await page.getByRole('button', { name: "Mark as read: Today's reading", pressed: true }).waitFor();
    await expect.poll(() => mark.evaluate((button) => button === document.activeElement)).toBe(true);
    const [stored] = await plansOf(page);
    expect(stored).toMatchObject({ planId: 'psalms-proverbs-month', startDate: localDay(), readOn: [localDay()] });
    expect(stored!.done).toContain('0:Prov.1');
    await page.getByText("Today's reading is done.").waitFor();
    const percent = await page.getByTestId('plan-percent').textContent();
    expect(percent).toMatch(/^[1-9]\d*% read$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: PSALMS_PROVERBS }).waitFor();
    await page.getByText("Today's reading is done.").waitFor();
    expect(await page.getByTestId('plan-percent').textContent()).toBe(percent);
    expect(await page.getByTestId('plan-streak').textContent()).toBe('One day so far. Every day counts.');
    // The list of plans shows it too, offline; the way back is a finger's target.
    const back = page.getByRole('link', { name: '← Reading plans' });
    expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await back.click();
    await page.getByTestId('followed-plan').getByText("Today's reading is done.").waitFor();

    // Marked by mistake: pressed again, offline, the day is to read again, and stays so after a reload.
    await page.getByRole('link', { name: PSALMS_PROVERBS }).click();
    await page.getByRole('heading', { level: 1, name: PSALMS_PROVERBS }).waitFor();
    await page.getByText('Marked by mistake? Press it again to undo.').waitFor();
    await mark.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await plansOf(page))[0]?.done.length === 0, 'the day’s marks taken back on the device');
    expect((await plansOf(page))[0]).toMatchObject({ done: [], readOn: [] });
    await page.getByRole('button', { name: "Mark as read: Today's reading", pressed: false }).waitFor();
    await expect.poll(() => mark.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByText("Today's reading is done.").count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: PSALMS_PROVERBS }).waitFor();
    await page.getByRole('button', { name: "Mark as read: Today's reading", pressed: false }).waitFor();
    expect(await page.getByTestId('plan-percent').textContent()).toBe('0% read');
    expect(await page.getByTestId('plan-streak').textContent()).toBe('Every reading is a good start, whenever you come back to it.');
    await context.close();
  });

  it('takes a mark given by mistake out of the streak: pressed again, the streak is what it was', async () => {
    const [yesterday, today] = [localDay(1), localDay()];
    const { page, context } = await newPage(browser, DESKTOP);
    // Time flows from yesterday's noon (a fixed clock would hold the outbox's retry time back for ever).
    await page.clock.install({ time: noon(yesterday) });
    await openPlans(page);
    await startPlan(page, PSALMS_PROVERBS);
    const streak = page.getByTestId('plan-streak');
    const mark = page.getByRole('button', { name: "Mark as read: Today's reading" });
    await mark.click();
    await streak.getByText('One day so far. Every day counts.', { exact: true }).waitFor();

    // The next day: its reading marked makes two days in a row, and taken back, one again.
    await page.clock.setSystemTime(noon(today));
    await page.reload();
    await page.getByText('Day 2 of 31.', { exact: false }).waitFor();
    await streak.getByText('One day so far. Every day counts.', { exact: true }).waitFor();
    await mark.click();
    await streak.getByText('2 days in a row. Lovely.', { exact: true }).waitFor();
    await page.getByText('Marked by mistake? Press it again to undo.').waitFor();
    await page.getByRole('button', { name: "Mark as read: Today's reading", pressed: true }).click();
    await streak.getByText('One day so far. Every day counts.', { exact: true }).waitFor();
    await page.getByRole('button', { name: "Mark as read: Today's reading", pressed: false }).waitFor();
    const [stored] = await plansOf(page);
    expect(stored).toMatchObject({ readOn: [yesterday] });
    expect(Object.keys(stored!.markedOn ?? {}).sort()).toEqual([...stored!.done].sort());
    expect(new Set(Object.values(stored!.markedOn ?? {}))).toEqual(new Set([yesterday]));
    // The list of plans says the same.
    await page.getByRole('link', { name: '← Reading plans' }).click();
    await page.getByTestId('followed-plan').getByText('One day so far. Every day counts.', { exact: true }).waitFor();
    await context.close();
  });

  it('marks a reading read when the chapter is read to its end, and offers the next one (by keyboard)', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openPlans(page);
    // Keyboard only: Tab to the plan's Start button and press Enter.
    const start = page.getByRole('button', { name: `Start ${GREEK}` });
    for (let i = 0; i < 60 && !(await start.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: GREEK }).waitFor();
    const first = page.getByRole('list', { name: "Today's reading" }).getByRole('link', { name: 'Matthew 1', exact: true });
    await first.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Matthew 1' }).waitFor();
    await waitForAppDrawn(page, '[data-testid="chapter-reader"] button[aria-label="Verse 1"]');
    // Opened, not yet read to the end: nothing is marked.
    expect((await plansOf(page))[0]!.done).toEqual([]);
    expect(await page.getByTestId('plan-marked').count()).toBe(0);

    await page.getByTestId('chapter-end').scrollIntoViewIfNeeded();
    const marked = page.getByTestId('plan-marked');
    await marked.getByText(`Matthew 1 marked as read in ${GREEK}.`).waitFor();
    expect((await plansOf(page))[0]!.done).toEqual(['0:Matt.1']);
    // Marked by mistake: the note has the plan page's toggle, pressed; pressed again by keyboard and
    // offline, the mark is taken back (and not given again though the end is still in view), the
    // keyboard stays on the toggle, and pressed once more the chapter is marked again.
    await context.setOffline(true);
    const toggle = marked.getByRole('button', { name: 'Mark as read: Matthew 1' });
    await marked.getByRole('button', { name: 'Mark as read: Matthew 1', pressed: true }).waitFor();
    await marked.getByText('Marked by mistake? Press it again to undo.').waitFor();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await plansOf(page))[0]?.done.length === 0, 'the mark taken back on the device');
    await marked.getByText(`Matthew 1 is not marked as read in ${GREEK}.`).waitFor();
    await marked.getByRole('button', { name: 'Mark as read: Matthew 1', pressed: false }).waitFor();
    await expect.poll(() => toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await plansOf(page))[0]!.done).toEqual([]);
    await page.keyboard.press('Enter');
    await eventually(async () => (await plansOf(page))[0]?.done.join() === '0:Matt.1', 'the chapter marked again on the device');
    await marked.getByText(`Matthew 1 marked as read in ${GREEK}.`).waitFor();
    await context.setOffline(false);
    const next = marked.getByRole('link', { name: 'Next reading: Matthew 2' });
    await next.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Matthew 2' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('catches up on missed days, or shifts the plan so the oldest missed day is today', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await openPlans(page);
    await page.getByLabel('Start on').fill(localDay(2));
    await startPlan(page, PSALMS_PROVERBS);
    const waiting = page.getByTestId('plan-waiting');
    await waiting.getByText('2 earlier days are still there for you.', { exact: false }).waitFor();
    await waiting.getByRole('button', { name: 'Catch up' }).click();
    await waiting.getByRole('button', { name: 'Mark as read: Day 1' }).click();
    await waiting.getByText('One earlier day is still there for you.', { exact: false }).waitFor();
    expect((await plansOf(page))[0]!.done).toContain('0:Prov.1');
    // The day caught up stays listed, its mark pressed; pressed again, the day is waiting again.
    const dayOne = waiting.getByRole('button', { name: 'Mark as read: Day 1', pressed: true });
    await dayOne.click();
    await waiting.getByText('2 earlier days are still there for you.', { exact: false }).waitFor();
    expect((await plansOf(page))[0]!.done).toEqual([]);
    await waiting.getByRole('button', { name: 'Mark as read: Day 1', pressed: false }).click();
    await waiting.getByText('One earlier day is still there for you.', { exact: false }).waitFor();

    await waiting.getByRole('button', { name: 'Shift the plan to today' }).click();
    await eventually(async () => (await plansOf(page))[0]?.startDate === localDay(1), 'the plan moved one day later');
    await page.getByText('Day 2 of 31.', { exact: false }).waitFor();
    expect(await waiting.count()).toBe(0);
    await context.close();
  });

  it('names the lesson plan as /family names its lesson, in the weeks after it was started too', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const LESSON = 'Adam and Eve in the garden';
    /** On `day`: /family's label on its first lesson, then the followed plan named `name` on /plans and on its own page. */
    const namedOn = async (day: string, label: string, name: string) => {
      await page.clock.setSystemTime(new Date(`${day}T10:00:00`));
      await page.goto('/family');
      await page.getByTestId('lesson').first().waitFor();
      expect(await page.getByTestId('lesson').first().locator('h2').textContent()).toBe(label);
      await openPlans(page);
      const followed = page.getByTestId('followed-plan').getByRole('link', { name, exact: true });
      await waitOrTell(page, followed, `the plan named "${name}" on ${day}`);
      await followed.click();
      await waitOrTell(page, page.getByRole('heading', { level: 1, name, exact: true }), `the plan page named "${name}"`);
    };
    // Started in a week with no lesson current: the next one, named so on both screens.
    await page.clock.install({ time: new Date('2025-01-07T10:00:00') });
    await openPlans(page);
    await startPlan(page, `Next lesson: ${LESSON}`);
    // Its week come, it is this week's; the week after, it is named by its date.
    await namedOn('2025-01-12', 'January 10, 2025This week', `This week's lesson: ${LESSON}`);
    await namedOn('2025-01-20', 'January 17, 2025This week', `Lesson of January 10, 2025: ${LESSON}`);
    await context.close();
  });

  it('comes Back to /plans and to a plan in one step at 375 px: the page in every frame, at the place left', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openPlans(page);
    await startPlan(page, PSALMS_PROVERBS);
    await page.getByRole('link', { name: '← Reading plans' }).click();
    await page.getByTestId('followed-plan').waitFor();
    await startPlan(page, GREEK);
    await page.getByRole('link', { name: '← Reading plans' }).click();
    await page.getByTestId('followed-plan').nth(1).waitFor();
    const middle = () =>
      page.evaluate(() => {
        window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) / 2, behavior: 'instant' });
        return window.scrollY;
      });

    // /plans, left for another page from the middle of its list.
    const plansLeft = await middle();
    expect(plansLeft).toBeGreaterThan(400);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await backLandsAt(page, 'Reading plans', 'Loading the reading plans', plansLeft);

    // A plan's page, left for its reading in the chapter reader (the link pressed where it is:
    // a click would first scroll it into view, and the place left would be another).
    await page.getByRole('link', { name: GREEK }).click();
    await page.getByRole('heading', { level: 1, name: GREEK }).waitFor();
    const planLeft = await middle();
    expect(planLeft).toBeGreaterThan(300);
    await page.getByRole('list', { name: "Today's reading" }).getByRole('link', { name: 'Matthew 1', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'Matthew 1' }).waitFor();
    await backLandsAt(page, GREEK, 'Loading the plan', planLeft);
    await context.close();
  });

  it('comes Back to a plan with "Catch up" open at 375 px: the list open in every frame at the place left, after Forward and a reload too; a new visit starts closed', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openPlans(page);
    await page.getByLabel('Start on').fill(localDay(6));
    await startPlan(page, PSALMS_PROVERBS);
    const catchUp = page.getByTestId('plan-waiting').getByRole('button', { name: 'Catch up' });
    await catchUp.click();
    const lastDay = page.getByRole('list', { name: 'Day 6' });
    await lastDay.waitFor();
    // Far down the list: the last missed day's readings at the window's top.
    const left = await lastDay.evaluate((list) => {
      window.scrollTo({ top: list.getBoundingClientRect().top + window.scrollY - 60, behavior: 'instant' });
      return window.scrollY;
    });
    expect(left).toBeGreaterThan(800);
    /** Follows the last missed day's first reading (pressed where it is) into the chapter reader. */
    const followReading = async () => {
      await lastDay.getByRole('link').first().dispatchEvent('click');
      await page.getByRole('heading', { level: 1, name: /^(Psalm|Proverbs) \d+$/ }).waitFor();
    };
    await followReading();
    await backLandsAt(page, PSALMS_PROVERBS, 'Loading the plan', left);
    await expect(catchUp.getAttribute('aria-expanded')).resolves.toBe('true');

    // Forward to the reading and Back again: still open, at the place.
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: /^(Psalm|Proverbs) \d+$/ }).waitFor();
    await backLandsAt(page, PSALMS_PROVERBS, 'Loading the plan', left);
    // A reload is the same entry: the list is open again once the plan is drawn.
    await page.reload();
    await lastDay.waitFor();
    await expect(catchUp.getAttribute('aria-expanded')).resolves.toBe('true');

    // The plan opened again by a link is a new visit to it: the list closed.
    await page.getByRole('link', { name: '← Reading plans' }).click();
    await page.getByTestId('followed-plan').waitFor();
    await page.getByRole('link', { name: PSALMS_PROVERBS }).click();
    await page.getByRole('heading', { level: 1, name: PSALMS_PROVERBS }).waitFor();
    await expect(catchUp.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(lastDay.count()).resolves.toBe(0);
    await context.close();
  });

  const layouts = [
    ['375', PHONE, 'light'],
    ['375', PHONE, 'dark'],
    ['1280', DESKTOP, 'light'],
    ['1280', DESKTOP, 'dark'],
  ] as const;
  for (const [size, options, scheme] of layouts) {
    it(`is clean for axe at ${size} px in the ${scheme} theme: the plans and a plan with days to catch up`, async () => {
      const { page, context } = await newPage(browser, { ...options, colorScheme: scheme, bypassCSP: true });
      await openPlans(page);
      await page.getByLabel('Start on').fill(localDay(1));
      await startPlan(page, GREEK);
      await page.getByTestId('plan-waiting').getByRole('button', { name: 'Catch up' }).click();
      // Day 1 marked: its toggle pressed, with the line on taking it back.
      await page.getByRole('button', { name: 'Mark as read: Day 1' }).click();
      await page.getByRole('button', { name: 'Mark as read: Day 1', pressed: true }).waitFor();
      expect(await axeViolations(page), `plan page, ${size} px, ${scheme}`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/plan-${size}-${scheme}.png`, fullPage: true });
      await page.getByRole('link', { name: '← Reading plans' }).click();
      await page.getByTestId('followed-plan').waitFor();
      expect(await axeViolations(page), `plans, ${size} px, ${scheme}`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/plans-${size}-${scheme}.png`, fullPage: true });
      await context.close();
    });
  }
});
