// Lighthouse (the npm package, default mobile settings: emulated phone, simulated slow 4G and
// 4x CPU) with Debian's chromium, on the home page and an article page of the real product (the
// built PWA served by the real server over seeded demo content). The baseline is a minimal
// valid page served from loopback: the best this machine lets any page score.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { log } from '../scripts/lib/proc.mjs';
import { launchDebuggableChromium } from './lib/chromium-debug.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { median } from './lib/stats.mjs';

export const LIGHTHOUSE_TARGET_SCORE = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Runs per page; each score is the median (performance varies from run to run). */
const RUNS = 3;

const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A minimal page: the ceiling of this machine for Lighthouse."><link rel="icon" href="data:,">
<title>Baseline</title></head><body><main><h1>Baseline</h1><p>Nothing but text.</p></main></body></html>`;

async function audit(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chromium = await launchDebuggableChromium();
    try {
      const result = await lighthouse(url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      runs.push(result.lhr);
    } finally {
      await chromium.stop();
    }
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      Math.round(median(runs.map((lhr) => (lhr.categories[c].score ?? 0) * 100))),
    ]),
  );
  // What cost points, from the last run: failing audits that carry weight.
  const last = runs.at(-1);
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of last.categories[c].auditRefs) {
      const a = last.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 0.9)
        failing.push(`${c}: ${a.id} (${a.displayValue ?? a.score})`);
    }
  }
  const metric = (id) => Math.round(median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN)));
  return {
    url,
    scores,
    metricsMs: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
    },
    // Unitless; three decimals.
    cls:
      Math.round(
        median(runs.map((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN)) *
          1000,
      ) / 1000,
    failing,
    lighthouseVersion: last.lighthouseVersion,
  };
}

/** `server` serves the PWA over seeded content; `articleId` is a published article. */
export async function benchLighthouse(server, articleId, tmpDir) {
  const baselineDir = path.join(tmpDir, 'lighthouse-baseline');
  fs.mkdirSync(baselineDir, { recursive: true });
  fs.writeFileSync(path.join(baselineDir, 'index.html'), BASELINE_HTML);
  const baselineServer = await serveStatic(baselineDir);
  try {
    log(`lighthouse: baseline page (${RUNS} runs)`);
    const baseline = await audit(`${baselineServer.url}/`);
    log(`lighthouse: home page (${RUNS} runs)`);
    const home = await audit(`${server.url}/`);
    log(`lighthouse: article page (${RUNS} runs)`);
    const article = await audit(`${server.url}/article/${articleId}`);
    const met = (page) => CATEGORIES.every((c) => page.scores[c] >= LIGHTHOUSE_TARGET_SCORE);
    return {
      runs: RUNS,
      baseline,
      home: { ...home, targetMet: met(home) },
      article: { ...article, targetMet: met(article) },
    };
  } finally {
    await baselineServer.close();
  }
}
