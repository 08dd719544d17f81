// Thousands of highlights on one long article.
// The article page is reloaded with the CPU slowed 4x; the time is from the reload's navigation
// start until the app's study tools are on the page (the Notes button) with no highlights kept
// (the baseline), and until every one of HIGHLIGHTS highlights is drawn when the device keeps
// them. The difference is reading them from IndexedDB, anchoring each to the text and drawing
// them all in one pass (features/study/use-highlight-marks.ts).
import { log } from '../scripts/lib/proc.mjs';
import { launchBrowser, putInAppDb, timedReload as reloadTimed } from './lib/browser.mjs';
import { createArticles, registerAdmin } from './lib/server.mjs';
import { median, round } from './lib/stats.mjs';
import { articleHtml, randomFrom } from './lib/text-gen.mjs';

export const HIGHLIGHTS = 3000;
export const ARTICLE_WORDS = 15_000;
export const CPU_SLOWDOWN = 4;
/** All highlights drawn within this factor of the page's own time to its study tools. */
export const HIGHLIGHTS_TARGET_RATIO = 1.5;
const RUNS = 5;

/** Page clock (0 = navigation start) of: the study tools present, and `want` highlights drawn. */
function watch(want) {
  window.__ready = null;
  window.__drawn = null;
  new MutationObserver(() => {
    if (window.__ready === null && document.querySelector('[data-testid="notes-button"]')) {
      window.__ready = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
  // The drawing pass marks the moment its highlights are handed to CSS.highlights, with how
  // many it placed (features/study/use-highlight-marks.ts).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('study:drawn')) {
      if (window.__drawn === null && want > 0 && entry.detail?.count >= want) window.__drawn = entry.startTime;
    }
  }).observe({ type: 'mark', buffered: true });
}

/** How many ranges the page's highlight colours hold (CSS Custom Highlight API). */
function drawnRanges() {
  let count = 0;
  for (const [name, highlight] of CSS.highlights) if (name.startsWith('hl-')) count += highlight.size;
  return count;
}

/** HIGHLIGHTS quotes of three words each, spread over the article, as the page keeps them (run in the page). */
function quotesOver({ count, articleId, title }) {
  const root = document.querySelector('[data-testid="article-content"]');
  // innerText breaks between blocks as the page's reading text does (a space once folded).
  const text = root.innerText.replace(/\s+/g, ' ').trim();
  const words = [...text.matchAll(/\S+/g)];
  const step = Math.floor(words.length / count);
  const now = Date.now();
  const records = [];
  for (let i = 0; i < count; i += 1) {
    const first = words[i * step];
    const last = words[i * step + 2];
    const start = first.index;
    const end = last.index + last[0].length;
    records.push({
      _id: `bench${String(i).padStart(19, '0')}`,
      articleId,
      articleTitle: title,
      color: ['yellow', 'green', 'blue', 'pink'][i % 4],
      // Their context, but no remembered place: each is found by searching the whole text, the
      // slow path an edited article takes (an unchanged one finds each at its place at once).
      quote: {
        exact: text.slice(start, end),
        prefix: text.slice(Math.max(0, start - 32), start),
        suffix: text.slice(end, end + 32),
        start: 0,
      },
      note: i % 10 === 0 ? `Note ${i}` : '',
      createdAt: now + i,
      updatedAt: now + i,
    });
  }
  return records;
}


/** A reload until `key` is set; a timeout says how many highlights were drawn by then. */
function timedReload(page, cdp, key) {
  return reloadTimed(page, cdp, key, CPU_SLOWDOWN, async () => ` (${await page.evaluate(drawnRanges)} highlights drawn)`);
}

/** The last drawing pass's own User Timing (use-highlight-marks.ts): when it began, anchoring, drawing. */
function lastPass() {
  const last = (name) => performance.getEntriesByName(name).at(-1);
  return {
    startMs: last('study:draw-start')?.startTime ?? NaN,
    anchorMs: last('study:anchor')?.duration ?? NaN,
    drawMs: last('study:draw')?.duration ?? NaN,
  };
}

export async function benchHighlights(server) {
  const token = await registerAdmin(server.url);
  const [article] = await createArticles(server.url, token, 0, 1, () => ({
    title: 'A long article with many highlights',
    subtitle: 'For the highlights benchmark',
    category: 'Life',
    content: articleHtml(randomFrom(24), ARTICLE_WORDS),
    isPublished: true,
  }));
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`/article/${article._id}`);
    await page.waitForSelector('[data-testid="notes-button"]');

    log(`highlights: ${RUNS} reloads without highlights, at ${CPU_SLOWDOWN}x CPU`);
    await context.addInitScript(watch, 0);
    const without = [];
    for (let i = 0; i < RUNS; i++) without.push(await timedReload(page, cdp, '__ready'));

    const quotes = await page.evaluate(quotesOver, { count: HIGHLIGHTS, articleId: article._id, title: article.title });
    const stored = await putInAppDb(page, 'highlights', quotes);
    log(`highlights: ${RUNS} reloads with ${stored} highlights kept`);
    await context.addInitScript(watch, HIGHLIGHTS);
    const withAll = [];
    const passes = [];
    for (let i = 0; i < RUNS; i++) {
      withAll.push(await timedReload(page, cdp, '__drawn'));
      passes.push(await page.evaluate(lastPass));
    }
    const pass = (key) => round(median(passes.map((p) => p[key])));
    // The bench's quotes never overlap: one range per highlight.
    const drawn = await page.evaluate(drawnRanges);
    if (drawn !== HIGHLIGHTS) throw new Error(`Drew ${drawn} highlights, expected ${HIGHLIGHTS}`);

    const ratio = median(withAll) / median(without);
    return {
      highlights: HIGHLIGHTS,
      articleWords: ARTICLE_WORDS,
      cpuSlowdown: CPU_SLOWDOWN,
      runs: RUNS,
      without: { medianMs: round(median(without)), samplesMs: without.map((v) => round(v)) },
      withAll: { medianMs: round(median(withAll)), samplesMs: withAll.map((v) => round(v)) },
      // The pass that drew them all (at the same slowdown): when it began, and its two parts.
      lastPass: { startMs: pass('startMs'), anchorMs: pass('anchorMs'), drawMs: pass('drawMs') },
      ratio: round(ratio, 2),
      targetRatio: HIGHLIGHTS_TARGET_RATIO,
      targetMet: ratio <= HIGHLIGHTS_TARGET_RATIO,
    };
  } finally {
    await browser.close();
  }
}
