// Debian's chromium driven by playwright-core, with the flags the browser tests use
// (pwa/e2e/browser.ts, which is TypeScript for vitest and cannot be imported from plain Node).
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../scripts/lib/proc.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
