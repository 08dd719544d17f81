// The benchmark report: the machine it ran on, a markdown table of every figure with its
// same-run baseline and its target (missed targets stay, marked missed), and the section of
// docs/benchmarks.md between <!-- bench:start --> and <!-- bench:end -->.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { CHROMIUM_PATH } from '../scripts/lib/proc.mjs';
import { feedsRows } from './feeds.mjs';

export const BENCH_START = '<!-- bench:start -->';
export const BENCH_END = '<!-- bench:end -->';

function tryRun(command, args) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  return {
    cpus: Number(tryRun('nproc', [])) || os.availableParallelism(),
    cpuModel:
      /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium: tryRun(CHROMIUM_PATH, ['--version']) ?? 'unknown',
    os: `${os.type()} ${os.release()}`,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (value) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value} ms`);
const status = (met) => (met === undefined ? '' : met ? 'met' : '**missed**');
const scores = (s) => `${s.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}`;

/** Search rows (bench/search.mjs): worker time counts `cpuSlowdown` times over in "phone" figures. */
function searchRows(search, targets) {
  const rows = [];
  const x = `${search.cpuSlowdown}x CPU slowdown`;
  for (const [size, r] of Object.entries(search.sizes)) {
    const n = Number(size);
    const count = n.toLocaleString('en');
    const firstTarget = targets.firstSearchMs[n];
    rows.push([
      `Search p95 once warm, ${count} articles (~${r.averageWords} words each), ${r.queries.length} queries × ${r.index.samples / r.queries.length}, ${x} (page)`,
      `phone estimate p95 **${r.index.phoneP95Ms} ms** (measured: median ${r.index.medianMs} ms, p95 ${r.index.p95Ms} ms, of which worker p95 ${r.index.workerP95Ms} ms)`,
      `naive scan stripping HTML per query: median ${ms(r.naive.medianMs)}, p95 ${ms(r.naive.p95Ms)}`,
      n === 10_000 ? `p95 < ${targets.p95Ms} ms` : '',
      n === 10_000 ? status(r.index.phoneP95Ms < targets.p95Ms) : '',
    ]);
    rows.push([
      `First search after a reload, ${count} articles, index saved on the device (median of 3)`,
      `phone estimate **${ms(r.firstSearch.phoneMedianMs)}** (measured ${ms(r.firstSearch.medianMs)}, of which worker ${ms(r.firstSearch.workerMedianMs)})`,
      `full index build in the worker: ${ms(r.build.ms)} (${r.build.words.toLocaleString('en')} distinct words)`,
      firstTarget ? `≤ ${firstTarget} ms` : '',
      firstTarget ? status(r.firstSearch.phoneMedianMs <= firstTarget) : '',
    ]);
    rows.push([
      `Longest main-thread task during a first sync of ${count} articles, ${x} (trace)`,
      `**${r.sync.longestTaskMs} ms**`,
      `the sync's pull, reading and writing pages of ${r.sync.pageItems ?? 200} as they arrive: ${ms(r.sync.writeMs)} in all; indexed by the worker ${ms(r.sync.indexedMs)} after the sync began`,
      `≤ ${targets.longestTaskMs} ms`,
      status(r.sync.longestTaskMs <= targets.longestTaskMs),
    ]);
    rows.push([
      `Longest main-thread task during a full index build, ${count} articles, ${x} (trace)`,
      `**${r.build.longestTaskMs} ms**`,
      `the build itself, in the worker: ${ms(r.build.ms)}`,
      `≤ ${targets.longestTaskMs} ms`,
      status(r.build.longestTaskMs <= targets.longestTaskMs),
    ]);
    rows.push([
      `JS heap of page + search worker after the index is built, ${count} articles (${r.plainTextMb} MB of plain text)`,
      `**${r.heapMb} MB** (${r.heapParts.map((p) => `${p.type} ${p.mb} MB`).join(', ')})`,
      '',
      n === 10_000 ? `< ${targets.heapMb} MB` : '',
      n === 10_000 ? status(r.heapMb < targets.heapMb) : '',
    ]);
  }
  return rows;
}

/** Readers while an admin saves the heaviest article the limits allow (bench/heavy-save.mjs). */
function heavySaveRow(h, targets) {
  const a = h.heaviest;
  const statuses = Object.entries(h.saves.statuses)
    .map(([code, count]) => `${count} × ${code}`)
    .join(', ');
  const answered201 = h.saves.statuses['201'] ?? 0;
  const stored =
    h.saves.stored === answered201 ? `${h.saves.stored} stored` : `**${h.saves.stored} stored, though ${answered201} answered 201**`;
  const reads = (phase) =>
    `article p50 **${ms(h.article[phase].p50Ms)}**, p99 ${ms(h.article[phase].p99Ms)}, max ${ms(h.article[phase].maxMs)} (${h.article[phase].count}); ` +
    `script p50 **${ms(h.script[phase].p50Ms)}**, p99 ${ms(h.script[phase].p99Ms)}, max ${ms(h.script[phase].maxMs)} (${h.script[phase].count})`;
  return [
    `GET \`/api/articles/:id\` and the PWA's entry script in turn, one reader on one kept-alive connection, ${h.rounds} rounds of ${h.aloneSeconds} s alone then ${h.duringSeconds} s ` +
      `(whole saves, first start to last answer) while an admin saves, one save after another, the heaviest article the limits allow: ${a.pictures} pictures (${a.photos} JPEG photos of ${a.photoPx}, ` +
      `${mb(a.photoBytes)}, and ${a.small} PNGs of ${a.smallPx}; ${a.newMegapixels} new megapixels), ${kb(a.citationBytes)} of "${a.citation}" repeated ` +
      `(${a.citations} citations)${a.proseWords ? ` after ${a.proseWords} words of prose` : ', no prose (the budget left none)'} (the text alone saved in ${ms(a.textSaveMs)}; the citation budget is ${ms(a.budgetMs)}); ${mb(a.contentBytes)} of content`,
    `${reads('during')}: **${h.article.ratio}×** and **${h.script.ratio}×** alone; saves: ${statuses || 'none answered'} (p50 ${h.saves.p50Ms === null ? '–' : ms(h.saves.p50Ms)}; ${stored}); ` +
      `on the server's one thread each save's JSON takes ${ms(h.eventLoop.parseMs)} and its sanitising ${ms(h.eventLoop.sanitizeMs)} (timed alone)`,
    `the same reads alone: ${reads('alone')}`,
    `p50 ≤ ${targets.readP50VsAlone}× alone`,
    status(h.met),
  ];
}

/** Search beyond the articles (bench/search-bible.mjs): a reference's passage, verses for a word. */
function searchBibleRows(b) {
  const at = `offline after a reload, ${b.cpuSlowdown}x CPU slowdown on the page (search worker unslowed), median of ${b.runs}`;
  const floor = `a click on plain text to the next frame, same slowdown: ${ms(b.floor.medianMs)}`;
  return [
    [`Search "John 3:16": the passage's verses on screen, ${at}`, `**${ms(b.passage.medianMs)}** (max ${ms(b.passage.maxMs)})`, floor, '≤ 100 ms', status(b.passage.targetMet)],
    [
      `Search "${b.words[0]}" across the whole Bible: first screenful of verses, first Bible search after the reload (builds the worker's Bible text), ${at}`,
      `**${ms(b.firstWord.medianMs)}** (max ${ms(b.firstWord.maxMs)})`,
      `then "${b.words[1]}": ${ms(b.nextWord.medianMs)}; ${floor}`,
      '≤ 300 ms',
      status(b.firstWord.targetMet && b.nextWord.targetMet),
    ],
    ['Longest task on the page during those searches', `**${ms(b.longestTaskMs)}**`, '', '≤ 50 ms', status(b.longestTaskMet)],
  ];
}

/** Study sync (bench/study-sync.mjs): a device joining a space, a round with nothing new, long tasks. */
function studySyncRows(s) {
  const t = s.targets;
  const records = s.records.toLocaleString('en');
  return [
    [
      `Study sync at ${s.cpuSlowdown}x CPU: a device with ${records} highlights and notes links to a space holding ${records} and is in step (both sets on it, nothing waiting); phone estimate, the study worker's time counted ${s.cpuSlowdown} times over`,
      `**${ms(s.phoneMs ?? s.inStepMs)}** (${s.ratio}x; measured ${ms(s.inStepMs)}, of which worker ${ms(s.workerMs ?? 0)})${s.runs ? `, the median of ${s.runs.length} links (${s.runs.map((r) => ms(r.phoneMs)).join(', ')})` : ''}`,
      `a device with nothing linking to an empty space: ${ms(s.baselinePhoneMs ?? s.baselineMs)}`,
      `≤ ${ms(t.inStepMs)}`,
      status(s.inStepMet),
    ],
    [
      'Study sync: a round with nothing new (requests to the space, bytes with headers)',
      `**${s.idleRound.requests}** request, ${s.idleRound.bytes} B`,
      '',
      `${t.idleRoundRequests} request, < ${t.idleRoundBytes} B`,
      status(s.idleMet),
    ],
    [
      `Study sync: longest main-thread task while sealing ${records} records (A) and while opening ${records} and sealing ${records} (B), at ${s.cpuSlowdown}x CPU${s.runs ? `, the longest of ${s.runs.length} links` : ''}`,
      `**${ms(s.longestTaskMs.sealing)}**, **${ms(s.longestTaskMs.linking)}**`,
      '',
      `≤ ${t.longTaskMs} ms`,
      status(s.longTaskMet),
    ],
  ];
}

/** bench/reminders.mjs: a day's reminders due in one minute, and reads while they go out. */
function remindersRows(r, targets) {
  const count = r.subscriptions.toLocaleString('en');
  return [
    [
      `${count} reminders due in one minute, to a push service on this machine (each encrypted and signed; one queue slot each, as saves leave them)`,
      r.lastDeliveryMs === null ? `**${r.delivered} of ${count} delivered**` : `last delivered **${ms(r.lastDeliveryMs)}** after the minute began`,
      '',
      `≤ ${ms(targets.lastDeliveryMs)}`,
      status(r.lastDeliveryMs !== null && r.lastDeliveryMs <= targets.lastDeliveryMs),
    ],
    [
      'GET `/api/articles/:id`, one reader, one read after another, while those reminders go out',
      `p50 **${ms(r.during.p50Ms)}**, p99 ${ms(r.during.p99Ms)} (${r.during.count} reads): **${r.ratio}×** alone`,
      `the same reads before: p50 ${ms(r.alone.p50Ms)}, p99 ${ms(r.alone.p99Ms)} (${r.alone.count} reads)`,
      `p50 ≤ ${targets.readP50VsAlone}× alone`,
      status(r.ratio <= targets.readP50VsAlone),
    ],
  ];
}

/** bench/scale.mjs: the admin side, writes and a change's cost at each size of the scale tier. */
function scaleRows(scale, t) {
  const rows = [];
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const r of scale.sizes) {
    const at = `${r.sizes.articles.toLocaleString('en')} articles, ${r.sizes.comments.toLocaleString('en')} comments (${r.database ?? scale.database ?? 'FerretDB on SQLite'})`;
    if (r.admin) {
      const pages = ['dashboard', 'articlePage', 'commentPage', 'userPage'].filter((name) => r.admin[name]);
      const met = pages.every((name) => r.admin[name].p95Ms <= t.adminFirstPageP95Ms && r.admin[name].statuses.every((code) => code === 200));
      rows.push([
        `Admin screens' first answer, p95 server time, ${at}`,
        pages.map((name) => `${name} **${ms(r.admin[name].p95Ms)}**`).join(', '),
        '',
        `≤ ${ms(t.adminFirstPageP95Ms)} each`,
        status(met),
      ]);
    }
    if (r.adminScreens) {
      const a = r.adminScreens;
      rows.push([
        `Admin screens in the browser after the first pull: a menu click to the table's first row (median of 3), ${at}`,
        `${Object.entries(a.screens).map(([name, value]) => `${name} **${ms(value)}**`).join(', ')}; longest task ${ms(a.longestTaskMs)}`,
        `the first pull: ${a.firstPull.requests} requests, ${ms(a.firstPull.ms)}; a filter matching nothing (reads them all): approved comments ${ms(a.noMatch.approvedCommentsMs)}, articles ${ms(a.noMatch.articlesMs)}, longest task ${ms(a.noMatch.longestTaskMs)}`,
        `≤ ${ms(t.adminScreenMs)} each`,
        status(a.met),
      ]);
      if (a.newestShown) {
        rows.push([
          `A new admin device: from the Login click to Comments showing the five newest comments waiting, while the first pull walks the view newest change first, ${at}`,
          `**${ms(a.newestShown.ms)}** (${a.newestShown.requests} of the first pull's ${a.firstPull.requests} requests answered by then)`,
          `the whole first pull: ${ms(a.firstPull.ms)}`,
          '',
          '',
        ]);
      }
    }
    if (r.adminSync) {
      const { first, idle, afterTen } = r.adminSync;
      rows.push([
        `Admin device's sync, a round with nothing new, ${at}`,
        `**${idle.wireBytes.toLocaleString('en')} B**, ${idle.requests} request(s)`,
        `the first pull: ${first.requests} requests, ${mb(first.wireBytes)}`,
        `≤ ${kb(t.adminIdle.bytes)}, ≤ ${t.adminIdle.requests} requests`,
        status(idle.met),
      ]);
      rows.push([
        `Admin device's sync, a round after ten changes on another device, ${at}`,
        `**${(afterTen.shareOfFirst * 100).toFixed(2)}%** of the first pull (${afterTen.wireBytes.toLocaleString('en')} B, ${afterTen.requests} request(s))`,
        `the first pull: ${mb(first.wireBytes)}`,
        `< ${t.adminTenChangesShare * 100}%`,
        status(afterTen.met),
      ]);
    }
    if (r.writes) {
      const { comment, approval, edit, lessonSave, concurrent, bare } = r.writes;
      const each = { comment, approval, edit, 'lesson save': lessonSave };
      const names = Object.keys(each).filter((name) => each[name]);
      const within = (w) => w.p50Ms <= t.writes.p50Ms && w.p99Ms <= t.writes.p99Ms;
      rows.push([
        `A visitor's comment, an approval, an admin edit${lessonSave ? ' and a lesson save' : ''}, each one after another, ${at}`,
        names.map((name) => `${name} p50 **${ms(each[name].p50Ms)}**, p99 ${ms(each[name].p99Ms)}`).join('; '),
        r.writes.editFloor
          ? `an edit's database commands alone, through the driver (bench/lib/writes.mjs bareEditCommands): p50 **${ms(r.writes.editFloor.p50Ms)}**, p99 ${ms(r.writes.editFloor.p99Ms)}`
          : '',
        `p50 ≤ ${ms(t.writes.p50Ms)}, p99 ≤ ${ms(t.writes.p99Ms)}`,
        status(names.every((name) => within(each[name]))),
      ]);
      if (concurrent && bare) {
        rows.push([
          `Visitors' comments from ${concurrent.clients} clients at once, against bare inserts one by one on the same database, ${at}`,
          `${concurrent.perSecond}/s: **${r.writes.concurrentVsBare}×** (p50 ${ms(concurrent.p50Ms)})`,
          `${bare.oneByOne.perSecond} bare inserts/s one by one (p50 ${ms(bare.oneByOne.p50Ms)})` +
            (r.writes.floor
              ? `; a bare Koa server making only a comment's two inserts, joined as the backend joins them (bench/lib/bare-comments.mjs): ${r.writes.floor.perSecond}/s, **${r.writes.floorVsBare}×**`
              : ''),
          `≥ ${t.writes.concurrentVsBareOneByOne}×`,
          status(r.writes.concurrentVsBare >= t.writes.concurrentVsBareOneByOne),
        ]);
      }
    }
    if (r.firstSync) {
      const f = r.firstSync;
      rows.push([
        `A device's first sync as the PWA pages it (${f.pages} ${f.pages === 1 ? 'page' : 'pages'}), against one download of the full list, ${f.repeats ? `median of ${f.repeats} after both were made once` : 'median of 3'}, ${at}`,
        `${ms(f.syncMs)}, ${mb(f.syncBytes)}: **${f.ratio}×**`,
        `the full list: ${ms(f.fullMs)}, ${mb(f.fullBytes)}`,
        `≤ ${t.firstSyncVsFullList}×`,
        status(f.ratio <= t.firstSyncVsFullList),
      ]);
    }
    if (r.listAfterPublish) {
      const cpu = median(r.listAfterPublish.map((run) => run.cpuMs));
      const list = Math.max(...r.listAfterPublish.map((run) => run.ms));
      rows.push([
        `After a publish: server CPU to bring every public answer it changes up to date (list, RSS, sitemap, home, the article: each asked once, less the same asked again at once), median of ${r.listAfterPublish.length}, ${at}`,
        `**${ms(cpu)}** (each: ${r.listAfterPublish.map((run) => ms(run.cpuMs)).join(', ')}); the next article list in ${ms(list)} at most, ${mb(r.listAfterPublish[0].wireBytes)}`,
        r.listAfterPublish[0].againCpuMs === undefined ? '' : `asked again (sending what is kept): ${r.listAfterPublish.map((run) => ms(run.againCpuMs)).join(', ')}`,
        `≤ ${ms(t.change.cpuMs)}; the list ≤ ${ms(t.change.listMs)}`,
        status(cpu <= t.change.cpuMs && list <= t.change.listMs),
      ]);
    }
  }
  return rows;
}

export function table(results, targets) {
  const rows = [];
  const { images, search, server, logins, weight, lighthouse, offlineReload, firstVisit, cardTap, blocking, reliability, verseSheet, highlights, backends } =
    results;
  if (search) rows.push(...searchRows(search, targets.search));
  if (results.feeds) rows.push(...feedsRows(results.feeds));
  if (weight) {
    const deferred = offlineReload
      ? offlineReload.firstVisitFetched.jsGzipBytes - weight.home.jsGzipBytes
      : null;
    rows.push([
      'Home page JavaScript, gzip (index.html script + modulepreload + static imports)',
      `**${kb(weight.home.jsGzipBytes)}**${weight.home.largestJs ? `, largest chunk ${kb(weight.home.largestJs.gzipBytes)}` : ''}${deferred ? ` (+${kb(deferred)} fetched after the first screen)` : ''}`,
      `all JavaScript of the build: ${kb(weight.allJs.gzipBytes)}`,
      `≤ ${Math.round(targets.homeJsGzipBytes / 1024)} KB`,
      status(weight.home.jsGzipBytes <= targets.homeJsGzipBytes),
    ]);
    rows.push(['Home page CSS, gzip', kb(weight.home.cssGzipBytes), '', '', '']);
    if (weight.dailyCard) {
      const share = weight.dailyCard.gzipBytes / (weight.home.jsGzipBytes + weight.home.cssGzipBytes);
      rows.push([
        "Today's text card on the home page (its own chunk, CSS and imports the home page lacks), gzip",
        `**${kb(weight.dailyCard.gzipBytes)}** (${(share * 100).toFixed(1)}% of the home page's JavaScript and CSS)`,
        `home page JavaScript and CSS: ${kb(weight.home.jsGzipBytes + weight.home.cssGzipBytes)}`,
        '≤ 3 KB',
        status(weight.dailyCard.targetMet),
      ]);
    }
    if (weight.bible) {
      rows.push([
        `The whole Bible on a device (${weight.bible.translation}, ${weight.bible.books} book files), brotli on the wire`,
        `**${mb(weight.bible.brBytes)}**`,
        `gzip: ${mb(weight.bible.gzipBytes)}; uncompressed: ${mb(weight.bible.rawBytes)}`,
        '≤ 1.5 MB',
        status(weight.bible.targetMet),
      ]);
    }
    rows.push([
      `Service-worker precache, gzip (${weight.precache.entries} files)`,
      kb(weight.precache.gzipBytes),
      `uncompressed: ${kb(weight.precache.rawBytes)}`,
      '',
      '',
    ]);
  }
  if (lighthouse) {
    for (const [label, page] of [
      ['home page', lighthouse.home],
      ['article page', lighthouse.article],
    ]) {
      rows.push([
        `Lighthouse ${label}, mobile: performance / accessibility / best practices / SEO (median of ${lighthouse.runs})`,
        `**${scores(page.scores)}** (FCP ${ms(page.metricsMs.fcp)}, LCP ${ms(page.metricsMs.lcp)}, TBT ${ms(page.metricsMs.tbt)}${page.cls === undefined ? '' : `, CLS ${page.cls}`})`,
        `minimal static page: ${scores(lighthouse.baseline.scores)}`,
        '≥ 95 each',
        status(page.targetMet),
      ]);
    }
  }
  if (offlineReload) {
    rows.push([
      `Offline reload of the home page to article cards, ${offlineReload.cpuSlowdown}x CPU slowdown (median of ${offlineReload.runs})`,
      `**${ms(offlineReload.offline.medianMs)}** (max ${ms(offlineReload.offline.maxMs)})`,
      `online reload, same slowdown: ${ms(offlineReload.online.medianMs)}; offline at full speed: ${ms(offlineReload.offlineFullSpeed.medianMs)}`,
      '< 1 s',
      status(offlineReload.offline.targetMet),
    ]);
  }
  if (verseSheet) {
    rows.push([
      `Verse sheet on screen after a tap on a citation, offline, first tap after a reload, ${verseSheet.cpuSlowdown}x CPU slowdown (median of ${verseSheet.runs})`,
      `**${ms(verseSheet.sheet.medianMs)}** (max ${ms(verseSheet.sheet.maxMs)})`,
      `a tap on plain text to the next frame, same slowdown: ${ms(verseSheet.floor.medianMs)}`,
      '≤ 100 ms',
      status(verseSheet.sheet.targetMet),
    ]);
  }
  if (results.searchBible) rows.push(...searchBibleRows(results.searchBible));
  if (highlights) {
    const pass = highlights.lastPass;
    rows.push([
      `Article page of ${highlights.articleWords.toLocaleString('en')} words with ${highlights.highlights.toLocaleString('en')} highlights kept, reloaded at ${highlights.cpuSlowdown}x CPU: all drawn (median of ${highlights.runs})`,
      `**${ms(highlights.withAll.medianMs)}** (${highlights.ratio}x)`,
      `the same page with none kept, to its study tools: ${ms(highlights.without.medianMs)}; the drawing pass began at ${ms(pass.startMs)} and took ${ms(pass.anchorMs)} to anchor, ${ms(pass.drawMs)} to draw`,
      `≤ ${highlights.targetRatio}x`,
      status(highlights.targetMet),
    ]);
  }
  if (results.studySync) rows.push(...studySyncRows(results.studySync));
  if (results.chapterHighlights) {
    const c = results.chapterHighlights;
    rows.push([
      `Chapter reader, Psalm 119 (${c.verses} verses) with ${c.highlights} highlights kept in the book, reloaded at ${c.cpuSlowdown}x CPU: every highlighted verse coloured (median of ${c.runs})`,
      `**${ms(c.withAll.medianMs)}** (${c.ratio}x)`,
      `the same chapter with none kept, drawn by the app: ${ms(c.without.medianMs)}`,
      `≤ ${c.targetRatio}x`,
      status(c.targetMet),
    ]);
  }
  if (firstVisit) {
    const t = firstVisit.throttle;
    rows.push([
      `Shared article link, cold, in chromium at ${(t.downloadKbps / 1000).toFixed(1)} Mbit/s, ${t.latencyMs} ms latency, ${t.cpuSlowdown}x CPU: article text on screen (median of ${firstVisit.runs})`,
      `**${ms(firstVisit.coldArticle.medianMs)}**`,
      `same link from the service worker's cache: ${ms(firstVisit.serviceWorkerArticle.medianMs)}`,
      '< 2.5 s',
      status(firstVisit.coldArticle.targetMet),
    ]);
    const w = firstVisit.wire;
    rows.push([
      `Bytes on the wire, cold first visit until everything is offline (${firstVisit.articles} articles of ~800 words, ${firstVisit.commentsEach} comments each)`,
      `**${mb(w.bytes)}** (page ${kb(w.byKind.document)}, scripts ${kb(w.byKind.script)}, styles ${kb(w.byKind.stylesheet)}, API ${mb(w.byKind.api)}, other ${kb(w.byKind.other)}; ${w.requests} requests)`,
      '',
      '≤ 1.5 MB',
      status(w.targetMet),
    ]);
  }
  if (cardTap) {
    const t = cardTap.throttle;
    rows.push([
      `Tap on a home card on a slow phone (${t.downloadKbps} kbit/s, ${t.latencyMs} ms latency, ${t.cpuSlowdown}x CPU, touch; the library on the device): article text on screen (median of ${cardTap.runs})`,
      `**${ms(cardTap.firstTap.medianMs)}**`,
      `a second card tapped the same way: ${ms(cardTap.secondTap.medianMs)}`,
      `≤ ${ms(cardTap.firstTap.targetMs)}`,
      status(cardTap.firstTap.targetMet),
    ]);
  }
  if (blocking) {
    const t = blocking.throttle;
    const longest = blocking.withSync.longest.map((task) => `${task.ms} ms (${task.cause})`).join(', ');
    rows.push([
      `Main thread of a cold first visit to the home page while the first sync of ${blocking.articles} articles runs, ${(t.downloadKbps / 1000).toFixed(1)} Mbit/s, ${t.latencyMs} ms latency, ${t.cpuSlowdown}x CPU: total blocking time in the first ${blocking.windowMs / 1000} s (trace, median of ${blocking.runs})`,
      `**${ms(blocking.withSync.blockingMs)}** (${blocking.withSync.longTasks} tasks over 50 ms${longest ? `, longest ${longest}` : ''}; ${blocking.withSync.articlesStored} articles stored by then)`,
      `the same visit with the sync's feeds refused: ${ms(blocking.feedsRefused.blockingMs)}`,
      `≤ ${ms(blocking.targetMs)}`,
      status(blocking.targetMet),
    ]);
  }
  if (logins) {
    const statuses = Object.entries(logins.logins.statuses)
      .map(([code, count]) => `${count} × ${code}`)
      .join(', ');
    rows.push([
      `GET \`/api/articles/:id\`, one reader, one read after another for ${logins.readSeconds} s, while ${logins.loginClients} clients log in without pause (passwords on ${logins.hashThreads} worker threads)`,
      `p50 **${ms(logins.during.p50Ms)}**, p99 ${ms(logins.during.p99Ms)} (${logins.during.count} reads): **${logins.ratio}×** alone; logins ${logins.logins.perSecond}/s (${statuses})`,
      `the same reads alone: p50 ${ms(logins.alone.p50Ms)}, p99 ${ms(logins.alone.p99Ms)} (${logins.alone.count} reads)`,
      `p50 ≤ ${targets.logins.readP50VsAlone}× alone`,
      status(logins.met),
    ]);
  }
  if (results.heavySave) rows.push(heavySaveRow(results.heavySave, targets.heavySave));
  if (results.reminders && targets.reminders) rows.push(...remindersRows(results.reminders, targets.reminders));
  if (results.scale && targets.scale) rows.push(...scaleRows(results.scale, targets.scale));
  if (images) {
    const sync = images.firstSync;
    const photos = `${images.photos} photos of ${images.photoPx} (${mb(images.photoBytes.reduce((a, b) => a + b, 0))} of JPEG)`;
    rows.push([
      `First sync, bytes an article with ${photos} adds, as the PWA pages the feed (brotli, ${images.articles} other articles)`,
      `**${kb(sync.articleFiles)}**: **${sync.smallerThanInline}×** smaller (pictures as stored files; a device then keeps their WebP files in the background: ${images.kept.files} files, ${mb(images.kept.bytes)}; the save took ${ms(images.saveMs)})`,
      `the same article stored inline (data URLs): ${mb(sync.articleInline)}`,
      `≥ ${targets.images.smallerThanInline}× smaller`,
      status(sync.smallerThanInline >= targets.images.smallerThanInline),
    ]);
    rows.push([
      `Search worker's text: the article HTML a device stores and the worker reads, same article`,
      `**${kb(images.searchText.files)}**: **${images.searchText.smallerThanInline}×** smaller`,
      `inline: ${mb(images.searchText.inline)}`,
      `≥ ${targets.images.smallerThanInline}× smaller`,
      status(images.searchText.smallerThanInline >= targets.images.smallerThanInline),
    ]);
    rows.push([
      `First sync of ${images.articles} articles plus the photo article (brotli, median of 3 for time)`,
      `**${mb(sync.withFiles)}** (**${sync.otherwise}×**), ${ms(sync.ms.withFiles)}`,
      `the ${images.articles} articles alone: ${mb(sync.before)}, ${ms(sync.ms.before)}; with the inline copy too: ${mb(sync.withInline)}, ${ms(sync.ms.withInline)}`,
      `unchanged otherwise (≤ ${targets.images.firstSyncOtherwise}× in bytes)`,
      status(sync.otherwise <= targets.images.firstSyncOtherwise),
    ]);
  }
  if (backends) rows.push(...backendRows(backends));
  if (results.roundTrips) rows.push(...roundTripRows(results.roundTrips));
  if (reliability) {
    for (const r of reliability)
      rows.push([r.label, r.result, r.baseline ?? '', r.target ?? '', status(r.met)]);
  }
  const header = ['Measure', 'Result', 'Baseline (same run)', 'Target', ''];
  const main = markdown(header, rows);
  return server ? `${main}\n\n${serverTable(server, targets.server)}` : main;
}

/** "3 of 5 answered 503" when some calls ran into the server's time limit (the time counts). */
const refusedText = (r) => {
  const parts = Object.entries(r.refused ?? {}).map(([status, n]) => `${n} of ${r.count} answered ${status}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

/** Two round trips of a write at once against one after the other (bench/round-trips.mjs). */
function roundTripRows(r) {
  const cell = (b, apart, together) => `**${ms(b[together])}** together: **${(b[together] / b[apart]).toFixed(2)}×** (one after the other: ${ms(b[apart])})`;
  return [
    ['an `_id` read and an insert (an admin write: its administrator and its Idempotency-Key)', 'readThenInsert', 'readBesideInsert'],
    ['two inserts into two collections (a comment\'s rate-limit slot and its Idempotency-Key)', 'insertThenInsert', 'insertBesideInsert'],
  ].map(([what, apart, together]) => [
    `Two round trips of a write sent together, ${what}, through the backend's driver, ${r.pairs} pairs each way taking turns, p50`,
    `FerretDB on SQLite ${cell(r.sqlite, apart, together)}; on PostgreSQL ${cell(r.postgres, apart, together)}`,
    'the same two one after the other',
    '',
    '',
  ]);
}

/** Each request on FerretDB over PostgreSQL against the same on SQLite (bench/backends.mjs). */
function backendRows(b) {
  const names = {
    login: 'Login (lookup by email + password check)',
    adminComments: `Admin comment list (all ${b.comments.toLocaleString('en')} comments)`,
    dashboard: 'Admin dashboard (counts + 5 newest articles)',
    comment: 'A comment write (with Idempotency-Key)',
    edit: 'An article edit (with its version)',
  };
  return Object.entries(names).map(([k, label]) => [
    `${label} at ${b.articles.toLocaleString('en')} articles, ${b.comments.toLocaleString('en')} comments: FerretDB on PostgreSQL, ${b.counts[k]} requests one after another, taking turns with SQLite`,
    `p50 **${ms(b.postgres[k].p50Ms)}**, p95 ${ms(b.postgres[k].p95Ms)}${refusedText(b.postgres[k])}: **${(b.postgres[k].p50Ms / b.sqlite[k].p50Ms).toFixed(2)}×** SQLite`,
    `FerretDB on SQLite: p50 ${ms(b.sqlite[k].p50Ms)}, p95 ${ms(b.sqlite[k].p95Ms)}${refusedText(b.sqlite[k])}`,
    '',
    '',
  ]);
}

const line = (cells) => `| ${cells.join(' | ')} |`;
const markdown = (header, rows) =>
  [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
const pct = (share) => `${Math.round(share * 100)}%`;

/** Server CPU per answer by accepted encoding (bench/lib/encoding-cost.mjs), against brotli's. */
function encodingRows(sizes, t) {
  // Results of a run before these rows existed have none.
  if (!sizes.every((s) => s.encodings?.list?.br && s.encodings?.feed?.br)) return [];
  const ratio = (cost, name) => cost[name].cpuMsEach / cost.br.cpuMsEach;
  // The server's own code (user CPU) apart: the rest is the kernel sending the bytes.
  const own = (cost, name) => (cost[name].userMsEach / cost.br.userMsEach).toFixed(2);
  const cell = (cost) =>
    `${cost.br.sent && cost.br.sent !== 'br' ? `a browser (${cost.br.sent})` : 'br'} ${cost.br.cpuMsEach} ms (${mb(cost.br.bytes)}); gzip ${cost.gzip.cpuMsEach} ms (**${ratio(cost, 'gzip').toFixed(2)}×**); ` +
    `none ${cost.identity.cpuMsEach} ms (**${ratio(cost, 'identity').toFixed(2)}×**, ${mb(cost.identity.bytes)}; user CPU ${own(cost, 'identity')}×)`;
  const met = (cost) => ratio(cost, 'gzip') <= t.encodingVsBrotli && ratio(cost, 'identity') <= t.encodingVsBrotli;
  return ['list', 'feed'].map((what) => [
    what === 'list'
      ? 'Server CPU per `/api/articles/all` answer, by what the client accepts (repeated for 2 s each)'
      : `Server CPU per first feed page (${sizes[0].encodings.feed.items} articles), by what the client accepts`,
    ...sizes.map((s) => cell(s.encodings[what])),
    `gzip and none ≤ ${t.encodingVsBrotli}× brotli`,
    status(sizes.every((s) => met(s.encodings[what]))),
  ]);
}

/** The server at each library size (bench/server.mjs): one column per size. */
function serverTable(server, t) {
  const sizes = Object.values(server.sizes);
  const largest = sizes.at(-1);
  const smallest = sizes[0];
  const everySize = (met) => status(sizes.every(met));
  const loadCell = (r) =>
    `${r.real.requestsPerSecond} req/s, p99 ${r.real.p99Ms} ms: **${pct(r.ratio)}** of ${r.ceiling.requestsPerSecond} req/s`;
  const firstSyncCell = (f, list) =>
    `${ms(f.firstSync.ms)}, ${mb(f.firstSync.bytes)}: **${f.firstSync.vsFullList}×** the full list (${ms(list.ms)}, ${mb(list.bytes)})`;
  const deltaCell = (f) =>
    `**${ms(f.delta.ms)}**, ${kb(f.delta.bytes)} (**${(f.delta.shareOfFirstSync * 100).toFixed(2)}%** of the first sync)`;
  // Both at the largest size only: at 500 articles, 10 changed ones are already 2% of the library.
  const deltaMet = (f) =>
    (f !== largest.a && f !== largest.b) ||
    (f.delta.shareOfFirstSync < t.deltaShareOfFirstSync && f.delta.ms < t.deltaMs);
  const writeCell = (w) =>
    `p50 **${w.p50Ms} ms**, p99 ${w.p99Ms} ms: **${w.vsBare}×** the bare insert`;
  const writeMet = (kind) =>
    sizes.every((s) => s.writes[kind].p50Ms < t.writeP50Ms) &&
    largest.writes[kind].p50Ms <= smallest.writes[kind].p50Ms * t.writeFlatFactor + 1;
  const nearBareMet = (kind) =>
    writeMet(kind) && sizes.every((s) => s.writes[kind].vsBare <= t.writeVsBareInsert);
  const bareCell = ({ oneByOne, tenAtOnce }) =>
    `p50 **${oneByOne.p50Ms} ms**, p99 ${oneByOne.p99Ms} ms; ${oneByOne.perSecond}/s one by one, ${tenAtOnce.perSecond}/s ten at once`;
  const concurrentCell = (w) =>
    `**${w.concurrentComments.perSecond}/s** (p50 ${w.concurrentComments.p50Ms} ms): **${w.concurrentComments.vsBareOneByOne}×** the bare inserts one by one (${w.bare.oneByOne.perSecond}/s)`;
  const writeRows = [
    [
      `Bare \`insertOne\` of a comment-sized document through the backend's driver, same database (the writes' baseline; ${server.writesEach} one by one, then ${server.concurrentClients} clients × ${server.concurrentEach})`,
      ...sizes.map((s) => bareCell(s.writes.bare)),
      '',
      '',
    ],
    [
      `Post a comment (one client, ${server.writesEach} in sequence, each with its Idempotency-Key)`,
      ...sizes.map((s) => writeCell(s.writes.comment)),
      `p50 < ${t.writeP50Ms} ms, flat, ≤ ${t.writeVsBareInsert}× the bare insert`,
      status(nearBareMet('comment')),
    ],
    [
      'Save an article (an edit)',
      ...sizes.map((s) => writeCell(s.writes.save)),
      `p50 < ${t.writeP50Ms} ms, flat, ≤ ${t.writeVsBareInsert}× the bare insert`,
      status(nearBareMet('save')),
    ],
    [
      'Approve a comment',
      ...sizes.map((s) => writeCell(s.writes.approve)),
      `p50 < ${t.writeP50Ms} ms, flat`,
      status(writeMet('approve')),
    ],
    [
      `Comments from ${server.concurrentClients} clients at once (${server.concurrentEach} each)`,
      ...sizes.map((s) => concurrentCell(s.writes)),
      '≥ the bare inserts one by one, per second',
      everySize(
        (s) => s.writes.concurrentComments.vsBareOneByOne >= t.concurrentCommentsVsBareOneByOne,
      ),
    ],
  ];
  const ceiling = `≥ ${pct(t.ceilingShare)} of bare Koa sending the same bytes`;
  const rows = [
    [
      'Delta feed poll, nothing new',
      ...sizes.map((s) => loadCell(s.reads.poll)),
      ceiling,
      everySize((s) => s.reads.poll.met),
    ],
    [
      '`/api/articles/all` with If-None-Match (304)',
      ...sizes.map((s) => loadCell(s.reads.notModified)),
      ceiling,
      everySize((s) => s.reads.notModified.met),
    ],
    [
      `GET \`/api/articles/:id\` (${largest.bodies.encoding}, ${largest.bodies.byIdBytes} B)`,
      ...sizes.map((s) => loadCell(s.reads.byId)),
      ceiling,
      everySize((s) => s.reads.byId.met),
    ],
    [
      `First sync as the PWA pages it (${server.pageItems} per page, brotli; median of 3)`,
      ...sizes.map((s) => firstSyncCell(s.a, s.fullList)),
      `≤ ${t.firstSyncVsFullList}× the full list`,
      everySize((s) => s.a.firstSync.vsFullList <= t.firstSyncVsFullList),
    ],
    [
      `Delta sync after ${server.changed} articles changed (median of 3)`,
      ...sizes.map((s) => deltaCell(s.a)),
      `at the largest size: < ${t.deltaMs} ms and < 1% of the first sync`,
      everySize((s) => deltaMet(s.a)),
    ],
    [
      'Second instance, started fresh: time until it answers (it reads the library first)',
      ...sizes.map((s) => ms(s.b.readyMs)),
      '',
      '',
    ],
    [
      'Second instance: first sync (one run, nothing compressed yet; baseline: its own first full list)',
      ...sizes.map((s) => firstSyncCell(s.b, s.b.fullList)),
      `≤ ${t.firstSyncVsFullList}× the full list`,
      everySize((s) => s.b.firstSync.vsFullList <= t.firstSyncVsFullList),
    ],
    [
      `Second instance: delta after the ${server.changed} changes made through the first`,
      ...sizes.map((s) => deltaCell(s.b)),
      `at the largest size: < ${t.deltaMs} ms and < 1% of the first sync`,
      everySize((s) => deltaMet(s.b)),
    ],
    [
      'Second instance: poll, nothing new (no warm-up)',
      ...sizes.map((s) => loadCell(s.b.reads.poll)),
      ceiling,
      everySize((s) => s.b.reads.poll.met),
    ],
    [
      'Second instance: 304 on the list (no warm-up)',
      ...sizes.map((s) => loadCell(s.b.reads.notModified)),
      ceiling,
      everySize((s) => s.b.reads.notModified.met),
    ],
    ...encodingRows(sizes, t),
    ...writeRows,
  ];
  const header = [
    `Server (${server.connections} connections × ${server.durationS} s for req/s; ~800-word articles, ${server.commentsEach} comments each)`,
    ...sizes.map((s) => `${s.size.toLocaleString('en')} articles`),
    'Target',
    '',
  ];
  return markdown(header, rows);
}

export function benchSection({ date, machine: m }, markdownTable) {
  return [
    BENCH_START,
    `Last run: ${date} on ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB RAM, Node ${m.node}, ${m.chromium} (${m.os}).`,
    'Measured by `npm run bench` (code in `bench/`, raw figures in `bench/results.json`); every figure has a baseline',
    'measured in the same run, so a busy machine moves both. Loopback only; the machine was shared with other work.',
    '',
    markdownTable,
    BENCH_END,
  ].join('\n');
}

/**
 * Replaces the section between the markers in `file` (docs/benchmarks.md), or adds it at the end;
 * a missing file is started with its heading.
 */
export function updateBenchDoc(file, section) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(BENCH_START);
  const end = text.indexOf(BENCH_END);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + section + text.slice(end + BENCH_END.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}
