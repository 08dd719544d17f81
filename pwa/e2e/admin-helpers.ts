// Helpers for the admin browser tests: the demo admin's login, a direct look at the database
// (mongoose's own driver, no mocks), waiting for an eventual state, and editor input.
import mongoose from 'mongoose';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '../../backend/src/db/seed/demo-admin.ts';
import { baseURL } from './browser.ts';

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
  await page.goto('/admin');
  await page.getByPlaceholder('Enter your email').fill(DEMO_ADMIN.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
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

/** Selects the last `chars` characters typed and makes them a link through the snow tooltip. */
export async function linkLastChars(page: Page, chars: number, href: string): Promise<void> {
  for (let i = 0; i < chars; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.locator('.ql-toolbar button.ql-link').click();
  const input = page.locator('.ql-tooltip.ql-editing input[type="text"]');
  await input.fill(href);
  await input.press('Enter');
  await page.keyboard.press('End');
}

export async function toastText(page: Page, kind: 'success' | 'error', text: string): Promise<void> {
  await page.locator(`.Toastify__toast--${kind}`, { hasText: text }).first().waitFor({ timeout: 15_000 });
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
 * After "No" in a confirmation: the dialog is gone and nothing waits in the outbox, so a write
 * that "No" wrongly queued has reached the database before the test reads it.
 */
export async function declined(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await outboxDrained(page);
}

