// Measurements the polish tests make on the rendered page: WCAG contrast from computed colours,
// axe-core's accessibility rules, boxes, and layout shifts.
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

/** The WCAG contrast ratio of an element's text colour against its own or nearest background. */
export async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    let node: Element | null = element;
    let background = 'rgba(0, 0, 0, 0)';
    while (node) {
      background = getComputedStyle(node).backgroundColor;
      if (rgb(background)[3] !== 0) break;
      node = node.parentElement;
    }
    const fg = luminance(rgb(getComputedStyle(element).color));
    const bg = luminance(rgb(background));
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** axe-core's WCAG A/AA rules on the page as it is now; the violations found. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/** Whether a box lies wholly inside the viewport. */
export async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

/** Google's "good" bound for cumulative layout shift. */
const CLS_GOOD = 0.1;
/** Where nothing should move at all (measured 0), with room for sub-pixel rounding. */
export const NO_SHIFT = 0.01;

/** Sums the page's layout shifts not caused by input (the CLS of the whole visit), with what moved. */
export function watchLayoutShifts() {
  const state = { sum: 0, moved: [] as string[] };
  (window as unknown as { __shifts: typeof state }).__shifts = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      state.sum += entry.value;
      for (const s of entry.sources) {
        const node = s.node as Element | undefined;
        state.moved.push(
          `${entry.value.toFixed(3)} ${node?.nodeName}#${node?.id}.${node?.className} (${node?.textContent?.slice(0, 60)}) y ${s.previousRect.y} -> ${s.currentRect.y}, h ${s.previousRect.height} -> ${s.currentRect.height}`,
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
const shifts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shifts: { sum: number; moved: string[] } }).__shifts,
  );
export const shiftSum = async (page: Page) => (await shifts(page)).sum;
/** The visit's layout shift stays under Google's "good" bound (what moved, if not). */
export async function expectSteady(page: Page, bound = CLS_GOOD) {
  const { sum, moved } = await shifts(page);
  expect(sum, moved.join('\n')).toBeLessThan(bound);
}

/** Starts the sum again (a screen reached inside the page, whose shifts are its own). */
export const resetShifts = (page: Page) =>
  page.evaluate(() => {
    const state = (window as unknown as { __shifts: { sum: number; moved: string[] } }).__shifts;
    state.sum = 0;
    state.moved = [];
  });

/**
 * The height of `link`'s parent as drawn, and as it would be around a plain inline link: a link
 * made a finger's target (global.css .tap-link) must leave the page laid out as before.
 */
export function roomAroundLink(link: Locator): Promise<[number, number]> {
  return link.evaluate((el: HTMLElement) => {
    const around = () => el.parentElement!.getBoundingClientRect().height;
    const target = around();
    el.style.cssText = 'display: inline; padding: 0; margin: 0';
    const plain = around();
    el.style.cssText = '';
    return [target, plain] as [number, number];
  });
}
