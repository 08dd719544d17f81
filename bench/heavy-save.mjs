// Readers while an admin saves the heaviest article the limits allow: pictures at the per-save caps
// (backend/src/modules/images/image-limits.ts) and Bible citations as dense as the citation budget
// accepts on this machine (backend/src/modules/scripture/scripture-pool.ts), the limits imported,
// not copied. One reader alternates GET /api/articles/:id of a small article and the PWA's entry
// script, one request after another on a kept-alive connection, alone and then while the admin
// saves without pause; twice over, alternately, so that the machine's other load falls on both.
// The baseline is the same reads alone, in the same run.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { PWA_DIST, log } from '../scripts/lib/proc.mjs';
import { api, createArticles, registerAdmin, startBackend } from './lib/server.mjs';
import { ACCEPT_ENCODING, measuredGet } from './lib/http.mjs';
import { noisy, picturesHtml, save } from './lib/heavy-article.mjs';
import { articleHtml, articleInput, randomFrom } from './lib/text-gen.mjs';
import { median, percentile, round } from './lib/stats.mjs';

const limitsOf = (file) => tsImport(file, import.meta.url);
const { IMAGE_MAX_PER_SAVE, IMAGE_MAX_SAVE_PIXELS, IMAGE_MAX_INPUT_PIXELS, IMAGE_MAX_DECODED_BYTES } =
  await limitsOf('../backend/src/modules/images/image-limits.ts');
const { SCRIPTURE_PARSE_BUDGET_MS } = await limitsOf('../backend/src/modules/scripture/scripture-pool.ts');
const { LIMITS } = await limitsOf('../contracts/src/limits.ts');
const { sanitizeArticleHtml } = await limitsOf('../backend/src/modules/articles/sanitize.ts');

export const HEAVY_SAVE_TARGETS = { readP50VsAlone: 2 };
const ROUNDS = 2;
const ALONE_S = 6;
/** Saves start for this long each round; the reads go on until the last of them is answered. */
const DURING_S = 15;
const WARM_UP_READS = 50;
/** After a save is answered, time for the server to finish with it (a refused save must store nothing). */
const SETTLE_MS = 5_000;
/** Photos of 4000 wide that share the new pixels left after the small pictures. */
const PHOTOS = 5;
const PHOTO_WIDTH = 4000;
const SMALL_SIDE = 64;
/** Prose tried before the citations, longest first (the demo articles have about 800 words). */
const PROSE_WORDS = [15_000, 5_000, 1_500];
/** A text is taken when its save takes at most this share of the citation budget. */
const CITATION_BUDGET_SHARE = 0.5;
const CITATION = 'John 3:16, ';
const CITATION_START_BYTES = 8 * 1024;
const CITATION_MAX_BYTES = 1024 * 1024;

/** The pictures at the caps: the count filled with small PNGs, the new pixels with photos. */
async function heavyPictures() {
  const small = IMAGE_MAX_PER_SAVE - PHOTOS;
  const photoPixels = Math.floor((IMAGE_MAX_SAVE_PIXELS - small * SMALL_SIDE ** 2) / PHOTOS);
  const photo = { width: PHOTO_WIDTH, height: Math.floor(photoPixels / PHOTO_WIDTH) };
  // Within the per-picture limits: 8-bit RGB, baseline JPEG (3 bytes a pixel decoded).
  if (photo.width * photo.height > Math.min(IMAGE_MAX_INPUT_PIXELS, IMAGE_MAX_DECODED_BYTES / 3))
    throw new Error('the photos would pass the per-picture limit');
  log(`heavysave: making ${PHOTOS} photos of ${photo.width}×${photo.height} and ${small} pictures of ${SMALL_SIDE}×${SMALL_SIDE}`);
  const photos = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await noisy(photo.width, photo.height, i).jpeg({ quality: 85 }).toBuffer());
  return {
    photo,
    newPixels: PHOTOS * photo.width * photo.height + small * SMALL_SIDE ** 2,
    photoBytes: photos.reduce((sum, bytes) => sum + bytes.length, 0),
    /** What picturesHtml() and the save thread take. */
    set: { photos, small, side: SMALL_SIDE },
  };
}

const citationBlock = (bytes) => `<p>${CITATION.repeat(Math.floor(bytes / CITATION.length))}</p>`;

/**
 * The text of the heaviest article, measured on this machine: the densest block of citations
 * whose save stays within a share of the budget (doubled from CITATION_START_BYTES while it
 * does), then as much prose before it as still keeps the save there. The whole save's time stands
 * for the parse's (it is more), so the block is, if anything, on the safe side of the budget.
 */
async function heavyText(url, token, base) {
  const limitMs = SCRIPTURE_PARSE_BUDGET_MS * CITATION_BUDGET_SHARE;
  const tried = [];
  const attempt = async (words, bytes) => {
    const prose = words ? articleHtml(randomFrom(7), words) : '';
    const content = `${prose}${citationBlock(bytes)}`;
    const res = await save(url, token, { ...base, title: `${base.title} ${words} ${bytes}` }, content);
    tried.push({ words, bytes, status: res.status, ms: round(res.ms, 0) });
    log(`heavysave: ${words} words and ${bytes / 1024} KB of "${CITATION.trim()}" saved ${res.status} in ${round(res.ms, 0)} ms`);
    return res.status === 201 && res.ms <= limitMs ? { words, prose, bytes, content, saveMs: round(res.ms, 0) } : null;
  };
  await attempt(0, 1024); // starts the citation threads
  tried.length = 0;
  let chosen = null;
  for (let bytes = CITATION_START_BYTES; bytes <= CITATION_MAX_BYTES; bytes *= 2) {
    const fits = await attempt(0, bytes);
    if (!fits) break;
    chosen = fits;
  }
  if (!chosen) throw new Error(`even ${CITATION_START_BYTES / 1024} KB of citations took over ${limitMs} ms to save: ${JSON.stringify(tried)}`);
  for (const words of PROSE_WORDS) {
    const fits = await attempt(words, chosen.bytes);
    if (fits) {
      chosen = fits;
      break;
    }
  }
  return { ...chosen, citations: Math.floor(chosen.bytes / CITATION.length), tried };
}

/** The PWA's main bundle (index.html's boot script loads it: `data-entry`), else its first script. */
function entryScript() {
  const html = fs.readFileSync(path.join(PWA_DIST, 'index.html'), 'utf8');
  const src = html.match(/data-entry="(\/[^"]+\.js)"/)?.[1] ?? html.match(/<script[^>]+src="(\/[^"]+\.js)"/)?.[1];
  if (!src) throw new Error('no script in the built index.html');
  return src;
}

/** Reads the paths in turn, one after another, for `seconds`, `count` reads, or `until` settles. */
async function reads(url, paths, { seconds = Infinity, count = Infinity, until }, times = paths.map(() => [])) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const endMs = performance.now() + seconds * 1000;
  let ended = false;
  const end = () => (ended = true);
  until?.then(end, end);
  for (let i = 0; i < count && performance.now() < endMs && !ended; i++) {
    const p = paths[i % paths.length];
    const res = await measuredGet(url, p, ACCEPT_ENCODING, agent);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    times[i % paths.length].push(res.ms);
  }
  agent.destroy();
  return times;
}

/** Saves one after another on a thread of their own (lib/save-worker.mjs) until stop(); `done` once the last is answered. */
function saveLoop(url, token, text, pictures, counter, saves) {
  const worker = new Worker(new URL('./lib/save-worker.mjs', import.meta.url), {
    workerData: { url, token, text, pictures, first: counter.next },
  });
  const done = new Promise((resolve, reject) => {
    worker.on('message', (message) => {
      if (message === 'done') return resolve();
      counter.next = message.n + 1;
      saves.statuses[message.status] = (saves.statuses[message.status] ?? 0) + 1;
      if (message.status !== 201) saves.refusals[`${message.status} ${message.code ?? ''}`.trim()] = message.message;
      saves.ms.push(message.ms);
    });
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
  return { stop: () => worker.postMessage('stop'), done };
}

const summary = (times) => ({
  count: times.length,
  p50Ms: round(percentile(times, 50), 2),
  p99Ms: round(percentile(times, 99), 1),
  maxMs: round(Math.max(...times), 0),
});

/** `database` from bench/lib/server.mjs startDatabase(). */
export async function benchHeavySave(database) {
  const server = await startBackend(database, { name: 'bench_heavy_save', pwa: true, seed: false });
  try {
    const token = await registerAdmin(server.url);
    const [article] = await createArticles(server.url, token, 0, 1, (n) => articleInput(n));
    const paths = [`/api/articles/${article._id}`, entryScript()];

    const base = articleInput(1);
    const heavy = await heavyText(server.url, token, base);
    const text = { ...base, content: heavy.content };
    const pictures = await heavyPictures();
    const heaviest = `${text.content}${await picturesHtml(pictures.set, 0)}`;
    const contentBytes = Buffer.byteLength(heaviest);
    if (contentBytes > LIMITS.ARTICLE_CONTENT_MAX_BYTES)
      throw new Error(`the heaviest article came to ${contentBytes} bytes, past the content limit`);

    // What the save does on the server's one thread before anything else: the body's JSON, the
    // article's JSON, the sanitiser (backend/src/modules/articles/sanitize.ts), timed here alone.
    const body = JSON.stringify({ article: JSON.stringify({ ...text, content: heaviest }) });
    let startedMs = performance.now();
    const { content } = JSON.parse(JSON.parse(body).article);
    const parseMs = round(performance.now() - startedMs, 0);
    startedMs = performance.now();
    sanitizeArticleHtml(content);
    const sanitizeMs = round(performance.now() - startedMs, 0);
    log(`heavysave: in this process, the body's JSON takes ${parseMs} ms and the sanitiser ${sanitizeMs} ms`);

    await reads(server.url, paths, { count: WARM_UP_READS });
    const alone = paths.map(() => []);
    const during = paths.map(() => []);
    const saves = { statuses: {}, refusals: {}, ms: [] };
    const counter = { next: 1 };
    let duringMs = 0;
    for (let round_ = 1; round_ <= ROUNDS; round_++) {
      log(`heavysave: round ${round_}: ${ALONE_S} s of reads alone`);
      await reads(server.url, paths, { seconds: ALONE_S }, alone);
      log(`heavysave: round ${round_}: reads while the admin saves (saves begun for ${DURING_S} s)`);
      // The reads cover whole saves: from the first one's start until the one under way after
      // DURING_S is answered.
      const saver = saveLoop(server.url, token, text, pictures.set, counter, saves);
      const timer = setTimeout(saver.stop, DURING_S * 1000);
      const startedMs = performance.now();
      try {
        await reads(server.url, paths, { until: saver.done }, during);
      } finally {
        clearTimeout(timer);
        saver.stop();
        await saver.done;
        duringMs += performance.now() - startedMs;
        // The server done with the last save (even one answered 503) before the next reads alone.
        await new Promise((r) => setTimeout(r, SETTLE_MS));
      }
    }
    // Saves answered other than 201 must have stored nothing, even a while later.
    const { articles } = await api(server.url, 'GET', '/api/articles/all');
    const isSave = (title) => title.startsWith(`${text.title} `) && /^\d+$/.test(title.slice(text.title.length + 1));
    const stored = articles.filter((a) => isSave(a.title)).length;
    const kinds = ['article', 'script'].map((kind, i) => {
      const a = summary(alone[i]);
      const d = summary(during[i]);
      return [kind, { path: paths[i], alone: a, during: d, ratio: round(d.p50Ms / a.p50Ms, 2) }];
    });
    const result = Object.fromEntries(kinds);
    log(
      `heavysave: article p50 ${result.article.alone.p50Ms} → ${result.article.during.p50Ms} ms (${result.article.ratio}×), ` +
        `script p50 ${result.script.alone.p50Ms} → ${result.script.during.p50Ms} ms (${result.script.ratio}×); saves ${JSON.stringify(saves.statuses)}`,
    );
    return {
      rounds: ROUNDS,
      aloneSeconds: ALONE_S,
      duringSeconds: round(duringMs / ROUNDS / 1000, 1),
      heaviest: {
        pictures: PHOTOS + pictures.set.small,
        photos: PHOTOS,
        photoPx: `${pictures.photo.width}×${pictures.photo.height}`,
        photoBytes: pictures.photoBytes,
        small: pictures.set.small,
        smallPx: `${SMALL_SIDE}×${SMALL_SIDE}`,
        newMegapixels: round(pictures.newPixels / 1e6, 2),
        contentBytes,
        proseWords: heavy.words,
        proseBytes: Buffer.byteLength(heavy.prose),
        citation: CITATION,
        citationBytes: heavy.bytes,
        citations: heavy.citations,
        textSaveMs: heavy.saveMs,
        textTried: heavy.tried,
        budgetMs: SCRIPTURE_PARSE_BUDGET_MS,
      },
      eventLoop: { parseMs, sanitizeMs },
      ...result,
      saves: {
        count: saves.ms.length,
        statuses: saves.statuses,
        stored,
        refusals: saves.refusals,
        p50Ms: saves.ms.length ? round(median(saves.ms), 0) : null,
      },
      met: kinds.every(([, k]) => k.ratio <= HEAVY_SAVE_TARGETS.readP50VsAlone),
    };
  } finally {
    await server.stop();
  }
}
