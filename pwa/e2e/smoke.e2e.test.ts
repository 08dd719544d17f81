import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, baseURL } from './browser.ts';

describe('smoke', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves the API and the PWA from one origin', async () => {
    const health = await (await fetch(`${baseURL()}/api/health`)).json();
    expect(health).toMatchObject({ success: true, database: 'reachable' });
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect(page.title()).resolves.toContain('Living Best Now');
    await context.close();
  });
});
