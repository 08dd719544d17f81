// The chapter reader with many highlights kept in one book.
// Psalm 119 (176 verses) is reloaded with the CPU slowed 4x; the time is from the reload's
// navigation start until the app has drawn the chapter (its Listen button, which only the app
// draws) with no highlights kept (the baseline), and until every highlighted verse shows its colour
// when the device keeps HIGHLIGHTS highlights in the book, all of them on this chapter's verses
// (the worst case: the reader reads only its own chapter's, features/study/VerseStudy.tsx).
import { log } from '../scripts/lib/proc.mjs';
import { launchBrowser, putInAppDb, timedReload as reloadTimed } from './lib/browser.mjs';
import { median, round } from './lib/stats.mjs';

export const CHAPTER_HIGHLIGHTS = 200;
const CHAPTER = { path: '/bible/psalms/119', osis: 'Ps', chapter: 119, verses: 176 };
export const CPU_SLOWDOWN = 4;
export const CHAPTER_HIGHLIGHTS_TARGET_RATIO = 1.5;
const RUNS = 5;

/** Page clock (0 = navigation start) of: the app's chapter drawn, and `want` verses coloured. */
function watch(want) {
  window.__ready = null;
  window.__drawn = null;
  new MutationObserver(() => {
    if (window.__ready === null && document.querySelector('[data-testid="chapter-reader"] button[aria-expanded][class*="action"]')) {
      window.__ready = performance.now();
    }
    if (window.__drawn === null && want > 0 && document.querySelectorAll('[data-hl-verse]').length >= want) {
      window.__drawn = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** HIGHLIGHTS highlights of one to three verses over the chapter, kept as the reader keeps them. */
function verseHighlights({ count, osis, chapter, verses }) {
  const now = Date.now();
  const records = [];
  for (let i = 0; i < count; i += 1) {
    const verse = (i % verses) + 1;
    const endVerse = Math.min(verses, verse + (i % 3));
    records.push({
      _id: `bench${String(i).padStart(19, '0')}`,
      chapterId: `${osis}.${chapter}`,
      passage: { osis, chapter, verse, endVerse },
      text: `Verse ${verse} words`,
      color: ['yellow', 'green', 'blue', 'pink'][i % 4],
      note: i % 10 === 0 ? `Note ${i}` : '',
      createdAt: now + i,
      updatedAt: now + i,
    });
  }
  return records;
}

const timedReload = (page, cdp, key) => reloadTimed(page, cdp, key, CPU_SLOWDOWN);

export async function benchChapterHighlights(server) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(CHAPTER.path);
    await page.waitForSelector('[data-testid="chapter-reader"] button[aria-expanded][class*="action"]');

    log(`chapter highlights: ${RUNS} reloads without highlights, at ${CPU_SLOWDOWN}x CPU`);
    await context.addInitScript(watch, 0);
    const without = [];
    for (let i = 0; i < RUNS; i++) without.push(await timedReload(page, cdp, '__ready'));

    const stored = await putInAppDb(page, 'verseHighlights', verseHighlights({ count: CHAPTER_HIGHLIGHTS, ...CHAPTER }));
    log(`chapter highlights: ${RUNS} reloads with ${stored} highlights kept`);
    await context.addInitScript(watch, CHAPTER.verses);
    const withAll = [];
    for (let i = 0; i < RUNS; i++) withAll.push(await timedReload(page, cdp, '__drawn'));
    const drawn = await page.locator('[data-hl-verse]').count();
    if (drawn !== CHAPTER.verses) throw new Error(`Coloured ${drawn} verses, expected ${CHAPTER.verses}`);

    const ratio = median(withAll) / median(without);
    return {
      highlights: CHAPTER_HIGHLIGHTS,
      verses: CHAPTER.verses,
      cpuSlowdown: CPU_SLOWDOWN,
      runs: RUNS,
      without: { medianMs: round(median(without)), samplesMs: without.map((v) => round(v)) },
      withAll: { medianMs: round(median(withAll)), samplesMs: withAll.map((v) => round(v)) },
      ratio: round(ratio, 2),
      targetRatio: CHAPTER_HIGHLIGHTS_TARGET_RATIO,
      targetMet: ratio <= CHAPTER_HIGHLIGHTS_TARGET_RATIO,
    };
  } finally {
    await browser.close();
  }
}
