// The register form says the password limit and refuses what the server would (contracts'
// password rule): bcrypt reads only 72 bytes, so a longer password never leaves the page.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { LIMITS } from '@fw/contracts/limits';
import { PASSWORD_TOO_LONG_MESSAGE } from '@fw/contracts/password';
import { launchBrowser, newPage } from './browser.ts';

const PENDING_MESSAGE = 'Registration received. An administrator must approve your account before you can log in.';

describe('register form', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('says the length limit, keeps a password over 72 bytes on the page, and sends one that fits', async () => {
    const { page, context } = await newPage(browser);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/register')) sent.push(request.postData() ?? '');
    });
    await page.goto('/register');
    const rule = page.locator('#password-rule');
    await rule.getByText(`${LIMITS.PASSWORD_MIN_CHARS} to ${LIMITS.PASSWORD_MAX_BYTES} characters`).waitFor();
    await expect.poll(() => page.title()).toBe('Register · Living Best Now');

    await page.getByLabel('Name').fill('Form Person');
    await page.getByLabel('Email').fill(`form-${crypto.randomBytes(4).toString('hex')}@example.com`);
    const password = page.getByLabel('Password');
    // 37 accented letters: 37 characters, 74 bytes.
    await password.fill('é'.repeat(37));
    await rule.getByText(PASSWORD_TOO_LONG_MESSAGE).waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await password.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(PASSWORD_TOO_LONG_MESSAGE);

    await password.fill('é'.repeat(36));
    await rule.getByText(`${LIMITS.PASSWORD_MIN_CHARS} to ${LIMITS.PASSWORD_MAX_BYTES} characters`).waitFor();
    const [answer] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/admin/register')),
      page.getByRole('button', { name: 'Register' }).click(),
    ]);
    expect(answer.status()).toBe(201);
    expect(await answer.json()).toEqual({ success: true, message: PENDING_MESSAGE });
    // Only the password that fits was ever sent.
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!).password).toBe('é'.repeat(36));
    await context.close();
  });
});
