// The study tools in a real chromium against the real server: highlights and notes by touch on a
// phone and by keyboard (a Shift+arrow selection, the Notes list to a highlight), re-attached
// after an administrator edits the article (and kept as "no longer in the article" where the
// words went), My notes searched offline after a reload, read aloud through a stand-in
// speechSynthesis, and a backup restored on a fresh profile.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, eventually } from './admin-helpers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken, createArticle, deleteArticle, readStore, waitForServiceWorker, type MadeArticle } from './reader-helpers.ts';
import { roomAroundLink } from './ui-checks.ts';
import { drawnHighlights, finishUtterance, highlightBox, highlightsOf, readAloudText, selectWords, spoken, stubSpeech, tapHighlight } from './study-helpers.ts';

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHOTS = '/tmp/shots';

const CONTENT =
  '<h2>Patience at home</h2>' +
  '<p>Love is patient. A patient reader keeps reading, one calm line after another.</p>' +
  '<p>Read <a href="https://example.org/john-3">John 3:16</a> with <strong>your family</strong> tonight.</p>' +
  '<p>This passage will be removed by the editor later.</p>' +
  '<p>Love is patient, the family said again at supper.</p>';

async function openArticle(page: Page, article: MadeArticle) {
  await page.goto(`/article/${article._id}`);
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  await page.getByTestId('notes-button').waitFor();
}

describe('study tools', () => {
  let browser: Browser;
  let token: string;
  let article: MadeArticle;
  /** The one an administrator edits (the others' tests expect the text as written). */
  let editable: MadeArticle;
  const made: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    article = await createArticle(token, { title: `Study test ${Date.now()}`, content: CONTENT });
    editable = await createArticle(token, { title: `Study edit test ${Date.now()}`, content: CONTENT });
    made.push(article._id, editable._id);
  });
  afterAll(async () => {
    await browser?.close();
    for (const id of made) await deleteArticle(token, id);
  });

  it('by touch on a phone: highlight from the bar, tap it, add a note; the marker opens the sheet', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openArticle(page, article);
    // The second "Love is patient" (at supper), not the first: the anchor tells them apart.
    await selectWords(page, 'Love is patient, the family');
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.getByRole('button', { name: 'Highlight in green' }).tap();
    const [made] = await eventually(async () => {
      const list = await highlightsOf(page, article._id);
      return list.length === 1 ? list : null;
    }, 'the highlight to be kept');
    expect(made).toMatchObject({ color: 'green', note: '', quote: { exact: 'Love is patient, the family' } });
    await eventually(async () => (await drawnHighlights(page))['hl-green']?.length === 1, 'the highlight drawn');
    expect(await drawnHighlights(page)).toEqual({ 'hl-green': ['Love is patient, the family'] });
    await bar.waitFor({ state: 'detached' });

    await tapHighlight(page, 'hl-green', 'Love is patient, the family');
    const sheet = page.getByRole('dialog', { name: 'Highlight' });
    await sheet.getByLabel('Add a note').fill('Say this at supper tomorrow.');
    await page.screenshot({ path: `${SHOTS}/study-375-sheet.png` });
    await sheet.getByRole('button', { name: 'Save note' }).tap();
    await eventually(async () => (await highlightsOf(page, article._id))[0]?.note === 'Say this at supper tomorrow.', 'the note to be kept');
    await sheet.waitFor({ state: 'hidden' });
    // The note's marker sits after the highlight; tapping it opens the note again.
    const marker = page.getByRole('button', { name: 'Your note on “Love is patient, the family”' });
    expect(await marker.getAttribute('data-hl')).toBe(made!._id);
    await page.screenshot({ path: `${SHOTS}/study-375-marker.png` });
    await marker.tap();
    await sheet.getByText('Say this at supper tomorrow.').waitFor();
    await context.close();
  });

  it('by keyboard: the bar follows the text in Tab order; the Notes sheet edits and removes a highlight', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await openArticle(page, article);
    await page.getByTestId('article-content').evaluate((el) => {
      el.setAttribute('tabindex', '-1');
      el.focus();
    });
    await selectWords(page, 'your family');
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.waitFor();
    // From the article text (its links first), Tab reaches the bar.
    for (let i = 0; i < 4 && !(await bar.evaluate((b) => b.contains(document.activeElement))); i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Highlight in yellow');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Highlight in blue');
    await page.keyboard.press('Enter');
    const made = await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h.quote.exact === 'your family'), 'the highlight');
    expect(made.color).toBe('blue');
    await eventually(async () => (await drawnHighlights(page))['hl-blue']?.includes('your family'), 'the highlight drawn');

    // The Notes action lists it; Enter opens it; the note is typed and saved with the keyboard.
    await page.getByTestId('notes-button').focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notes on this article' });
    await list.getByRole('button', { name: /your family/ }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Highlight' });
    await sheet.getByLabel('Add a note').focus();
    await page.keyboard.type('Our family verse.');
    await sheet.getByRole('button', { name: 'Save note' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h._id === made._id)?.note === 'Our family verse.', 'the note');
    await sheet.waitFor({ state: 'hidden' });
    // On a wide screen the note also stands in the margin beside its line.
    const margin = page.getByRole('region', { name: 'Notes in the margin' });
    await margin.getByRole('button', { name: 'Our family verse.' }).waitFor();
    const [markTop, noteTop] = await Promise.all([
      highlightBox(page, 'hl-blue', 'your family').then((box) => box!.y),
      margin.getByRole('button', { name: 'Our family verse.' }).evaluate((m) => m.getBoundingClientRect().top),
    ]);
    expect(Math.abs(markTop - noteTop)).toBeLessThan(40);
    await page.screenshot({ path: `${SHOTS}/study-1280-margin.png` });

    // Remove it: keyboard again, through the sheet.
    await margin.getByRole('button', { name: 'Our family verse.' }).focus();
    await page.keyboard.press('Enter');
    await sheet.getByRole('button', { name: 'Remove highlight' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => !(await highlightsOf(page, article._id)).some((h) => h._id === made._id), 'the highlight to go');
    await eventually(async () => !(await drawnHighlights(page))['hl-blue']?.includes('your family'), 'the highlight gone from the page');
    await context.close();
  });

  it('by keyboard alone at 375 px: a Shift+arrow selection, Tab to the bar; the Notes list scrolls to a highlight and opens it', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await openArticle(page, article);
    const WORDS = 'said again at supper';
    const focused = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        return !at || at === document.body ? 'the page' : (at.getAttribute('aria-label') ?? at.textContent);
      });
    // A selection started in the text (as caret browsing or a screen reader would), made longer
    // with Shift+arrow keys; the next Tab is the bar's first colour, not the links after the words.
    await selectWords(page, 'said ag');
    for (let i = 0; i < 13; i += 1) await page.keyboard.press('Shift+ArrowRight');
    expect(await page.evaluate(() => document.getSelection()?.toString())).toBe(WORDS);
    const bar = page.getByRole('group', { name: 'Highlight the selected words' });
    await bar.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Highlight in yellow');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Highlight in blue');
    await page.keyboard.press('Enter');
    const made = await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h.quote.exact === WORDS), 'the highlight of the keyboard selection');
    expect(made.color).toBe('blue');
    await bar.waitFor({ state: 'detached' });

    // Reached again from the Notes list, scrolled out of view first: its words come into view and
    // focus is in its panel (its colour), where the keyboard recolours it, notes and removes it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(async () => (await highlightBox(page, 'hl-blue', WORDS))!.y < 0, 'the highlight scrolled out of view');
    await page.getByTestId('notes-button').focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notes on this article' });
    const item = list.getByRole('button', { name: /said again at supper/ });
    await item.waitFor();
    for (let i = 0; i < 6 && !(await item.evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Highlight' });
    await sheet.getByRole('radio', { name: 'Blue' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    // In view between the page's header and the sheet (from the foot of the screen on a phone).
    const box = (await highlightBox(page, 'hl-blue', WORDS))!;
    const [headerBottom, sheetTop] = await sheet.evaluate((dialog) => [document.querySelector('header')!.getBoundingClientRect().bottom, dialog.getBoundingClientRect().top]);
    expect(box.y).toBeGreaterThanOrEqual(Math.max(0, headerBottom!));
    expect(box.y + box.height).toBeLessThanOrEqual(sheetTop!);
    await page.keyboard.type('Keep reading.');
    await sheet.getByRole('button', { name: 'Save note' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h._id === made._id)?.note === 'Keep reading.', 'the note kept');
    await sheet.waitFor({ state: 'hidden' });

    // A highlight with its note (no note editor to take focus), opened from the list: focus is on its colour.
    await page.getByTestId('notes-button').focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 6 && !(await item.evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await sheet.getByText('Keep reading.').waitFor();
    expect(await sheet.getByRole('radio', { name: 'Blue', checked: true }).evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await eventually(async () => (await highlightsOf(page, article._id)).find((h) => h._id === made._id)?.color === 'pink', 'the new colour kept');
    await sheet.getByRole('button', { name: 'Remove highlight' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => !(await highlightsOf(page, article._id)).some((h) => h._id === made._id), 'the highlight removed');
    await context.close();
  });

  it('re-attaches after an administrator edits the article; a highlight whose words went is kept and listed', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await openArticle(page, editable);
    await selectWords(page, 'calm line after another');
    await page.getByRole('button', { name: 'Highlight in pink' }).click();
    // The bar goes once that highlight is stored, and the app then clears the selection: a
    // selection made before that would be cleared with it.
    await page.getByRole('button', { name: 'Highlight in pink' }).waitFor({ state: 'hidden' });
    await selectWords(page, 'will be removed');
    await page.getByRole('button', { name: 'Highlight in yellow' }).click();
    const before = await eventually(async () => {
      const list = await highlightsOf(page, editable._id);
      return list.filter((h) => ['calm line after another', 'will be removed'].includes(h.quote.exact)).length === 2 ? list : null;
    }, 'two highlights');
    const removed = before.find((h) => h.quote.exact === 'will be removed')!;

    // The administrator adds a paragraph on top, rewrites the words around the first highlight
    // (with markup inside it now) and deletes the second passage.
    const { data } = await apiCall<{ article: { version: number; subtitle: string; category: string } }>('GET', `/api/articles/${editable._id}`);
    const edited = CONTENT.replace('<h2>Patience at home</h2>', '<h2>Patience at home</h2><p>A new opening paragraph, added later.</p>')
      .replace('A patient reader keeps reading, one calm line after another.', 'Patient readers read on, <em>one calm</em> line after another, every day.')
      .replace('<p>This passage will be removed by the editor later.</p>', '');
    const saved = await apiCall('POST', '/api/articles/add', {
      article: JSON.stringify({ _id: editable._id, title: editable.title, subtitle: data.article.subtitle, content: edited, category: data.article.category, isPublished: true, version: data.article.version }),
    }, token);
    expect(saved.status).toBe(200);

    await page.reload();
    await page.getByText('A new opening paragraph, added later.').waitFor({ timeout: 20_000 });
    await eventually(async () => (await drawnHighlights(page))['hl-pink']?.includes('calm line after another'), 'the highlight on its words again');
    const line = page.getByTestId('orphan-line');
    await line.getByText('One highlight is no longer in the article').waitFor();
    await eventually(async () => (await highlightsOf(page, editable._id)).find((h) => h._id === removed._id)?.orphan === 1, 'the orphan flag');
    await line.getByRole('button').click();
    const list = page.getByRole('dialog', { name: 'Notes on this article' });
    await list.getByRole('heading', { name: 'No longer in the article' }).waitFor();
    await list.getByRole('button', { name: 'will be removed' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/notes');
    const item = page.getByTestId('notes-item').filter({ hasText: 'will be removed' });
    await item.getByText('No longer in the article').waitFor();
    await context.close();
  });

  it('My notes works offline after a reload: grouped, searched, and opens the article at its place', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/');
    await waitForServiceWorker(page);
    await openArticle(page, article);
    await selectWords(page, 'John 3:16');
    await page.getByRole('button', { name: 'Highlight in yellow' }).tap();
    await eventually(async () => (await highlightsOf(page, article._id)).some((h) => h.quote.exact === 'John 3:16'), 'the highlight');
    await page.getByTestId('notes-button').tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Add a note on this article' }).tap();
    await page.getByLabel('Your note on the whole article').fill('Ask the children about PATIENCE.');
    await page.getByRole('button', { name: 'Save note' }).tap();
    await eventually(async () => (await readStore<{ text: string }>(page, 'notes')).some((n) => n.text.includes('PATIENCE')), 'the article note');

    await context.setOffline(true);
    await page.goto('/notes');
    await page.reload();
    await page.getByRole('heading', { name: 'My notes', level: 1 }).waitFor();
    const group = page.getByTestId('notes-group').filter({ has: page.getByRole('heading', { name: article.title }) });
    await group.getByText('Ask the children about PATIENCE.').waitFor();
    await page.screenshot({ path: `${SHOTS}/study-375-notes.png`, fullPage: true });
    const search = page.getByRole('searchbox', { name: 'Search my notes' });
    // The articles' rule: case-insensitive, spaces folded.
    await search.fill('  ask the   CHILDREN ');
    await eventually(async () => (await page.getByTestId('notes-item').count()) === 1, 'one match');
    await search.fill('john 3:16');
    await eventually(async () => (await page.getByTestId('notes-item').count()) === 1, 'the highlight alone');
    await search.fill('nothing like this anywhere');
    await page.getByText('Nothing in your notes matches').waitFor();
    await search.fill('john 3:16');
    await page.getByTestId('notes-item').getByRole('link', { name: 'Open at this place' }).tap();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    const id = (await highlightsOf(page, article._id)).find((h) => h.quote.exact === 'John 3:16')!._id;
    expect(new URL(page.url()).hash).toBe(`#hl-${id}`);
    await eventually(async () => {
      const box = await highlightBox(page, 'hl-yellow', 'John 3:16');
      return !!box && box.y >= 0 && box.y + box.height <= PHONE.viewport.height;
    }, 'the highlight in view');
    await context.close();
  });

  it('gives My notes’ article headings a 44 px link on a phone, without moving the page around them', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await openArticle(page, article);
    await selectWords(page, 'calm line');
    await page.getByRole('button', { name: 'Highlight in blue' }).tap();
    await eventually(async () => (await highlightsOf(page, article._id)).some((h) => h.quote.exact === 'calm line'), 'the highlight');
    await page.goto('/notes');
    const link = page.getByTestId('notes-group').getByRole('heading', { level: 2, name: article.title }).getByRole('link');
    await link.waitFor();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The heading is as tall as it would be around a plain link.
    const [asTarget, asPlain] = await roomAroundLink(link);
    expect(asTarget).toBe(asPlain);
    await context.close();
  });

  it('reads aloud through speechSynthesis: the sentence highlight moves, pause and resume, citations as words', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.addInitScript(stubSpeech, [
      { name: 'Remote voice', lang: 'en-US', localService: false, default: true },
      { name: 'Device voice', lang: 'en-GB', localService: true, default: false },
    ]);
    await openArticle(page, article);
    await page.getByRole('button', { name: 'Listen' }).tap();
    const bar = page.getByRole('region', { name: `Read aloud: ${article.title}` });
    await bar.getByText('Reading sentence 1 of').waitFor();
    expect(await readAloudText(page)).toBe('Patience at home');
    await finishUtterance(page);
    await bar.getByText('Reading sentence 2 of').waitFor();
    expect(await readAloudText(page)).toBe('Love is patient.');
    await finishUtterance(page);
    await finishUtterance(page);
    await bar.getByText('Reading sentence 4 of').waitFor();
    expect(await readAloudText(page)).toBe('Read John 3:16 with your family tonight.');
    expect((await spoken(page)).at(-1)?.text).toBe('Read John chapter 3, verse 16 with your family tonight.');
    // Kept in view: on screen, above the player.
    await eventually(
      () =>
        page.evaluate(() => {
          const range = [...(CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('read-aloud')!][0]!;
          const rect = range.getBoundingClientRect();
          const barTop = document.querySelector('[data-testid="listen-bar"]')!.getBoundingClientRect().top;
          return rect.top >= 0 && rect.bottom <= barTop;
        }),
      'the sentence in view above the player',
    );
    await page.screenshot({ path: `${SHOTS}/study-375-listen.png` });

    await bar.getByRole('button', { name: 'Pause' }).tap();
    await bar.getByText('Paused at sentence 4 of').waitFor();
    const count = (await spoken(page)).length;
    await bar.getByRole('button', { name: 'Resume' }).tap();
    await bar.getByText('Reading sentence 4 of').waitFor();
    const again = await spoken(page);
    expect(again.length).toBe(count + 1);
    expect(again.at(-1)?.text).toBe('Read John chapter 3, verse 16 with your family tonight.');

    // A new speed applies from the sentence being read.
    await bar.getByLabel('Speed').selectOption('1.5');
    await eventually(async () => (await spoken(page)).at(-1)?.rate === 1.5, 'the faster sentence');

    // Closed and opened again (even after a reload), it resumes where it stopped.
    await bar.getByRole('button', { name: 'Close the player' }).tap();
    expect(await readAloudText(page)).toBe('');
    await page.reload();
    await page.getByRole('button', { name: 'Listen' }).tap();
    await bar.getByText('Reading sentence 4 of').waitFor();
    expect((await spoken(page)).at(-1)).toEqual({ text: 'Read John chapter 3, verse 16 with your family tonight.', rate: 1.5 });
    await context.close();
  });

  it('says plainly when the device has no voices', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.addInitScript(stubSpeech, []);
    await openArticle(page, article);
    await page.getByRole('button', { name: 'Listen' }).tap();
    await page.getByRole('alert').getByText('This device has no speech voices, so it cannot read aloud.').waitFor();
    await context.close();
  });

  it('backs up and restores on a fresh profile: the same notes; a second restore changes nothing', async () => {
    const first = await newPage(browser, DESKTOP);
    await openArticle(first.page, article);
    await selectWords(first.page, 'Love is patient.');
    await first.page.getByRole('button', { name: 'Highlight in green' }).click();
    await eventually(async () => (await highlightsOf(first.page, article._id)).some((h) => h.quote.exact === 'Love is patient.'), 'the highlight');
    await first.page.getByTestId('notes-button').click();
    await first.page.getByRole('button', { name: 'Add a note on this article' }).click();
    await first.page.getByLabel('Your note on the whole article').fill('Backed-up thought.');
    await first.page.getByRole('button', { name: 'Save note' }).click();
    await eventually(async () => (await readStore<{ text: string }>(first.page, 'notes')).length === 1, 'the note');
    await first.page.goto('/notes');
    const [download] = await Promise.all([
      first.page.waitForEvent('download'),
      first.page.getByRole('button', { name: 'Back up my notes' }).click(),
    ]);
    // Kept outside the browser's own folder, which goes with its profile.
    const path = join(await mkdtemp(join(tmpdir(), 'study-backup-')), download.suggestedFilename());
    await download.saveAs(path);
    const text = await readFile(path, 'utf8');
    // Version 3 since reading plans (features/study/backup.ts).
    expect(JSON.parse(text)).toMatchObject({ format: 'living-best-now-notes', version: 3 });
    // Whether a highlight's words are in the article is worked out per device, not restored.
    const strip = <T extends { orphan?: 1 }>(rows: T[]) =>
      rows.map((r) => ({ ...r, orphan: undefined })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const highlights = strip(await highlightsOf(first.page));
    const notes = await readStore(first.page, 'notes');
    await first.context.close();

    const fresh = await newPage(browser, PHONE);
    await fresh.page.goto('/notes');
    await fresh.page.getByText('No highlights or notes yet.').waitFor();
    await fresh.page.getByLabel('Restore from a backup').setInputFiles(path);
    await fresh.page.getByTestId('backup-outcome').getByText(/^Restored from .*Nothing on this device was removed\.$/).waitFor();
    expect(strip(await highlightsOf(fresh.page))).toEqual(highlights);
    expect(await readStore(fresh.page, 'notes')).toEqual(notes);
    await fresh.page.getByText('Backed-up thought.').waitFor();
    await fresh.page.screenshot({ path: `${SHOTS}/study-375-restored.png`, fullPage: true });

    await fresh.page.getByLabel('Restore from a backup').setInputFiles(path);
    await fresh.page.getByTestId('backup-outcome').getByText(/is already on this device\. Nothing was changed\.$/).waitFor();
    expect(strip(await highlightsOf(fresh.page))).toEqual(highlights);

    // A damaged copy is refused with a plain message.
    await fresh.page.getByLabel('Restore from a backup').setInputFiles({
      name: 'damaged.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text.replace('Backed-up thought.', 'Changed thought.')),
    });
    await fresh.page.getByRole('alert').getByText('This backup file is damaged').waitFor();
    expect(await readStore(fresh.page, 'notes')).toEqual(notes);
    await fresh.context.close();
  });
});
