// Study sync in a real chromium against the real server, two browser contexts as two devices: A
// makes a sync space on My notes and B links by typing its words (loosely: prefixes, capitals, line
// breaks); what A highlights and notes reaches B on B's next round; both edit offline and the merge
// keeps the newer edit and B's deletion on both, also after a reload; "Remove from every device" on
// A leaves B unlinked with the server's message. Every "it was sent" is the records write's own
// answer. The panel at 375 px passes axe in both themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { eventually } from './admin-helpers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore, waitForServiceWorker, type MadeArticle } from './reader-helpers.ts';
import { highlightsOf, selectWords } from './study-helpers.ts';
import { axeViolations } from './ui-checks.ts';
import { SYNC_TEXT } from '../src/features/study-sync/messages.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };

const CONTENT =
  '<h2>Bread at the table</h2>' +
  '<p>Kindness is quiet work. The children set the table while the bread was warm.</p>' +
  '<p>Patience grows at home, one evening after another.</p>';

const [kindness, patience] = ['Kindness is quiet work', 'Patience grows at home'];

const isRecordsWrite = (r: Response) => r.request().method() === 'POST' && /\/api\/study\/spaces\/[^/]+\/records$/.test(new URL(r.url()).pathname);
const isChangesRead = (r: Response) => r.request().method() === 'GET' && /\/api\/study\/spaces\/[^/]+\/changes$/.test(new URL(r.url()).pathname);

interface StoredNote {
  _id: string;
  articleId: string;
  text: string;
}
const notesOf = (page: Page) => readStore<StoredNote>(page, 'notes');

/** Runs `act` and answers the records write it causes, once the server has answered it. */
async function sentBy(page: Page, act: () => Promise<unknown>): Promise<Response> {
  const answer = page.waitForResponse(isRecordsWrite);
  await act();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/** A sync round the way the app starts one when the tab comes back into view (sync/engine.ts). */
async function syncRound(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

/** The words the panel shows, in order. */
async function wordsShown(page: Page): Promise<string[]> {
  const list = page.getByTestId('study-sync-notes').getByTestId('space-word');
  await eventually(async () => (await list.count()) === 24, 'the 24 words');
  return (await list.allInnerTexts()).map((text) => text.trim().split(/\s+/).at(-1)!);
}

async function openArticle(page: Page, article: MadeArticle) {
  await page.goto(`/article/${article._id}`);
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  await page.getByTestId('notes-button').waitFor();
}

/** The text of the element the keyboard is on. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function openMyNotes(page: Page) {
  await page.goto('/notes');
  await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
  await page.getByTestId('study-sync-notes').waitFor();
}

/** The article's note: written through the Notes sheet, as a reader would. */
async function writeArticleNote(page: Page, text: string, current?: string) {
  await page.getByTestId('notes-button').click();
  const list = page.getByRole('dialog', { name: 'Notes on this article' });
  if (current) await list.getByRole('button', { name: current }).click();
  else await list.getByRole('button', { name: 'Add a note on this article' }).click();
  const sheet = page.getByRole('dialog', { name: 'Note on this article' });
  await sheet.getByLabel('Your note on the whole article').fill(text);
  await sheet.getByRole('button', { name: 'Save note' }).click();
  await sheet.waitFor({ state: 'hidden' });
}

describe('study sync between two devices', () => {
  let browser: Browser;
  let token: string;
  let article: MadeArticle;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    article = await createArticle(token, { title: `Study sync test ${Date.now()}`, content: CONTENT });
  });
  afterAll(async () => {
    await browser?.close();
    if (article) await deleteArticle(token, article._id);
  });

  it('links by words, brings changes across, merges offline edits, keeps deletions, and unlinks on removal', async () => {
    const a = await newPage(browser, DESKTOP);
    const b = await newPage(browser, DESKTOP);
    for (const { page } of [a, b]) {
      await openArticle(page, article);
      await waitForServiceWorker(page);
    }

    // A makes a space; the warning is said before, and the words and the code come after.
    await openMyNotes(a.page);
    const panelA = a.page.getByTestId('study-sync-notes');
    expect(await panelA.getByText(SYNC_TEXT.before).isVisible()).toBe(true);
    // One panel on My notes: the footer's is left out there.
    expect(await a.page.getByTestId('study-sync-footer').count()).toBe(0);
    // From the keyboard: the words take the keyboard from the pressed button, and Done gives it
    // back to the panel.
    await panelA.getByRole('button', { name: 'Sync my notes' }).focus();
    await a.page.keyboard.press('Enter');
    const words = await wordsShown(a.page);
    await expect.poll(() => focusedText(a.page)).toBe('Your sync words');
    await panelA.getByRole('img', { name: 'QR code of your sync words' }).waitFor();
    // Drawn by its worker (features/study-sync/qr.worker.ts): hundreds of dark modules.
    expect(((await panelA.getByTestId('space-qr').locator('path').getAttribute('d')) ?? '').split('M').length).toBeGreaterThan(300);
    await panelA.getByRole('button', { name: 'Done' }).focus();
    await a.page.keyboard.press('Enter');
    await panelA.getByText(SYNC_TEXT.linked).waitFor();
    await expect.poll(() => focusedText(a.page)).toBe('Sync my notes');
    // The space answered when it was made: the device is in step with it.
    expect(await panelA.getByTestId('sync-last').textContent()).toMatch(/^Last synced /);

    // B links by typing them loosely: some as their first four letters, some in capitals, across lines.
    await openMyNotes(b.page);
    const panelB = b.page.getByTestId('study-sync-notes');
    await panelB.getByRole('button', { name: 'Link this device' }).click();
    expect(await panelB.getByText(SYNC_TEXT.warning).isVisible()).toBe(true);
    const typed = words
      .map((w, i) => (i % 3 === 0 ? w.slice(0, 4) : i % 3 === 1 ? w.toUpperCase() : w))
      .map((w, i) => (i === 0 ? w : i % 6 === 0 ? `\n  ${w}` : i % 4 === 0 ? `,  ${w}` : ` ${w}`))
      .join('');
    await panelB.getByLabel('The 24 words from your other device').fill(typed);
    await panelB.getByRole('button', { name: 'Link this device' }).click();
    await panelB.getByText(SYNC_TEXT.linked).waitFor();

    // A highlights twice and writes a note; each goes out in a records write the server takes.
    await openArticle(a.page, article);
    const bar = a.page.getByRole('group', { name: 'Highlight the selected words' });
    await sentBy(a.page, async () => {
      await selectWords(a.page, kindness);
      await bar.getByRole('button', { name: 'Highlight in green' }).click();
    });
    await sentBy(a.page, async () => {
      await selectWords(a.page, patience);
      await bar.getByRole('button', { name: 'Highlight in yellow' }).click();
    });
    await sentBy(a.page, () => writeArticleNote(a.page, 'Read this at supper.'));
    const highlightsA = await highlightsOf(a.page, article._id);
    expect(highlightsA.map((h) => h.quote.exact).sort()).toEqual([kindness, patience]);

    // B's next round brings them; My notes shows them.
    await syncRound(b.page);
    const items = b.page.getByTestId('notes-item');
    await items.filter({ hasText: kindness }).waitFor();
    await items.filter({ hasText: patience }).waitFor();
    await items.filter({ hasText: 'Read this at supper.' }).waitFor();
    // Sealed on A and opened on B in the study worker, off the page's thread (its calls are timed
    // as User Timing measures: pwa/src/sync/study-space/seal-client.ts).
    const workerCalls = (page: Page) => page.evaluate(() => performance.getEntriesByName('study worker', 'measure').length);
    expect(await workerCalls(a.page)).toBeGreaterThan(0);
    expect(await workerCalls(b.page)).toBeGreaterThan(0);

    // Both offline: A edits the note, then B edits it later and deletes a highlight.
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await writeArticleNote(a.page, 'A: read on Sunday.', 'Read this at supper.');
    await eventually(async () => (await notesOf(a.page)).some((n) => n.text === 'A: read on Sunday.'), "A's edit kept");
    await openArticle(b.page, article);
    await writeArticleNote(b.page, 'B: read on Saturday.', 'Read this at supper.');
    await b.page.getByTestId('notes-button').click();
    await b.page.getByRole('dialog', { name: 'Notes on this article' }).getByRole('button', { name: new RegExp(kindness) }).click();
    await b.page.getByRole('dialog', { name: 'Highlight' }).getByRole('button', { name: 'Remove highlight' }).click();
    await eventually(async () => !(await highlightsOf(b.page, article._id)).some((h) => h.quote.exact === kindness), "B's deletion kept");

    // Reading and My notes keep working offline on both.
    for (const { page } of [a, b]) {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
      await openMyNotes(page);
      await page.getByTestId('notes-item').filter({ hasText: patience }).waitFor();
    }

    // Back online, A first, then B; each sends what it changed (the answer proves it), then A's round brings B's.
    await sentBy(a.page, () => a.context.setOffline(false));
    await sentBy(b.page, () => b.context.setOffline(false));
    await syncRound(a.page);
    for (const { page } of [a, b]) {
      await eventually(async () => (await notesOf(page)).find((n) => n.articleId === article._id)?.text === 'B: read on Saturday.', 'the newer edit on both');
      await eventually(async () => !(await highlightsOf(page, article._id)).some((h) => h.quote.exact === kindness), 'the deletion on both');
    }
    // After a reload, still so, and nothing else was lost.
    for (const { page } of [a, b]) {
      await page.reload();
      await page.getByTestId('study-sync-notes').waitFor();
      await page.getByTestId('notes-item').filter({ hasText: 'B: read on Saturday.' }).waitFor();
      expect((await highlightsOf(page, article._id)).map((h) => h.quote.exact)).toEqual([patience]);
      expect(await page.getByTestId('notes-item').filter({ hasText: kindness }).count()).toBe(0);
      expect(await page.getByTestId('notes-item').filter({ hasText: 'A: read on Sunday.' }).count()).toBe(0);
    }

    // "Remove from every device" on A asks first, then shows new words; B's next round is told.
    // B's answers are watched from here: a round B started itself (after its last write) may come first.
    const told: Response[] = [];
    b.page.on('response', (r) => {
      if (isChangesRead(r) && r.status() === 410) told.push(r);
    });
    await panelA.getByRole('button', { name: 'Remove from every device' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Remove from every device?' });
    await dialog.getByText('The old words stop working on every other device', { exact: false }).waitFor();
    const removed = a.page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/study/spaces/'));
    await dialog.getByRole('button', { name: 'Remove and make new words' }).click();
    expect((await removed).status()).toBe(200);
    const newWords = await wordsShown(a.page);
    expect(newWords).not.toEqual(words);

    await syncRound(b.page);
    await eventually(async () => told.length > 0, "the server's answer to B: the space was removed");
    const { message } = (await told[0]!.json()) as { message: string };
    await panelB.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await panelB.getByRole('button', { name: 'Link again' }).isVisible()).toBe(true);
    expect(await panelB.getByRole('button', { name: 'Start a new space' }).isVisible()).toBe(true);
    // B keeps its notes.
    expect((await highlightsOf(b.page, article._id)).map((h) => h.quote.exact)).toEqual([patience]);
    await a.context.close();
    await b.context.close();
  }, 240_000);

  it('at 375 px, light and dark: the panel, the link form and the words fit and pass axe', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await newPage(browser, { ...PHONE, colorScheme, bypassCSP: true });
      await openMyNotes(page);
      const panel = page.getByTestId('study-sync-notes');
      const fits = async (what: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} (${colorScheme}) fits 375 px`).toBeLessThanOrEqual(375);
        expect(await axeViolations(page), `${what} (${colorScheme})`).toEqual([]);
      };
      await fits('the panel');
      await panel.getByRole('button', { name: 'Link this device' }).tap();
      await panel.getByLabel('The 24 words from your other device').fill('apple banana');
      await panel.getByRole('button', { name: 'Link this device' }).tap();
      await panel.getByRole('alert').filter({ hasText: 'the words of a sync space are 24' }).waitFor();
      await fits('the link form with its message');
      await panel.getByRole('button', { name: 'Cancel' }).tap();
      await panel.getByRole('button', { name: 'Sync my notes' }).tap();
      await wordsShown(page);
      await panel.getByRole('img', { name: 'QR code of your sync words' }).waitFor();
      await fits('the words');
      await context.close();
    }
  }, 120_000);
});
