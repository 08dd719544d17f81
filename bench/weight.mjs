// Page weight of the built PWA (pwa/dist): gzip bytes of the JavaScript and CSS the home page
// loads (index.html's script, modulepreload and stylesheet links, the deferred boot's list, plus every chunk they import
// statically; lazy routes are not followed), and of everything the service worker precaches.
// The baseline is all the JavaScript of the build: what the home page would load without
// code splitting. Gzip is zlib's default level, as a server compressing on the fly sends.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PWA_DIST } from '../scripts/lib/proc.mjs';

export const HOME_JS_TARGET_GZIP_BYTES = 115 * 1024;
/** The whole Bible kept on a device: what its book files cost on the wire. */
export const BIBLE_TARGET_WIRE_BYTES = 1.5 * 1024 * 1024;

const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(file)).length;
const rawBytes = (file) => fs.statSync(file).size;
const distPath = (url) => path.join(PWA_DIST, url.replace(/^\//, ''));

/** Static imports of a built chunk: `import … from "./x.js"`, `import "./x.js"`, `export … from`. */
export function staticImports(code) {
  const found = new Set();
  const pattern =
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

function homeFiles() {
  const html = fs.readFileSync(path.join(PWA_DIST, 'index.html'), 'utf8');
  const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src'));
    // The deferred boot (pwa/vite-plugins/deferred-boot.ts) loads its entry and list after the first paint.
    if (attr(tag, 'data-entry')) js.add(attr(tag, 'data-entry'));
    for (const href of attr(tag, 'data-preload')?.split(' ').filter(Boolean) ?? []) js.add(href);
    const rel = attr(tag, 'rel');
    if (rel === 'modulepreload') js.add(attr(tag, 'href'));
    if (rel === 'stylesheet') css.add(attr(tag, 'href'));
  }
  // Follow static imports to the end (they load before the page runs).
  const queue = [...js];
  while (queue.length) {
    const url = queue.shift();
    const code = fs.readFileSync(distPath(url), 'utf8');
    for (const relative of staticImports(code)) {
      const next = path.posix.join(path.posix.dirname(url), relative);
      if (!js.has(next)) {
        js.add(next);
        queue.push(next);
      }
    }
  }
  return { js: [...js], css: [...css] };
}

function precacheUrls() {
  const sw = fs.readFileSync(path.join(PWA_DIST, 'sw.js'), 'utf8');
  return [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
}

function allJs() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith('.js') &&
        !['sw.js'].includes(entry.name) &&
        !entry.name.startsWith('workbox-')
      )
        files.push(full);
    }
  };
  walk(path.join(PWA_DIST, 'assets'));
  return files;
}

const sum = (files, measure) => files.reduce((total, file) => total + measure(file), 0);

/** The home page's daily card (pwa/src/features/daily/DailyCard.tsx), a chunk of its own. */
const DAILY_CARD_SOURCE = 'src/features/daily/DailyCard.tsx';
/** What the card may add to the home page's first screen. */
export const DAILY_CARD_TARGET_GZIP_BYTES = 3 * 1024;

/**
 * The files the home page fetches to draw today's text: the card's chunk, its CSS and the chunks
 * it imports that the page does not load anyway, that is, neither the home page's own nor the sync
 * engine's (src/sync/engine.ts, with the device database, which every visit loads after the first
 * screen). From Vite's build manifest.
 */
function dailyCardFiles(homeUrls) {
  const manifestFile = path.join(PWA_DIST, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  if (!manifest[DAILY_CARD_SOURCE]) return null;
  const closure = (key, into) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const next of chunk.imports ?? []) closure(next, into);
    return into;
  };
  const loaded = new Set(homeUrls.map((url) => url.replace(/^\//, '')));
  const engine = Object.keys(manifest).find((key) => manifest[key].name === 'engine');
  if (engine) for (const file of closure(engine, new Set())) loaded.add(file);
  return [...closure(DAILY_CARD_SOURCE, new Set())].filter((file) => !loaded.has(file));
}

/** The Bible's per-book files (pwa/vite-plugins/bible.ts), as the server sends them (brotli). */
function bibleFiles() {
  const manifestFile = path.join(PWA_DIST, 'bible-manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const files = Object.values(manifest.books).map((book) => distPath(book.file));
  const brBytes = sum(files, (file) => rawBytes(`${file}.br`));
  return {
    translation: manifest.translation.code,
    books: files.length,
    brBytes,
    gzipBytes: sum(files, (file) => rawBytes(`${file}.gz`)),
    rawBytes: sum(files, rawBytes),
    targetMet: brBytes <= BIBLE_TARGET_WIRE_BYTES,
  };
}

export async function benchWeight() {
  const home = homeFiles();
  const jsFiles = home.js.map(distPath);
  const cssFiles = home.css.map(distPath);
  const precache = precacheUrls().map(distPath);
  const everyJs = allJs();
  const card = dailyCardFiles([...home.js, ...home.css]);
  return {
    home: {
      jsGzipBytes: sum(jsFiles, gzipBytes),
      jsRawBytes: sum(jsFiles, rawBytes),
      cssGzipBytes: sum(cssFiles, gzipBytes),
      files: [...home.js, ...home.css].map((url) => ({ url, gzipBytes: gzipBytes(distPath(url)) })),
      // The chunk the first screen waits for longest (everything here loads in parallel).
      largestJs: home.js
        .map((url) => ({ url, gzipBytes: gzipBytes(distPath(url)) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes)[0],
    },
    precache: {
      entries: precache.length,
      gzipBytes: sum(precache, gzipBytes),
      rawBytes: sum(precache, rawBytes),
    },
    allJs: { files: everyJs.length, gzipBytes: sum(everyJs, gzipBytes) },
    dailyCard: card && {
      files: card,
      gzipBytes: sum(card.map(distPath), gzipBytes),
      targetMet: sum(card.map(distPath), gzipBytes) <= DAILY_CARD_TARGET_GZIP_BYTES,
    },
    bible: bibleFiles(),
  };
}
