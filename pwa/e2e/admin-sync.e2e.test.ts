// An admin device keeps its view by change (pwa/src/sync/pull-admin.ts, GET /api/admin/changes),
// on a library of a size where replacing the view would show: a server of its own over a database
// loaded in bulk with 500 articles and 2,500 comments (backend/test/scale-tier.ts). After one first
// pull, ten changes made through the API (another device) reach this device in a round that
// transfers under 1% of the first pull, and the admin screens show them; an approval made offline
// is sent once when the line returns. The long lists show a page at a time, and their filters
// find a row far down them. A new device whose first walk stops (offline, refused, or a server it
// cannot reach while the browser says it is online) lists what it holds, says why, and goes on
// after Retry.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import type { AdminChanges, AdminCommentPage, Article, ArticlePage, DashboardData } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { startTierServer, type LoadedTier, type TierServer } from './tier-server.ts';
import { launchBrowser, newPage, waitOrTell } from './browser.ts';
import { loginAs, openAdminEntry, writeAnswered } from './admin-helpers.ts';

const SIZES = { articles: 500, comments: 2500, users: 50, lessons: 10 };
/** The bytes of one answer as it came over the wire (headers and encoded body). */
async function wireBytes(response: Response): Promise<number> {
  const sizes = await response.request().sizes();
  return sizes.responseHeadersSize + sizes.responseBodySize;
}

/**
 * Presses Retry under a list whose walk stopped. The engine also tries again by itself after a
 * failed round (sync/engine.ts retryAt): when its round comes between the server answering again
 * and the press, the walk goes on without it and the line leaves with its button (seen once in a
 * full run beside the PostgreSQL tests: the press waited 30 s for a button that had gone). The
 * test's own end, the list filled to the server's newest, holds either way.
 */
async function pressRetry(pause: Locator): Promise<void> {
  await pause
    .locator('..')
    .getByRole('button', { name: 'Retry' })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      if (await pause.count()) throw error;
    });
}

describe('an admin device on a larger library', () => {
  let server: TierServer;
  let url: string;
  let tier: LoadedTier;
  let token: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every answer of the admin change feed this device got, in order (null until read whole). */
  const rounds: ({ bytes: number; body: AdminChanges } | null)[] = [];
  /** The answers from place `from` on, once each has been read whole. */
  const answersFrom = async (from: number) => {
    await expect.poll(() => rounds.slice(from).every((r) => r !== null), { timeout: 30_000 }).toBe(true);
    return rounds.slice(from) as { bytes: number; body: AdminChanges }[];
  };

  const call = async <T,>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; data: T }> => {
    const res = await fetch(url + urlPath, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: token, 'Idempotency-Key': crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json()) as T };
  };
  /** Waits until the answers from place `from` on hold what `check` looks for. */
  const answered = async (from: number, check: (answers: { body: AdminChanges }[]) => boolean) => {
    await expect
      .poll(() => check(rounds.slice(from).filter((r): r is { bytes: number; body: AdminChanges } => r !== null)), { timeout: 90_000 })
      .toBe(true);
    return answersFrom(from);
  };
  /** How many outbox entries the page's database holds. */
  const outboxSize = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('family-bible-articles');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('outbox').objectStore('outbox').count();
            request.onsuccess = () => {
              resolve(request.result);
              open.result.close();
            };
          };
        }),
    );

  beforeAll(async () => {
    server = await startTierServer('sync', SIZES, 11);
    ({ url, tier } = server);
    token = (await call<{ token: string }>('POST', API_PATHS.login, { email: tier.admin.email, password: tier.admin.password })).data.token;
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { baseURL: url }));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== API_PATHS.adminChanges || response.status() !== 200) return;
      // Recorded in the order answered; the body and sizes are read once the answer is complete.
      const slot = rounds.length;
      rounds.push(null);
      Promise.all([wireBytes(response), response.json() as Promise<AdminChanges>])
        .then(([bytes, body]) => {
          rounds[slot] = { bytes, body };
        })
        // An answer still arriving as the page closes at the end is not needed.
        .catch(() => undefined);
    });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('brings ten changes from another device in a round under 1% of the first pull, and shows them', async () => {
    // Every count the refresh line shows while the first pull walks its pages (app/layouts/AdminRefresh.tsx).
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __pullCounts: string[] }).__pullCounts = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="admin-pull-progress"]')?.textContent ?? '';
        if (text !== (seen.at(-1) ?? '')) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await loginAs(page, tier.admin);
    // The first pull: page after page until one says there is no more.
    const firstPull = await answered(0, (answers) => answers.some((r) => !r.body.hasMore));
    // Several pages: the whole view, drafts and waiting comments included.
    expect(firstPull.length).toBeGreaterThan(5);
    // Meanwhile the screen said how far it had come, of every change the walk brought, and once it
    // ended it said no count.
    const changesIn = ({ body }: { body: AdminChanges }) =>
      body.articles.length + body.comments.length + body.users.length + body.removed.articles.length + body.removed.comments.length + body.removed.users.length;
    const walked = firstPull.reduce((sum, r) => sum + changesIn(r), 0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __pullCounts: string[] }).__pullCounts.at(-1))).toBe('');
    const counts = (await page.evaluate(() => (window as unknown as { __pullCounts: string[] }).__pullCounts)).filter(Boolean);
    expect(counts.length).toBeGreaterThan(0);
    const parsed = counts.map((text) => /^([\d,]+) of ([\d,]+) changes on this device$/.exec(text)!.slice(1).map((n) => Number(n.replace(/,/g, ''))));
    for (const [done, total] of parsed) {
      expect(total).toBe(walked);
      expect(done).toBeLessThan(total);
    }
    expect(parsed.map(([done]) => done)).toEqual(parsed.map(([done]) => done).sort((x, y) => x - y));
    const firstBytes = firstPull.reduce((sum, r) => sum + r.bytes, 0);
    const things = firstPull.reduce((sum, r) => sum + r.body.articles.length + r.body.comments.length + r.body.users.length, 0);
    expect(things).toBeGreaterThanOrEqual(SIZES.articles + SIZES.comments);
    // From here on: any round after the first pull (one already under way may bring some of the
    // changes below) counts towards the bytes that brought them.
    const from = rounds.length;

    // Ten changes through the API: six comments, two approvals, an applicant approved, an edit.
    const waiting = (await call<AdminCommentPage>('GET', `${API_PATHS.commentPage}?limit=2`)).data.items;
    const applicant = firstPull.flatMap((r) => r.body.users).find((u) => !u.isApproved)!;
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 6; i++) {
      const res = await call('POST', API_PATHS.addComment, { article: tier.published[i], name: `Elsewhere ${stamp}`, content: `Sent from another device (${i}).` });
      expect(res.status).toBe(201);
    }
    for (const comment of waiting) expect((await call('PUT', API_PATHS.approveComment, { id: comment._id })).status).toBe(200);
    expect((await call('POST', API_PATHS.approveUser, { userId: applicant._id })).status).toBe(200);
    const edited = (await call<{ article: Article }>('GET', `/api/articles/${tier.published.at(-1)}`)).data.article;
    const title = `Retitled elsewhere ${stamp}`;
    const { _id, subtitle, content, category, version } = edited;
    const saved = await call('POST', API_PATHS.addArticle, { article: JSON.stringify({ _id, title, subtitle, content, category, isPublished: true, version }) });
    expect(saved.status).toBeLessThan(300);

    // Opening All Articles pulls at once: what this device fetched since the first pull brings all ten.
    await openAdminEntry(page, 'All Articles');
    await waitOrTell(page, page.getByRole('heading', { name: 'All Articles', level: 1 }), 'All Articles');
    const round = await answered(from, (answers) => {
      const comments = answers.flatMap((r) => r.body.comments).filter((c) => c.name === `Elsewhere ${stamp}`);
      const users = answers.flatMap((r) => r.body.users).filter((u) => u._id === applicant._id && u.isApproved);
      return comments.length === 6 && users.length === 1 && answers.some((r) => r.body.articles.some((a) => a.title === title));
    });
    const roundBytes = round.reduce((sum, r) => sum + r.bytes, 0);
    expect(roundBytes / firstBytes).toBeLessThan(0.01);

    await waitOrTell(page, page.getByTestId('article-row').filter({ hasText: title }), 'the article retitled on another device');
    await openAdminEntry(page, 'Comments');
    await waitOrTell(page, page.getByTestId('comment-row').filter({ hasText: `Elsewhere ${stamp}` }).first(), 'a comment sent from another device');
    await expect.poll(() => page.getByTestId('comment-row').filter({ hasText: `Elsewhere ${stamp}` }).count()).toBe(6);
  }, 240_000);

  it('sends an approval made offline once when the line returns', async () => {
    const row = page.getByTestId('comment-row').filter({ hasText: 'Sent from another device (0).' });
    const id = (await row.getAttribute('data-id'))!;
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === API_PATHS.approveComment) approvals.push(request.method());
    });
    await context.setOffline(true);
    await row.getByRole('button', { name: /^Approve the comment by / }).click();
    // Shown approved at once (it leaves the waiting list), and waiting to be sent.
    await row.waitFor({ state: 'detached' });
    const answer = await writeAnswered(page, 'PUT', API_PATHS.approveComment, () => context.setOffline(false));
    expect(answer.status).toBe(200);
    const approved = await call<AdminCommentPage>('GET', `${API_PATHS.commentPage}?status=approved&q=${encodeURIComponent('Sent from another device (0).')}`);
    expect(approved.data.items.map((c) => c._id)).toEqual([id]);
    // Once the outbox has let the approval go, nothing can send it again: one request in all.
    await expect.poll(outboxSize, { timeout: 30_000 }).toBe(0);
    expect(approvals).toEqual(['PUT']);
  }, 120_000);

  it('shows a long list a page at a time, and finds a row far down it by the filter', async () => {
    await openAdminEntry(page, 'Comments');
    await waitOrTell(page, page.getByRole('heading', { name: 'Comments', level: 1 }), 'Comments');
    const rows = page.getByTestId('comment-row');
    const { total } = (await call<AdminCommentPage>('GET', `${API_PATHS.commentPage}?limit=1`)).data;
    expect(total).toBeGreaterThan(100);
    await waitOrTell(page, page.getByText(`Showing 50 of ${total.toLocaleString('en')} comments`), 'the line under the first page');
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Show 50 more' }).click();
    await waitOrTell(page, page.getByText(`Showing 100 of ${total.toLocaleString('en')} comments`), 'the line under two pages');
    expect(await rows.count()).toBe(100);
    // The keyboard goes on at the first new row.
    const focusedRow = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="comment-row"]')].findIndex((row) => row.contains(document.activeElement)));
    await expect.poll(focusedRow).toBe(50);

    // The oldest comment waiting, found by a few of its words.
    const oldest = (await call<AdminCommentPage>('GET', `${API_PATHS.commentPage}?limit=1&offset=${total - 1}`)).data.items[0]!;
    const words = oldest.content.slice(0, 30).trim();
    const filter = page.getByRole('searchbox', { name: 'Filter by name or words' });
    // Typed fast, and corrected in the middle: every key lands where the caret is.
    await filter.pressSequentially('grace and peace', { delay: 0 });
    for (let i = 0; i < 'and peace'.length; i++) await filter.press('ArrowLeft');
    await filter.pressSequentially('X', { delay: 0 });
    await filter.press('Backspace');
    await filter.pressSequentially('Y', { delay: 0 });
    expect(await filter.inputValue()).toBe('grace Yand peace');
    await filter.fill(words.toUpperCase());
    await waitOrTell(page, page.locator(`[data-testid="comment-row"][data-id="${oldest._id}"]`), 'the oldest comment, filtered');
    await expect.poll(() => rows.count()).toBeLessThan(50);
    for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain(words.toLowerCase());
    // Nothing matches: said so, with a way back; Escape in the box clears it too.
    await filter.fill(`${words} no such words`);
    await waitOrTell(page, page.getByRole('button', { name: 'Clear the filter' }), 'the empty state of the filter');
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await waitOrTell(page, page.getByText(`Showing 50 of ${total.toLocaleString('en')} comments`), 'the first page after clearing');
    expect(await filter.evaluate((box) => box === document.activeElement)).toBe(true);
    await filter.fill('x');
    await filter.press('Escape');
    await expect.poll(() => filter.inputValue()).toBe('');

    // All Articles: a draft found by its title; the filter is in the address, so a reload keeps it.
    const draft = (await call<ArticlePage>('GET', `${API_PATHS.articlePage}?limit=100`)).data.items.find((a) => a.status === 'draft')!;
    await openAdminEntry(page, 'All Articles');
    await waitOrTell(page, page.getByRole('heading', { name: 'All Articles', level: 1 }), 'All Articles');
    await page.getByRole('searchbox', { name: 'Filter by title' }).fill(draft.title);
    const row = page.locator(`[data-testid="article-row"][data-id="${draft._id}"]`);
    await waitOrTell(page, row, 'the draft, filtered');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(draft.title);
    await page.reload();
    await waitOrTell(page, row, 'the draft, filtered after a reload');
    expect(await page.getByRole('searchbox', { name: 'Filter by title' }).inputValue()).toBe(draft.title);
  }, 120_000);
  it('fills Comments from the newest down on a new device while its first pull still walks', async () => {
    const device = await newPage(browser, { baseURL: url });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    try {
      // Every page of the first pull after its first waits until the screen has been looked at.
      await device.page.route(
        (u) => u.pathname === API_PATHS.adminChanges,
        async (route) => {
          pages += 1;
          if (pages > 1) await held;
          await route.continue();
        },
      );
      await loginAs(device.page, tier.admin);
      await openAdminEntry(device.page, 'Comments');
      await waitOrTell(device.page, device.page.getByRole('heading', { name: 'Comments', level: 1 }), 'Comments');
      const { items: newest, total } = (await call<AdminCommentPage>('GET', `${API_PATHS.commentPage}?limit=5`)).data;
      const firstRows = () => device.page.getByTestId('comment-row').evaluateAll((rows) => rows.slice(0, 5).map((row) => row.getAttribute('data-id')));
      await expect.poll(firstRows, { timeout: 30_000 }).toEqual(newest.map((c) => c._id));
      // The walk had more to bring, and says how far it has come.
      expect(pages).toBeGreaterThan(1);
      const progress = device.page.getByTestId('admin-pull-progress');
      expect(await progress.textContent()).toMatch(/^[\d,]+ of [\d,]+ changes on this device$/);
      // While it walks, the device holds part of the view: its totals are the server's, not its own count.
      const totalLine = new RegExp(`^Showing [\\d,]+ of ${total.toLocaleString('en')} comments$`);
      await expect.poll(() => device.page.getByText(/^Showing /).textContent(), { timeout: 30_000 }).toMatch(totalLine);
      const { dashboardData } = (await call<{ dashboardData: DashboardData }>('GET', API_PATHS.dashboard)).data;
      await openAdminEntry(device.page, 'Dashboard');
      await waitOrTell(device.page, device.page.getByRole('heading', { name: 'Dashboard', level: 1 }), 'Dashboard');
      const shown = (card: string) => device.page.getByTestId(`count-${card}`).locator('span').first().textContent();
      await expect.poll(() => shown('comments'), { timeout: 30_000 }).toBe(String(dashboardData.totalComments));
      expect(await shown('articles')).toBe(String(dashboardData.totalArticles));
      expect(await shown('drafts')).toBe(String(dashboardData.totalDrafts));
      await openAdminEntry(device.page, 'Comments');
      await waitOrTell(device.page, device.page.getByRole('heading', { name: 'Comments', level: 1 }), 'Comments again');
      release();
      await progress.waitFor({ state: 'detached', timeout: 90_000 });
      await waitOrTell(device.page, device.page.getByText(`Showing 50 of ${total.toLocaleString('en')} comments`), 'the whole list once the walk ended');
      expect(await firstRows()).toEqual(newest.map((c) => c._id));
    } finally {
      release();
      await device.context.close();
    }
  }, 180_000);

  it('lists the articles a new device holds when its walk stops offline or fails, and says the rest comes', async () => {
    // Two drafts written elsewhere just now: the newest articles and the walk's newest changes.
    const stamp = Date.now().toString(36);
    const titles = [`Walked first ${stamp} A`, `Walked first ${stamp} B`];
    for (const title of titles) {
      const article = { title, subtitle: 'Newest', content: '<p>Written elsewhere.</p>', category: 'Hope', isPublished: false };
      expect((await call('POST', API_PATHS.addArticle, { article: JSON.stringify(article) })).status).toBeLessThan(300);
    }
    const { dashboardData } = (await call<{ dashboardData: DashboardData }>('GET', API_PATHS.dashboard)).data;
    const device = await newPage(browser, { baseURL: url });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    /** What the pages after the first get once let go: the server's answer, or a failure of its own. */
    let failing = false;
    const failure = `Walk refused ${stamp}`;
    let pages = 0;
    try {
      // The walk's first page brings those two changes alone (fewer articles than the Dashboard
      // lists); every page after it waits until the test lets it go.
      await device.page.route(
        (u) => u.pathname === API_PATHS.adminChanges,
        async (route) => {
          pages += 1;
          if (pages === 1) {
            const first = new URL(route.request().url());
            first.searchParams.set('limit', String(titles.length));
            return route.continue({ url: first.toString() });
          }
          await held;
          if (failing) return route.fulfill({ status: 503, json: { success: false, message: failure } });
          return route.continue();
        },
      );
      await loginAs(device.page, tier.admin);
      const recent = device.page.getByRole('table', { name: 'Recent Articles' });
      const rows = recent.getByTestId('article-row');
      const listed = () => rows.evaluateAll((shown) => shown.map((row) => row.querySelector('a')?.textContent));
      const pause = device.page.getByTestId('walk-pause');
      // The first page is on the device: the counts are the server's, and the list waits for its five.
      await expect
        .poll(() => device.page.getByTestId('count-articles').locator('span').first().textContent(), { timeout: 30_000 })
        .toBe(String(dashboardData.totalArticles));
      await waitOrTell(device.page, recent.getByText('Loading…'), 'Recent Articles loading while the walk runs');

      await device.context.setOffline(true);
      // The walk cannot go on: the two the device holds are listed, newest first, and the list says more comes.
      await waitOrTell(device.page, pause.getByText('Offline: more of this list comes once the device is back online.'), 'the line saying more comes');
      expect(await listed()).toEqual([...titles].reverse());
      expect(await recent.getByText('Loading…').count()).toBe(0);

      // Back online, the server refuses the walk's next page: the same two, the reason, and Retry.
      failing = true;
      await device.context.setOffline(false);
      release();
      await waitOrTell(device.page, pause.getByText(`Could not load the rest of this list: ${failure}`), 'the line saying the walk failed');
      expect(await listed()).toEqual([...titles].reverse());

      // All Articles says the same under the two it holds, and counts them against the server's.
      await openAdminEntry(device.page, 'All Articles');
      const all = device.page.getByRole('table', { name: 'All Articles' });
      await waitOrTell(device.page, all.getByText(titles[0]!), 'All Articles with the articles the device holds');
      await waitOrTell(device.page, device.page.getByText(`Showing 2 of ${dashboardData.totalArticles.toLocaleString('en')} articles`), 'the count against the server\'s');
      await waitOrTell(device.page, pause.getByText(`Could not load the rest of this list: ${failure}`), 'the line under All Articles');
      await openAdminEntry(device.page, 'Dashboard');
      await waitOrTell(device.page, pause.getByText(`Could not load the rest of this list: ${failure}`), 'the Dashboard again');

      // Retry, answered: the walk goes on and the list fills to the server's five newest.
      failing = false;
      await pressRetry(pause);
      const newest = dashboardData.recentArticles.map((a) => a._id);
      await expect
        .poll(() => rows.evaluateAll((shown) => shown.map((row) => row.getAttribute('data-id'))), { timeout: 60_000 })
        .toEqual(newest);
      await pause.waitFor({ state: 'detached' });
    } finally {
      release();
      await device.context.close();
    }
  }, 180_000);

  it('says the server cannot be reached when a new device\'s walk stops with the browser online, and goes on after Retry', async () => {
    const { dashboardData } = (await call<{ dashboardData: DashboardData }>('GET', API_PATHS.dashboard)).data;
    const device = await newPage(browser, { baseURL: url });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    /** Whether the server can be reached: when not, every call of the page's sync is refused a connection. */
    let unreachable = false;
    let pages = 0;
    try {
      // The walk's first page brings two changes; every page after it waits until the test lets it go.
      await device.page.route(
        (u) => u.pathname === API_PATHS.adminChanges,
        async (route) => {
          pages += 1;
          if (pages === 1) {
            const first = new URL(route.request().url());
            first.searchParams.set('limit', '2');
            return route.continue({ url: first.toString() });
          }
          await held;
          return unreachable ? route.abort('connectionrefused') : route.continue();
        },
      );
      // Registered last, so asked first: once the server is unreachable, no call reaches it.
      await device.page.route('**/api/**', (route) => (unreachable ? route.abort('connectionrefused') : route.fallback()));
      await loginAs(device.page, tier.admin);
      const pause = device.page.getByTestId('walk-pause');
      const refreshLine = device.page.getByTestId('admin-refresh');
      const statusLine = device.page.getByTestId('status-line');
      // The first page is on the device: the Dashboard counts with the server's figures.
      await expect
        .poll(() => device.page.getByTestId('count-articles').locator('span').first().textContent(), { timeout: 30_000 })
        .toBe(String(dashboardData.totalArticles));

      // Offline, the walk waits for the line and says so: not an error.
      await device.context.setOffline(true);
      await waitOrTell(device.page, pause.getByText('Offline: more of this list comes once the device is back online.'), 'the offline words under the list');
      expect(await statusLine.getByText(/Could not sync/).count()).toBe(0);

      // Back online, the server still cannot be reached: the round says why, with Retry.
      unreachable = true;
      await device.context.setOffline(false);
      release();
      const reason = 'The server cannot be reached right now.';
      await waitOrTell(device.page, pause.getByText(`Could not load the rest of this list: ${reason}`), 'the reason under the list');
      await waitOrTell(device.page, statusLine.getByText(`Could not sync: ${reason}`), 'the reason in the status line');
      expect(await statusLine.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      // The device holds part of the admin's view: the refresh line does not call it fresh.
      await waitOrTell(device.page, refreshLine.getByText('Not fully synced yet'), 'the refresh line of a walk stopped short');
      expect(await refreshLine.getByText(/Last synced/).count()).toBe(0);

      // The server answers again: Retry walks on to the end, the list fills to the server's five
      // newest, and the reason goes from both lines.
      unreachable = false;
      await pressRetry(pause);
      const rows = device.page.getByRole('table', { name: 'Recent Articles' }).getByTestId('article-row');
      await expect
        .poll(() => rows.evaluateAll((shown) => shown.map((row) => row.getAttribute('data-id'))), { timeout: 60_000 })
        .toEqual(dashboardData.recentArticles.map((a) => a._id));
      await pause.waitFor({ state: 'detached' });
      await statusLine.getByText(/Could not sync/).waitFor({ state: 'detached' });
      await waitOrTell(device.page, refreshLine.getByText(/^Last synced/), 'the refresh line once the walk ended');
    } finally {
      release();
      await device.context.close();
    }
  }, 180_000);
});
