// `npm run bench`: the same provisioning as `npm test`, then every benchmark in bench/, one at a
// time (the machine may be small and shared): page weight, offline search in chromium, the server
// at three library sizes (polls, syncs, reads and writes), Lighthouse, offline reload, and the
// reliability tests. Writes
// bench/results.json, prints a markdown table and updates the table in docs/benchmarks.md.
//   npm run bench -- --only=search,weight   runs some of them; the others keep their last results.
// Names: weight search server feeds images logins heavysave lighthouse offline versesheet searchbible firstvisit cardtap blocking highlights chapterhighlights studysync reliability backends roundtrips scale.
// BENCH_SCALE_SIZES=500:2500 runs the scale tier at 500 articles only, BENCH_SCALE_BACKENDS=sqlite
// on FerretDB over SQLite only, BENCH_SCALE_PARTS=adminScreens only that part, keeping the other
// parts' last figures (bench/scale.mjs).
// BENCH_SERVER_SIZES=500,2000 leaves the 10,000-article column out (BENCH_SEARCH_SIZES likewise).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, log, ensureDependencies, ensureChromium, buildPwaIfStale } from './lib/proc.mjs';
import { ensureFerretBinary } from './lib/db.mjs';

const RESULTS_FILE = path.join(ROOT, 'bench', 'results.json');
const TMP_DIR = path.join(ROOT, 'bench', 'tmp');
const ALL = [
  'weight',
  'search',
  'server',
  'feeds',
  'images',
  'logins',
  'heavysave',
  'reminders',
  'lighthouse',
  'offline',
  'versesheet',
  'searchbible',
  'firstvisit',
  'cardtap',
  'blocking',
  'highlights',
  'chapterhighlights',
  'studysync',
  'reliability',
  'backends',
  'roundtrips',
  'scale',
];

await ensureDependencies();
if (!process.env.MONGODB_URI) ensureFerretBinary();
await ensureChromium();
await buildPwaIfStale();

// Imported after provisioning: they need the installed packages.
const { benchWeight, HOME_JS_TARGET_GZIP_BYTES } = await import('../bench/weight.mjs');
const { benchSearch, SEARCH_TARGETS } = await import('../bench/search.mjs');
const { benchServer, SERVER_TARGETS } = await import('../bench/server.mjs');
const { benchLogins, LOGIN_TARGETS } = await import('../bench/logins.mjs');
const { benchHeavySave, HEAVY_SAVE_TARGETS } = await import('../bench/heavy-save.mjs');
const { benchReminders, REMINDER_TARGETS } = await import('../bench/reminders.mjs');
const { benchFeeds } = await import('../bench/feeds.mjs');
const { benchImages, IMAGE_TARGETS } = await import('../bench/images.mjs');
const { benchLighthouse } = await import('../bench/lighthouse.mjs');
const { benchOfflineReload } = await import('../bench/offline-reload.mjs');
const { benchVerseSheet } = await import('../bench/verse-sheet.mjs');
const { benchSearchBible } = await import('../bench/search-bible.mjs');
const { benchCardTap } = await import('../bench/card-tap.mjs');
const { benchBlocking } = await import('../bench/blocking.mjs');
const { benchFirstVisit, fillLibrary, FIRST_VISIT_SERVER_ENV } =
  await import('../bench/first-visit.mjs');
const { benchHighlights } = await import('../bench/highlights.mjs');
const { benchChapterHighlights } = await import('../bench/chapter-highlights.mjs');
const { benchStudySync } = await import('../bench/study-sync.mjs');
const { benchBackends } = await import('../bench/backends.mjs');
const { benchRoundTrips } = await import('../bench/round-trips.mjs');
const { benchScale, SCALE_TARGETS } = await import('../bench/scale.mjs');
const { startDatabase, startBackend, api } = await import('../bench/lib/server.mjs');
const { machine, table, benchSection, updateBenchDoc } = await import('../bench/report.mjs');

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const selected = onlyArg ? onlyArg.slice('--only='.length).split(',') : ALL;
for (const name of selected)
  if (!ALL.includes(name)) throw new Error(`Unknown benchmark "${name}"; known: ${ALL.join(', ')}`);
const wanted = (name) => selected.includes(name);

fs.mkdirSync(TMP_DIR, { recursive: true });
const previous =
  onlyArg && fs.existsSync(RESULTS_FILE)
    ? JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')).results
    : {};
const results = { ...previous };
// Parts this bench no longer has (the single-size API and sync runs the server part replaced).
delete results.api;
delete results.sync;
const startedAt = Date.now();

// One benchmark that fails (a time-out, a crash) must not throw away the others' figures: its
// result is dropped, the reason kept in results.json, and the run ends with a non-zero exit.
const failures = [];
async function attempt(key, run) {
  try {
    results[key] = await run();
  } catch (error) {
    delete results[key];
    failures.push({ benchmark: key, error: String(error?.message ?? error) });
    console.error(`[bench] ${key} failed: ${error?.stack ?? error}`);
  }
}

if (wanted('weight')) await attempt('weight', benchWeight);
if (wanted('search')) await attempt('search', benchSearch);

if (wanted('server')) {
  const database = await startDatabase();
  try {
    await attempt('server', () => benchServer(database, TMP_DIR));
  } finally {
    await database.stop();
  }
}

if (wanted('feeds')) {
  const database = await startDatabase();
  try {
    await attempt('feeds', () => benchFeeds(database, TMP_DIR));
  } finally {
    await database.stop();
  }
}

if (wanted('images')) {
  const database = await startDatabase();
  try {
    await attempt('images', () => benchImages(database));
  } finally {
    await database.stop();
  }
}

if (wanted('logins')) {
  const database = await startDatabase();
  try {
    await attempt('logins', () => benchLogins(database));
  } finally {
    await database.stop();
  }
}

if (wanted('heavysave')) {
  const database = await startDatabase();
  try {
    await attempt('heavySave', () => benchHeavySave(database));
  } finally {
    await database.stop();
  }
}

if (wanted('reminders')) {
  const database = await startDatabase();
  try {
    await attempt('reminders', () => benchReminders(database));
  } finally {
    await database.stop();
  }
}

if (wanted('lighthouse') || wanted('offline') || wanted('versesheet') || wanted('searchbible')) {
  const database = await startDatabase();
  const server = await startBackend(database, { name: 'bench_site', pwa: true });
  try {
    const { articles } = await api(server.url, 'GET', '/api/articles/all');
    if (wanted('lighthouse'))
      await attempt('lighthouse', () => benchLighthouse(server, articles[0]._id, TMP_DIR));
    if (wanted('offline'))
      await attempt('offlineReload', () => benchOfflineReload(server, articles.length));
    if (wanted('versesheet')) {
      // A demo article citing a psalm ("God's Name" cites Psalm 83:18).
      const citing = articles.find((a) => a.scripture?.includes('Ps.83.18')) ?? articles.find((a) => a.scripture?.length);
      await attempt('verseSheet', () => benchVerseSheet(server, citing._id, citing.scripture[0].split('.')[0]));
    }
    if (wanted('searchbible')) await attempt('searchBible', () => benchSearchBible(server));
  } finally {
    await server.stop();
    await database.stop();
  }
}

if (wanted('firstvisit') || wanted('cardtap') || wanted('blocking')) {
  const database = await startDatabase();
  const server = await startBackend(database, {
    name: 'bench_first_visit',
    pwa: true,
    seed: false,
    env: FIRST_VISIT_SERVER_ENV,
  });
  try {
    const articles = await fillLibrary(server.url);
    if (wanted('firstvisit')) await attempt('firstVisit', async () => benchFirstVisit(server, articles));
    if (wanted('cardtap')) await attempt('cardTap', async () => benchCardTap(server, articles.length));
    if (wanted('blocking')) await attempt('blocking', async () => benchBlocking(server, articles.length));
  } finally {
    await server.stop();
    await database.stop();
  }
}

if (wanted('highlights')) {
  const database = await startDatabase();
  const server = await startBackend(database, { name: 'bench_highlights', pwa: true, seed: false });
  try {
    await attempt('highlights', () => benchHighlights(server));
  } finally {
    await server.stop();
    await database.stop();
  }
}

if (wanted('chapterhighlights')) {
  const database = await startDatabase();
  const server = await startBackend(database, { name: 'bench_chapter_highlights', pwa: true, seed: false });
  try {
    await attempt('chapterHighlights', () => benchChapterHighlights(server));
  } finally {
    await server.stop();
    await database.stop();
  }
}

if (wanted('studysync')) {
  const database = await startDatabase();
  const server = await startBackend(database, { name: 'bench_study_sync', pwa: true, seed: false });
  try {
    await attempt('studySync', () => benchStudySync(server));
  } finally {
    await server.stop();
    await database.stop();
  }
}

if (wanted('backends')) {
  // FerretDB on SQLite and on PostgreSQL at 10,000 articles, each on a database of its own.
  await attempt('backends', () => benchBackends());
}

if (wanted('roundtrips')) {
  // Two round trips of a write at once against one after the other, on each backend.
  await attempt('roundTrips', () => benchRoundTrips());
}

if (wanted('scale')) {
  // The scale tier loaded in bulk at each size, on FerretDB over SQLite and over PostgreSQL (each
  // size's result names its own), then the admin side, writes, a first sync and a change's cost.
  // With BENCH_SCALE_PARTS, only those parts were measured: each size keeps its other parts' last figures.
  await attempt('scale', async () => ({ sizes: mergeScaleParts(previous.scale?.sizes ?? [], await benchScale()) }));
}

/** The sizes just measured, each over the last run's figures for the same size and database. */
function mergeScaleParts(before, measured) {
  if (!process.env.BENCH_SCALE_PARTS) return measured;
  const same = (a, b) => a.database === b.database && a.sizes.articles === b.sizes.articles && a.sizes.comments === b.sizes.comments;
  const measuredParts = (now) => Object.fromEntries(Object.entries(now).filter(([, value]) => value !== undefined));
  const merged = before.map((last) => {
    const now = measured.find((m) => same(m, last));
    return now ? { ...last, ...measuredParts(now) } : last;
  });
  return [...merged, ...measured.filter((now) => !before.some((last) => same(last, now)))];
}

if (wanted('reliability')) {
  // The two reliability tests of `npm test`, run again here; each writes its counts to a file.
  const files = ['test/hostile-input.test.ts', 'test/soak.test.ts'];
  const countsDir = path.join(ROOT, 'test-results', 'reliability');
  fs.rmSync(countsDir, { recursive: true, force: true });
  log('reliability: hostile input and load-with-faults tests');
  const code = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'backend', ...files], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('exit', (c) => resolve(c ?? 1));
  });
  // The load-balancer soak (HAProxy, two instances, FerretDB on PostgreSQL) runs on PostgreSQL.
  log('reliability: the HAProxy soak on PostgreSQL');
  const haCode = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'backend', 'test/ha-soak.postgres.test.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DB: 'postgres' },
    });
    child.once('exit', (c) => resolve(c ?? 1));
  });
  results.reliability = fs.existsSync(countsDir)
    ? fs
        .readdirSync(countsDir)
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(countsDir, f), 'utf8')))
    : [];
  if (haCode !== 0)
    results.reliability.push({ label: 'HAProxy soak on PostgreSQL', result: `failed (exit ${haCode})`, met: false });
  if (code !== 0)
    results.reliability.push({
      label: 'Reliability tests',
      result: `failed (exit ${code})`,
      met: false,
    });
}

const report = {
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  machine: machine(),
  durationS: Math.round((Date.now() - startedAt) / 1000),
  results,
  failures,
};
fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
const markdown = table(results, {
  search: SEARCH_TARGETS,
  server: SERVER_TARGETS,
  logins: LOGIN_TARGETS,
  heavySave: HEAVY_SAVE_TARGETS,
  reminders: REMINDER_TARGETS,
  scale: SCALE_TARGETS,
  images: IMAGE_TARGETS,
  homeJsGzipBytes: HOME_JS_TARGET_GZIP_BYTES,
});
updateBenchDoc(path.join(ROOT, 'docs', 'benchmarks.md'), benchSection(report, markdown));
console.log(`\n${markdown}\n`);
console.log(
  `Written: bench/results.json and the table in docs/benchmarks.md (${report.durationS} s).`,
);
if (failures.length) {
  console.error(`Failed: ${failures.map((f) => `${f.benchmark} (${f.error})`).join('; ')}`);
  process.exit(1);
}
