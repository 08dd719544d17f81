// Details a walkthrough on a phone found: the header's logo link a finger's target (44 by 44 px)
// with the header laid out as before, and checkboxes in the theme's accent colour in both themes.
// (The highlight bar at 320 px is checked with the bar's other sizes, study-sheet.e2e.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, waitForAppDrawn } from './browser.ts';

const TAP = 44;

describe('phone details', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  // 320 and 360 px: narrower than the header's line of 375 px (Header.module.css), which stuck out
  // past them; 412 and 414 px: the common wide phones; then a tablet and a desktop, where the
  // site's name is written beside the logo.
  for (const width of [320, 360, 375, 390, 412, 414, 768, 1280]) {
    it(`the logo link is a 44 px target at ${width} px, the logo and the links where they belong`, async () => {
      const phone = width < 700;
      const { page, context } = await newPage(browser, { viewport: { width, height: 740 }, hasTouch: phone, isMobile: phone });
      await page.goto('/');
      // The app's own header, not the copy the server wrote into the page before it.
      await waitForAppDrawn(page, 'header a[aria-label="Living Best Now"]');
      const header = await page.getByRole('banner').evaluate((banner) => {
        const box = (element: Element) => {
          const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
          return { left, right, top, bottom, width, height };
        };
        const inner = banner.firstElementChild!;
        const brand = banner.querySelector('a[aria-label="Living Best Now"]')!;
        return {
          brand: box(brand),
          logo: box(brand.querySelector('img')!),
          contentLeft: inner.getBoundingClientRect().left + parseFloat(getComputedStyle(inner).paddingLeft),
          links: [...banner.querySelectorAll('a')].filter((link) => link !== brand).map((link) => ({ name: link.textContent, ...box(link) })),
        };
      });
      expect(header.brand.width, 'logo link wide').toBeGreaterThanOrEqual(TAP);
      expect(header.brand.height, 'logo link high').toBeGreaterThanOrEqual(TAP);
      // The logo whole, at the start of the header's line, as before.
      expect([header.logo.width, header.logo.height]).toEqual([32, 32]);
      expect(header.logo.left).toBe(header.contentLeft);
      expect(header.brand.left).toBeGreaterThanOrEqual(0);
      // No other link under the logo's target, and every link on the screen.
      const { brand } = header;
      const under = header.links.filter((l) => l.left < brand.right && l.right > brand.left && l.top < brand.bottom && l.bottom > brand.top);
      expect(under.map((l) => l.name)).toEqual([]);
      expect(header.links.filter((l) => l.left < 0 || l.right > width).map((l) => l.name)).toEqual([]);
      // Nothing wider than the screen, the footer's theme choice (drawn once the device's status is
      // read) included: a phone would draw the whole page smaller to fit it.
      await page.locator('footer select').waitFor();
      const wide = await page.evaluate(() => [
        window.innerWidth,
        document.documentElement.scrollWidth,
        // What sticks out, if anything (a list that scrolls sideways, the category tabs, keeps its own).
        ...[...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth)
          .filter((e) => {
            for (let up = e.parentElement; up; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return false;
            return true;
          })
          .map((e) => `${e.tagName}.${e.className} ${e.getBoundingClientRect().right}`),
      ]);
      expect(wide).toEqual([width, width]);
      await context.close();
    });
  }

  // Between phones and desktops: the site's name went onto two and three lines from 641 to 879 px
  // (the sticky header 77 and 107 px high), and at 641 px the page scrolled sideways on About Us,
  // whose link is bold there.
  it('keeps the header on one line from 641 to 880 px, nothing wider than the screen', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 740 } });
    await page.goto('/about-us');
    await waitForAppDrawn(page, 'header a[aria-label="Living Best Now"]');
    const seen: [number, number, number, boolean][] = [];
    for (const width of [641, 680, 700, 701, 760, 800, 879, 880]) {
      await page.setViewportSize({ width, height: 740 });
      seen.push(
        await page.getByRole('banner').evaluate((banner) => {
          const name = banner.querySelector('a[aria-label="Living Best Now"] span')!;
          return [
            window.innerWidth,
            document.documentElement.scrollWidth,
            Math.round(banner.getBoundingClientRect().height),
            getComputedStyle(name).display !== 'none',
          ] as [number, number, number, boolean];
        }),
      );
    }
    // One line is 61 px high (the 44 px targets and the padding); the name is written from 880 px.
    expect(seen).toEqual([641, 680, 700, 701, 760, 800, 879, 880].map((width) => [width, width, 61, width >= 880]));
    await context.close();
  });

  const THEMES = [
    ['a light device', 'light', null],
    ['a dark device', 'dark', null],
    ['dark chosen on a light device', 'light', 'dark'],
    ['light chosen on a dark device', 'dark', 'light'],
  ] as const;
  for (const [name, colorScheme, chosen] of THEMES) {
    it(`checkboxes take the theme's accent colour (${name})`, async () => {
      const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 }, colorScheme });
      if (chosen) await page.addInitScript((theme) => localStorage.setItem('pref:theme', theme), chosen);
      await page.goto('/');
      // Once the app runs: it sets the theme chosen (lib/page-theme.ts).
      await waitForAppDrawn(page, 'main h1');
      const colours = await page.evaluate(() => {
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.checked = true;
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-accent)';
        document.querySelector('main')!.append(box, probe);
        return {
          checkbox: getComputedStyle(box).accentColor,
          accent: getComputedStyle(probe).color,
          theme: document.documentElement.dataset.theme ?? null,
        };
      });
      expect(colours.theme).toBe(chosen);
      expect(colours.checkbox).toBe(colours.accent);
      await context.close();
    });
  }
});
