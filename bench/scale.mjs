// The scale tier's baselines: a server over a fresh database holding the tier (articles with
// drafts and scheduled ones, comments a third of them waiting, users, lessons; loaded in bulk by
// backend/test/scale-tier.ts), measured one request at a time: the admin screens' calls (server
// time to the last byte, and bytes on the wire), a visitor's comment, an approval, an admin edit
// and a lesson save (one after another, and comments from ten clients at once against bare inserts), the
// server's CPU for the first public list after a publish, a device's first sync against one
// full list, how long a public read waits while the admin calls run, and an admin device's sync
// by change (GET /api/admin/changes). On FerretDB over SQLite, then over PostgreSQL where
// PostgreSQL is here or can be installed (scripts/lib/postgres.mjs).
//   node bench/scale.mjs                        both sizes (500/2,500 and 10,000/100,000)
//   BENCH_SCALE_SIZES=500:2500 node bench/scale.mjs
//   BENCH_SCALE_BACKENDS=postgres node bench/scale.mjs   one backend only (sqlite, postgres)
//   MONGODB_URI=… node bench/scale.mjs          on that database server only
//   BENCH_SCALE_PARTS=adminSync node bench/scale.mjs   only some parts (writes, listAfterPublish,
//                                               firstSync, adminSync, admin, publicWait,
//                                               adminScreens: the screens in a browser)
//   BENCH_SCALE_FULL_LISTS=1                    the admin full lists too (the slow "before" figures)
// `npm run bench -- --only=scale` runs it too, its rows in docs/benchmarks.md (SCALE_TARGETS).
// Prints the figures as JSON lines and a summary; writes nothing into the repository.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { log } from '../scripts/lib/proc.mjs';
import { loadTier } from '../scripts/lib/scale-tier.mjs';
import { postgresAvailable } from '../scripts/lib/postgres.mjs';
import { api, startBackend, startDatabase, startDatabaseOn } from './lib/server.mjs';
import { ACCEPT_ENCODING, collectGarbage, fullList, measuredGet, pullFeed } from './lib/http.mjs';
import { median, percentile, round } from './lib/stats.mjs';
import { approve, atOnce, bareComments, bareEditCommands, bareInserts, key, postComment, timed } from './lib/writes.mjs';
import { ADMIN_SCREEN_TARGET_MS, benchAdminScreens } from './admin-screens.mjs';

export const SCALE_SIZES = (process.env.BENCH_SCALE_SIZES ?? '500:2500,10000:100000').split(',').map((pair) => {
  const [articles, comments] = pair.split(':').map(Number);
  // Users and lessons grow with the library up to the tier's 1,000 and 500.
  const share = articles / 10_000;
  return { articles, comments, users: Math.max(20, Math.round(1000 * share)), lessons: Math.max(10, Math.round(500 * share)) };
});
const READ_REPEATS = Number(process.env.BENCH_SCALE_REPEATS ?? 5);
const PARTS = process.env.BENCH_SCALE_PARTS?.split(',');
/** `measure()` when the part was asked for (all are by default), else undefined. */
const part = (name, measure) => (!PARTS || PARTS.includes(name) ? measure() : undefined);
const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 40);
/** Comments from this many clients at once, each sending CONCURRENT_EACH. */
const CONCURRENT_CLIENTS = 10;
const CONCURRENT_EACH = 20;
/**
 * A first sync against the full list: each measured this many times, taking turns, after one
 * round that makes both answers for the library's version (each is then kept until a change).
 */
const SYNC_REPEATS = 7;
/** The databases measured: FerretDB over SQLite, and over PostgreSQL where it can be had. */
const BACKENDS = process.env.MONGODB_URI
  ? ['MONGODB_URI']
  : (process.env.BENCH_SCALE_BACKENDS?.split(',') ?? ['sqlite', 'postgres']).filter(
      (backend) => backend !== 'postgres' || postgresAvailable(),
    );
const BACKEND_NAMES = { MONGODB_URI: 'MONGODB_URI', sqlite: 'FerretDB on SQLite', postgres: 'FerretDB on PostgreSQL' };
const PUBLISH_REPEATS = 3;
// Every comment keeps its Idempotency-Key record, as a visitor's normally does.
const SERVER_ENV = { RATE_LIMIT_COMMENT: '1000000', RATE_LIMIT_ANON_KEYS: '1000000' };
/** The full lists older clients still call: seconds each at 10,000 articles, so only on request. */
const FULL_LIST_CALLS = {
  articles: '/api/admin/articles',
  comments: '/api/admin/comments',
  users: '/api/admin/users',
};
const ADMIN_CALLS = {
  dashboard: '/api/admin/dashboard',
  ...(process.env.BENCH_SCALE_FULL_LISTS ? FULL_LIST_CALLS : {}),
  lessons: '/api/schedule',
  // The admin screens' first pages (backend/src/modules/admin/admin-pages.routes.ts).
  articlePage: '/api/admin/article-page',
  commentPage: '/api/admin/comment-page',
  userPage: '/api/admin/user-page',
};
/** What an admin screen's first answer may take at any size of the tier (p95, server time). */
const ADMIN_FIRST_PAGE_TARGET_MS = 300;
/** Targets of the rows in docs/benchmarks.md (bench/report.mjs). */
export const SCALE_TARGETS = {
  adminFirstPageP95Ms: ADMIN_FIRST_PAGE_TARGET_MS,
  adminScreenMs: ADMIN_SCREEN_TARGET_MS,
  adminIdle: { bytes: 2048, requests: 2 },
  adminTenChangesShare: 0.01,
  writes: { p50Ms: 10, p99Ms: 50, concurrentVsBareOneByOne: 0.8 },
  firstSyncVsFullList: 2,
  change: { cpuMs: 100, listMs: 1000 },
};
const FIRST_PAGE_CALLS = ['dashboard', 'articlePage', 'commentPage', 'userPage'];
const CLOCK_TICKS_PER_S = 100;
/**
 * A call past the app's answer deadline ends in 503 while its query runs on in the database;
 * before each measured call the bench waits until one article's revisions (an `_id` read) come
 * this quickly again, so calls are measured one at a time in the database too.
 */
const QUIET_PROBE_MS = 100;
/** An admin device's round with nothing new: at most this many bytes on the wire and requests. */
const ADMIN_IDLE_TARGET = SCALE_TARGETS.adminIdle;
/** A round after ten changes: under this share of the device's first pull. */
const ADMIN_TEN_CHANGES_TARGET_SHARE = SCALE_TARGETS.adminTenChangesShare;
const QUIET_WAIT_MAX_MS = 120_000;
/** A server over the full tier builds its read model before it listens: 31-50 s on a quiet machine. */
const SCALE_START_TIMEOUT_MS = 240_000;

const summary = (samples) => ({
  p50Ms: round(percentile(samples, 50), 1),
  p95Ms: round(percentile(samples, 95), 1),
  p99Ms: round(percentile(samples, 99), 1),
  maxMs: round(Math.max(...samples), 1),
});

/** The server process's CPU so far (user + system), in ms, from /proc. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

function databaseUri(baseUri, name) {
  const url = new URL(baseUri);
  url.pathname = `/${name}`;
  return url.toString();
}

let probePath = '';

async function untilQuiet(url, token) {
  const started = performance.now();
  while (performance.now() - started < QUIET_WAIT_MAX_MS) {
    if ((await measuredGet(url, probePath, { ...ACCEPT_ENCODING, authorization: token })).ms < QUIET_PROBE_MS) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  log('scale: the database did not quieten down; measuring anyway');
}

async function adminReads(url, token) {
  const headers = { ...ACCEPT_ENCODING, authorization: token };
  const out = {};
  for (const [name, path] of Object.entries(ADMIN_CALLS)) {
    const times = [];
    let bytes = 0;
    let rawBytes = 0;
    const statuses = [];
    for (let i = 0; i < READ_REPEATS; i++) {
      await untilQuiet(url, token);
      const res = await measuredGet(url, path, headers);
      // A call past the app's answer deadline ends in 503: that time is the figure too.
      statuses.push(res.status);
      times.push(res.ms);
      bytes = Math.max(bytes, res.bytes);
      rawBytes = Math.max(rawBytes, res.json ? Buffer.byteLength(JSON.stringify(res.json)) : res.raw.length);
    }
    out[name] = { ...summary(times), wireBytes: bytes, jsonBytes: rawBytes, statuses };
    log(`scale: GET ${path}: p50 ${out[name].p50Ms} ms, p95 ${out[name].p95Ms} ms, ${bytes} B on the wire (${rawBytes} B JSON), statuses ${statuses.join(' ')}`);
  }
  for (const name of FIRST_PAGE_CALLS) {
    const { p95Ms, statuses } = out[name];
    const met = p95Ms <= ADMIN_FIRST_PAGE_TARGET_MS && statuses.every((status) => status === 200);
    out[name].target = { p95Ms: ADMIN_FIRST_PAGE_TARGET_MS, met };
    log(`scale: first page ${name}: p95 ${p95Ms} ms against ${ADMIN_FIRST_PAGE_TARGET_MS} ms: ${met ? 'met' : 'MISSED'}`);
  }
  return out;
}

async function writes(url, token, tier, mongoUri) {
  const posted = [];
  const comment = await timed(WRITES, async (i) =>
    posted.push(await postComment(url, tier.published[(i * 7919) % tier.published.length], i)),
  );
  const approval = await timed(WRITES, (i) => approve(url, token, posted[i]._id));
  const id = tier.published[tier.published.length >> 1];
  let { article } = await api(url, 'GET', `/api/articles/${id}`);
  const edit = await timed(WRITES, async (i) => {
    const { _id, subtitle, content, category, isPublished, version } = article;
    const body = { article: JSON.stringify({ _id, title: `Edited title ${i}`, subtitle, content, category, isPublished, version }) };
    ({ article } = await api(url, 'POST', '/api/articles/add', { token, body, headers: { 'idempotency-key': key() } }));
  });
  // A lesson save as /admin/worship makes it: the whole lesson, its version, an Idempotency-Key.
  const { lessons } = await api(url, 'GET', '/api/schedule');
  let lesson = lessons.find((l) => !l.broadcast);
  const lessonSave = await timed(WRITES, async (i) => {
    const { _id, date, broadcast, text, extras, version } = lesson;
    const body = { lesson: { _id, date, broadcast, title: `Edited lesson ${i}`, text, extras, version } };
    ({ lesson } = await api(url, 'POST', '/api/lessons/save', { token, body, headers: { 'idempotency-key': key() } }));
  });
  const concurrent = await atOnce(CONCURRENT_CLIENTS, CONCURRENT_EACH, (i) =>
    postComment(url, tier.published[(i * 104_729) % tier.published.length], WRITES + i),
  );
  const bare = await bareInserts(mongoUri, { count: WRITES, clients: CONCURRENT_CLIENTS, each: CONCURRENT_EACH });
  // What any server making a comment's inserts, or an edit's commands, reaches here: the rows'
  // targets measured against their floors.
  const floor = await bareComments(mongoUri, { clients: CONCURRENT_CLIENTS, each: CONCURRENT_EACH });
  const editFloor = await bareEditCommands(mongoUri, { email: tier.admin.email, articleIds: [id], count: WRITES });
  const out = {
    comment,
    approval,
    edit,
    lessonSave,
    concurrent,
    bare,
    concurrentVsBare: round(concurrent.perSecond / bare.oneByOne.perSecond, 2),
    floor,
    floorVsBare: round(floor.perSecond / bare.oneByOne.perSecond, 2),
    editFloor,
  };
  log(
    `scale: visitor comment p50 ${comment.p50Ms} ms, p99 ${comment.p99Ms} ms; approval p50 ${approval.p50Ms} ms; admin edit p50 ${edit.p50Ms} ms, p99 ${edit.p99Ms} ms; lesson save p50 ${lessonSave.p50Ms} ms, p99 ${lessonSave.p99Ms} ms; ` +
      `${concurrent.perSecond} comments/s from ${CONCURRENT_CLIENTS} clients against ${bare.oneByOne.perSecond} bare inserts/s one by one (${out.concurrentVsBare}x); ` +
      `a bare server making only a comment's inserts ${floor.perSecond}/s (${out.floorVsBare}x); an edit's commands alone p50 ${editFloor.p50Ms} ms`,
  );
  return out;
}

/** A device's first sync as the PWA pages it, against one download of the full list (medians). */
async function firstSync(url) {
  // Each timed request starts with the bench's own garbage collected (collectGarbage).
  const full = () => {
    collectGarbage();
    return fullList(url, { parse: false });
  };
  const sync = () => pullFeed(url, undefined, { collect: true });
  await full();
  await sync();
  const runs = [];
  for (let i = 0; i < SYNC_REPEATS; i++) runs.push({ full: await full(), sync: await sync() });
  const fullMs = round(median(runs.map((r) => r.full.ms)), 1);
  const syncMs = round(median(runs.map((r) => r.sync.ms)), 1);
  const out = {
    fullMs,
    fullBytes: runs[0].full.bytes,
    syncMs,
    syncBytes: runs[0].sync.bytes,
    pages: runs[0].sync.pages,
    repeats: SYNC_REPEATS,
    ratio: round(syncMs / fullMs, 2),
  };
  log(`scale: first sync ${syncMs} ms over ${out.pages} pages against the full list ${fullMs} ms: ${out.ratio}x`);
  return out;
}

/** The public answers a publish changes, as readers ask for them (the devices' feed pages are made per page). */
const publicAnswers = (id) => ['/api/articles/all', '/rss.xml', '/sitemap.xml', '/', `/article/${id}`, `/api/articles/${id}`];

/** Asks once for each public answer: the server's CPU for all of them and per path, the answers. */
async function askAll(server, id) {
  const before = cpuMs(server.pid);
  const answers = [];
  const cpuByPath = {};
  for (const path of publicAnswers(id)) {
    const start = cpuMs(server.pid);
    answers.push(await measuredGet(server.url, path));
    cpuByPath[path.replace(id, ':id')] = cpuMs(server.pid) - start;
  }
  return { cpuMs: cpuMs(server.pid) - before, cpuByPath, answers };
}

/**
 * Publishes a draft, then asks once for every public answer it changes: the server's CPU for all
 * of them, less what the same answers cost asked again at once (sending the bytes, kept from
 * then on), is what bringing them up to date cost; and how long the article list took. Before
 * the first, each answer is made once, as a server that readers use has them.
 */
async function listAfterPublish(server, token, tier) {
  await askAll(server, tier.published[0]);
  const runs = [];
  for (let i = 0; i < PUBLISH_REPEATS; i++) {
    const id = tier.drafts[i];
    await api(server.url, 'POST', '/api/articles/toggle-publish', { token, body: { id }, headers: { 'idempotency-key': key() } });
    const changed = await askAll(server, id);
    const again = await askAll(server, id);
    const [list] = changed.answers;
    runs.push({
      cpuMs: Math.max(0, changed.cpuMs - again.cpuMs),
      askedCpuMs: changed.cpuMs,
      againCpuMs: again.cpuMs,
      cpuByPath: changed.cpuByPath,
      againByPath: again.cpuByPath,
      ms: round(list.ms, 1),
      wireBytes: list.bytes,
      allMs: round(changed.answers.reduce((sum, a) => sum + a.ms, 0), 1),
    });
  }
  log(`scale: after a publish, every public answer once: ${runs.map((r) => `${r.askedCpuMs} ms CPU, asked again ${r.againCpuMs} ms (the list ${r.ms} ms)`).join('; ')}`);
  return runs;
}

/**
 * While the admin calls run once each: one public article read after another, and beside it one
 * visitor's comment after another (how long a reader and a commenter wait behind the admin).
 */
async function publicWaitDuringAdmin(url, token, tier) {
  const path = `/api/articles/${tier.published[0]}`;
  const waits = [];
  const commentWaits = [];
  let running = true;
  const reader = (async () => {
    while (running) waits.push((await measuredGet(url, path)).ms);
  })();
  const commenter = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      await api(url, 'POST', '/api/articles/add-comment', {
        headers: { 'idempotency-key': key() },
        body: { article: tier.published[(i * 104_729) % tier.published.length], name: `Visitor ${i}`, content: `A comment sent while the admin screens load (${i}).` },
      });
      commentWaits.push(performance.now() - started);
    }
  })();
  for (const adminPath of Object.values(ADMIN_CALLS)) await measuredGet(url, adminPath, { ...ACCEPT_ENCODING, authorization: token });
  running = false;
  await Promise.all([reader, commenter]);
  const out = { reads: waits.length, ...summary(waits), comments: { count: commentWaits.length, ...summary(commentWaits) } };
  log(`scale: during the admin calls: public read p50 ${out.p50Ms} ms, worst ${out.maxMs} ms over ${out.reads} reads; visitor comment p50 ${out.comments.p50Ms} ms, p95 ${out.comments.p95Ms} ms, worst ${out.comments.maxMs} ms over ${out.comments.count}`);
  return out;
}

/** Every page of the admin change feed from `since`: requests, bytes on the wire, server time. */
async function adminWalk(url, token, since) {
  const headers = { ...ACCEPT_ENCODING, authorization: token };
  const walk = { requests: 0, wireBytes: 0, ms: 0, things: 0, cursor: since, waiting: [] };
  for (let hasMore = true; hasMore; ) {
    const res = await measuredGet(url, `/api/admin/changes?since=${walk.cursor}`, headers);
    if (res.status !== 200) throw new Error(`admin changes answered ${res.status}`);
    walk.requests += 1;
    walk.wireBytes += res.bytes;
    walk.ms += res.ms;
    const { articles, comments, users, removed } = res.json;
    walk.things += articles.length + comments.length + users.length + removed.articles.length + removed.comments.length + removed.users.length;
    if (walk.waiting.length < 2) walk.waiting.push(...comments.filter((c) => !c.isApproved).map((c) => c._id));
    ({ cursor: walk.cursor, hasMore } = res.json);
  }
  walk.ms = round(walk.ms, 1);
  return walk;
}

/**
 * An admin device's sync: the first pull (the feed walked from the start), a round with nothing
 * new, and a round after ten changes made through the API (four visitor comments, two approvals,
 * three article edits, a draft published), in bytes on the wire against the first pull.
 */
async function adminSync(url, token, tier) {
  const first = await adminWalk(url, token, '0');
  const idle = await adminWalk(url, token, first.cursor);
  const write = (method, path, body) => api(url, method, path, { token, body, headers: { 'idempotency-key': key() } });
  for (let i = 0; i < 4; i++) {
    await write('POST', '/api/articles/add-comment', { article: tier.published[i], name: `Reader ${i}`, content: `A word of thanks (${i}).` });
  }
  for (const id of first.waiting.slice(0, 2)) await write('PUT', '/api/admin/comments/approve', { id });
  for (const id of tier.published.slice(-3)) {
    const { article } = await api(url, 'GET', `/api/articles/${id}`);
    const { _id, subtitle, content, category, isPublished, version } = article;
    await write('POST', '/api/articles/add', { article: JSON.stringify({ _id, title: `Changed ${_id}`, subtitle, content, category, isPublished, version }) });
  }
  await write('POST', '/api/articles/toggle-publish', { id: tier.drafts.at(-1) });
  const afterTen = await adminWalk(url, token, idle.cursor);
  const share = afterTen.wireBytes / first.wireBytes;
  const out = {
    first: { requests: first.requests, wireBytes: first.wireBytes, ms: first.ms, things: first.things },
    idle: { requests: idle.requests, wireBytes: idle.wireBytes, ms: idle.ms, met: idle.wireBytes <= ADMIN_IDLE_TARGET.bytes && idle.requests <= ADMIN_IDLE_TARGET.requests },
    afterTen: { requests: afterTen.requests, wireBytes: afterTen.wireBytes, ms: afterTen.ms, things: afterTen.things, shareOfFirst: share, met: share < ADMIN_TEN_CHANGES_TARGET_SHARE },
  };
  log(
    `scale: admin sync: first pull ${first.requests} requests, ${first.wireBytes} B, ${out.first.ms} ms; nothing new ${idle.requests} request(s), ${idle.wireBytes} B (${out.idle.met ? 'met' : 'MISSED'}); ` +
      `after ten changes ${afterTen.things} things, ${afterTen.wireBytes} B, ${(share * 100).toFixed(3)}% of the first pull (${out.afterTen.met ? 'met' : 'MISSED'})`,
  );
  return out;
}

/**
 * The admin screens in a browser, from an instance of their own on the same database that also
 * serves the PWA (the measured instance serves only the API, as the rows above measured it).
 */
async function adminScreens(database, uri, tier) {
  const server = await startBackend(database, { name: 'scale-pwa', pwa: true, seed: false, mongoUri: uri, env: SERVER_ENV, startTimeoutMs: SCALE_START_TIMEOUT_MS });
  try {
    return await benchAdminScreens(server.url, tier.admin);
  } finally {
    await server.stop();
  }
}

/** Every size of the tier on one backend's database server. */
async function onBackend(backend) {
  const database = backend === 'MONGODB_URI' ? await startDatabase() : await startDatabaseOn(backend);
  const results = [];
  try {
    for (const sizes of SCALE_SIZES) {
      const uri = databaseUri(database.baseUri, `scale_${sizes.articles}_${crypto.randomBytes(3).toString('hex')}`);
      const { tier, loadMs } = await loadTier(uri, sizes);
      database.analyze?.();
      log(`scale: ${backend}: loaded ${JSON.stringify(sizes)} in ${loadMs} ms (${JSON.stringify(tier.timings)})`);
      const startMs = performance.now();
      const server = await startBackend(database, { name: 'scale', mongoUri: uri, env: SERVER_ENV, startTimeoutMs: SCALE_START_TIMEOUT_MS });
      const serverStartMs = Math.round(performance.now() - startMs);
      try {
        probePath = `/api/admin/articles/${tier.published[0]}/revisions`;
        const { token } = await api(server.url, 'POST', '/api/admin/login', { body: { email: tier.admin.email, password: tier.admin.password } });
        const result = {
          database: BACKEND_NAMES[backend],
          sizes,
          loadMs,
          loadTimings: tier.timings,
          serverStartMs,
          // Writes first, on a quiet server: an admin call past its deadline leaves its query
          // running in the database for a while after its 503.
          writes: await part('writes', () => writes(server.url, token, tier, uri)),
          listAfterPublish: await part('listAfterPublish', () => listAfterPublish(server, token, tier)),
          firstSync: await part('firstSync', () => firstSync(server.url)),
          adminSync: await part('adminSync', () => adminSync(server.url, token, tier)),
          admin: await part('admin', () => adminReads(server.url, token)),
          publicWait: await part('publicWait', () => untilQuiet(server.url, token).then(() => publicWaitDuringAdmin(server.url, token, tier))),
          adminScreens: await part('adminScreens', () => adminScreens(database, uri, tier)),
        };
        console.log(JSON.stringify(result));
        results.push(result);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.stop();
  }
  return results;
}

export async function benchScale() {
  const results = [];
  for (const backend of BACKENDS) results.push(...(await onBackend(backend)));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchScale();
