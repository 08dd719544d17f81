// Helpers for the admin browser tests: the demo admin's login, a direct look at the database
// (mongoose's own driver, no mocks), waiting for an eventual state, and editor input.
import mongoose from 'mongoose';
import { expect, inject } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { baseURL, waitOrTell } from './browser.ts';
import { DEMO_ADMIN } from './demo-seed.ts';
import {
  DESCRIBE_PICTURE_LABEL,
  DESCRIBE_PICTURE_SAVE,
  DESCRIBE_PICTURE_SKIP,
  DESCRIBE_PICTURE_TITLE,
} from '../src/features/admin-editor/picture-description.ts';

export { DEMO_ADMIN };

/** 1×1 images, small enough to inline. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const GIF_BASE64 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export async function connectDb(): Promise<mongoose.Connection> {
  return mongoose.createConnection(inject('e2eMongoUri')).asPromise();
}

export function collection(conn: mongoose.Connection, name: 'articles' | 'comments' | 'users') {
  return conn.db!.collection(name);
}

/** Polls until `check` returns a truthy value (the outbox sends and the pull follows in the background). */
export async function eventually<T>(check: () => Promise<T>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function loginAsDemoAdmin(page: Page): Promise<void> {
  await loginAs(page, DEMO_ADMIN);
}

/** Signs in through the login screen and waits for the Dashboard. */
export async function loginAs(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.goto('/admin');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await waitOrTell(page, page.getByRole('heading', { name: 'Dashboard', level: 1 }), 'the Dashboard after signing in');
}

/** Follows an admin menu entry; on a phone the bottom bar's last entries are under More. */
export async function openAdminEntry(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Admin' });
  const link = menu.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: 'More' }).click();
  await link.click();
}

export async function apiCall<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = token;
  const res = await fetch(baseURL() + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, data: (await res.json()) as T };
}

/** Pastes an image file into the Quill editor as a real paste event carries it. */
export async function pasteImage(page: Page, base64: string, type: string): Promise<void> {
  await page.locator('.ql-editor').click();
  await page.keyboard.press('Control+End');
  await page.evaluate(
    ([data, mime]) => {
      const bytes = Uint8Array.from(atob(data!), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], `pasted.${mime!.split('/')[1]}`, { type: mime }));
      const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
      document.querySelector('.ql-editor')!.dispatchEvent(event);
    },
    [base64, type],
  );
}

/**
 * Answers the editor's question about a picture just pasted or chosen: types `description` and
 * Saves, or Skips when there is none; waits until the question is gone.
 */
export async function describePicture(page: Page, description?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: DESCRIBE_PICTURE_TITLE });
  if (description === undefined) await dialog.getByRole('button', { name: DESCRIBE_PICTURE_SKIP, exact: true }).click();
  else {
    await dialog.getByLabel(DESCRIBE_PICTURE_LABEL, { exact: true }).fill(description);
    await dialog.getByRole('button', { name: DESCRIBE_PICTURE_SAVE, exact: true }).click();
  }
  await dialog.waitFor({ state: 'hidden' });
}

/** Selects the last `chars` characters typed and makes them a link through the snow tooltip. */
export async function linkLastChars(page: Page, chars: number, href: string): Promise<void> {
  for (let i = 0; i < chars; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.locator('.ql-toolbar button.ql-link').click();
  const input = page.locator('.ql-tooltip.ql-editing input[type="text"]');
  await input.fill(href);
  await input.press('Enter');
  await page.keyboard.press('End');
}

/** A toast element the page showed before the step that is about to run (see toastAfter). */
const SEEN_TOAST = 'data-e2e-seen';

async function markShownToasts(page: Page): Promise<void> {
  await page.evaluate((attr) => {
    for (const toast of document.querySelectorAll('.Toastify__toast')) toast.setAttribute(attr, '');
  }, SEEN_TOAST);
}

function freshToast(page: Page, kind: 'success' | 'error', text: string) {
  return page.locator(`.Toastify__toast--${kind}:not([${SEEN_TOAST}])`, { hasText: text }).first();
}

/**
 * Runs `act` and waits for a toast of `kind` naming `text` that appeared after it started: toasts
 * of earlier steps stay on screen for seconds and must not answer for this one.
 */
export async function toastAfter(
  page: Page,
  kind: 'success' | 'error',
  text: string,
  act: () => Promise<unknown>,
): Promise<void> {
  await markShownToasts(page);
  await act();
  await freshToast(page, kind, text).waitFor({ timeout: 15_000 });
}

/** One write as the server answered it. */
export interface WriteAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Runs `act` (the click that makes a write) and returns the server's answer to that very write:
 * the first request to `path` carrying an Idempotency-Key (every outbox write does) that leaves
 * after `act` starts. A write that never leaves (a form the browser refused, a click on a screen
 * being replaced) fails here, at its click. With `toast`, a toast raised after the click must name
 * it too.
 */
export async function writeAnswered(
  page: Page,
  method: string,
  path: string,
  act: () => Promise<unknown>,
  toast?: { kind: 'success' | 'error'; text: string },
  /** A write that carries megabytes (a pasted photo) may need longer on a busy machine. */
  timeoutMs = 15_000,
): Promise<WriteAnswer> {
  if (toast) await markShownToasts(page);
  const answered = page.waitForResponse(
    (response) => {
      const request = response.request();
      return (
        request.method() === method &&
        new URL(request.url()).pathname === path &&
        request.headers()['idempotency-key'] !== undefined
      );
    },
    { timeout: timeoutMs },
  );
  // A click whose write never starts must not leave the wait above unhandled.
  answered.catch(() => undefined);
  await act();
  const response = await answered;
  const answer = { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  if (toast) await freshToast(page, toast.kind, toast.text).waitFor({ timeout: 15_000 });
  return answer;
}

/** writeAnswered for a write that must succeed: its answer is a 2xx with `success: true`. */
export async function writeSucceeds(
  page: Page,
  method: string,
  path: string,
  act: () => Promise<unknown>,
  toastText?: string,
  timeoutMs?: number,
): Promise<Record<string, unknown>> {
  const answer = await writeAnswered(page, method, path, act, toastText ? { kind: 'success', text: toastText } : undefined, timeoutMs);
  expect(answer.status, `${method} ${path} answered`).toBeLessThan(300);
  expect(answer.body.success).toBe(true);
  return answer.body;
}

/** Waits until this device's outbox is empty (every change confirmed by the server, none waiting). */
export async function outboxDrained(page: Page): Promise<void> {
  await eventually(
    async () => (await page.getByTestId('pending-count').count()) === 0 && (await page.getByTestId('outbox-panel').count()) === 0,
    'the outbox to drain',
    30_000,
  );
}

/**
 * How long after "No" the test watches for a write: a write that "No" wrongly starts late (after
 * an animation, on a timer) still leaves within it on a busy machine.
 */
const DECLINE_WATCH_MS = 2_000;

/**
 * Answers "No" (or the dialog's own word for it, e.g. "Cancel") in the open confirmation and
 * checks that nothing was written: the dialog closes, no
 * write leaves the browser for DECLINE_WATCH_MS (every outbox write carries an Idempotency-Key),
 * and nothing waits in the outbox, so the test's own look at the database comes after any write
 * that "No" queued. The "Yes" that follows in each test is the positive control: the same write
 * does reach the database.
 */
export async function decline(page: Page, answer = 'No'): Promise<void> {
  const writes: string[] = [];
  const onRequest = (request: Request) => {
    if (request.headers()['idempotency-key']) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  };
  page.context().on('request', onRequest);
  try {
    await page.getByRole('dialog').getByRole('button', { name: answer, exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.waitForTimeout(DECLINE_WATCH_MS);
    await outboxDrained(page);
  } finally {
    page.context().off('request', onRequest);
  }
  expect(writes, `writes sent after "${answer}"`).toEqual([]);
}

