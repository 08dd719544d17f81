// Debian's chromium driven by playwright-core (never a browser download of the library's own).
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/proc.mjs';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

export function baseURL(): string {
  return inject('baseURL');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 200));
  });
  page.on('pageerror', (error) => errors.push(String(error).slice(0, 200)));
  pageErrors.set(page, errors);
  return { context, page };
}

/** The errors each page of `newPage` logged, so a failed wait can name them. */
const pageErrors = new WeakMap<Page, string[]>();

/**
 * Waits for `locator` like `locator.waitFor`; when it never comes, the error says what the page
 * showed instead (address, heading, open dialogs, the start of its main text, its last errors).
 */
export async function waitOrTell(page: Page, locator: Locator, what: string, timeout = DEFAULT_WAIT_MS): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .evaluate(() => ({
        url: location.pathname + location.search,
        online: navigator.onLine,
        heading: document.querySelector('h1')?.textContent,
        dialogs: [...document.querySelectorAll('dialog[open], [role="dialog"]')].map((d) => d.textContent?.slice(0, 120)),
        main: document.querySelector('main')?.textContent?.slice(0, 600),
      }))
      .catch((reason: unknown) => String(reason));
    const errors = (pageErrors.get(page) ?? []).slice(-5);
    throw new Error(`Never saw ${what}: ${JSON.stringify({ shown, errors })}`, { cause: error });
  }
}

/** Playwright's own default wait, unless a test gives a longer one for a slow step. */
const DEFAULT_WAIT_MS = 30_000;

/**
 * Waits until the page's list holds exactly `count` article cards: drawn, or for a large list that
 * draws only the cards near the screen (pwa/src/features/articles/WindowedCards.tsx), as many as
 * its drawn cards say it holds.
 */
export async function waitForCardCount(page: Page, count: number, timeout = DEFAULT_WAIT_MS): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="article-card"]').length === n ||
      document.querySelector(`li[aria-setsize="${n}"]`) !== null,
    count,
    { timeout },
  );
}

/**
 * Saves the first `count` article cards of the home page open in `page` with their bookmark
 * buttons, each click's own state waited for; answers the buttons' locator.
 */
export async function saveFirstCards(page: Page, count: number): Promise<Locator> {
  const saves = page.locator('li:has([data-testid="article-card"]) [data-testid="save-button"]');
  await expect.poll(() => saves.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  for (let n = 0; n < count; n += 1) {
    await saves.nth(n).click();
    await expect.poll(() => saves.and(page.locator('[aria-pressed="true"]')).count()).toBe(n + 1);
  }
  return saves;
}

/**
 * Waits until the page's service worker is activated, so its precache is complete. Asked with
 * `evaluate`: `waitForFunction` does not wait for a promise the page function returns (an async
 * predicate counts as true at once).
 */
export async function waitForActiveServiceWorker(page: Page, timeout = DEFAULT_WAIT_MS): Promise<void> {
  await page.evaluate(async (ms) => {
    const activated = (async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (!worker || worker.state === 'activated') return;
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    })();
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no service worker activated in ${ms} ms`)), ms));
    await Promise.race([activated, late]);
  }, timeout);
}

/** The page is controlled by an activated service worker (after one reload), so it reloads offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await waitForActiveServiceWorker(page);
  await page.reload();
  await waitForControl(page);
}

/** Waits until a service worker controls the page (no reload). */
export async function waitForControl(page: Page, timeout = DEFAULT_WAIT_MS): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout });
}

/** Marks the elements a screen showed before a step (see waitForNew). */
const OLD_ELEMENT = 'data-e2e-old';

/**
 * Runs `act` (a navigation) and waits until `selector` matches an element that was not on the page
 * before it, and the old ones are gone: a screen that replaces one with the same parts (the Create
 * form opened from the Create form) would otherwise answer with the old screen's element.
 */
export async function waitForNew(
  page: Page,
  selector: string,
  act: () => Promise<unknown>,
  timeout = DEFAULT_WAIT_MS,
): Promise<void> {
  await page.evaluate(
    ([css, attr]) => {
      for (const element of document.querySelectorAll(css!)) element.setAttribute(attr!, '');
    },
    [selector, OLD_ELEMENT],
  );
  await act();
  await page.locator(`${selector}:not([${OLD_ELEMENT}])`).first().waitFor({ timeout });
  await page.locator(`${selector}[${OLD_ELEMENT}]`).first().waitFor({ state: 'detached', timeout });
}

/**
 * Waits until the element `selector` names was drawn by the app, not by the server: the app
 * replaces the server's page in one commit (src/main.tsx), and a click that lands while that
 * happens can press on one copy and release on the other, so no click reaches either. React marks
 * the elements it made with a `__reactFiber$…` key; the server's copy has none.
 */
export async function waitForAppDrawn(page: Page, selector: string, timeout = DEFAULT_WAIT_MS): Promise<void> {
  await page.waitForFunction(
    (css) => {
      const element = document.querySelector(css);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    },
    selector,
    { timeout },
  );
}

/** One drawn frame of a Back: the page's heading, whether `loading` text was in the main area, the scroll place. */
export interface BackFrame {
  shows: string | undefined;
  loading: boolean;
  y: number;
}

/**
 * Goes Back in the page and records each of the next `count` frames (requestAnimationFrame), so a
 * test can say what every frame showed, not only the last.
 */
export async function drawnOnBack(page: Page, count: number, loading = ''): Promise<BackFrame[]> {
  await page.evaluate(
    ({ count, loading }) => {
      const frames: BackFrame[] = [];
      Object.assign(window, { __backFrames: frames });
      const look = () => {
        frames.push({
          shows: document.querySelector('main h1')?.textContent ?? undefined,
          loading: loading !== '' && (document.querySelector('main')?.textContent?.includes(loading) ?? false),
          y: window.scrollY,
        });
        if (frames.length < count) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
      history.back();
    },
    { count, loading },
  );
  await page.waitForFunction((n) => (window as unknown as { __backFrames: BackFrame[] }).__backFrames.length >= n, count);
  return page.evaluate(() => (window as unknown as { __backFrames: BackFrame[] }).__backFrames);
}

/**
 * Goes Back and checks every frame drawn: never `loading`, and each showing `heading` at `y` (the
 * place left, within a pixel), with at least one such frame.
 */
export async function backLandsAt(page: Page, heading: string, loading: string, y: number): Promise<void> {
  const frames = await drawnOnBack(page, 30, loading);
  expect(frames.filter((frame) => frame.loading)).toEqual([]);
  const back = frames.filter((frame) => frame.shows === heading);
  expect(back.length).toBeGreaterThan(0);
  expect(back.filter((frame) => Math.abs(frame.y - y) > 1)).toEqual([]);
}
