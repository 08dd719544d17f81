// The server at 500, 2,000 and 10,000 articles (~800 words, 5 approved comments each): what a
// "nothing new?" poll, a 304, one article by id, a first sync, a delta sync and single writes cost
// as the library grows, and the same reads from a second, freshly started instance on the same
// database. Reads are measured against a bare Koa server sending the same bytes (the framework's
// ceiling, bench/lib/bare-koa.mjs) or, for syncs, one download of the full list, in the same run.
//
// The first article and its comments are written through the API; the rest are copies of those
// documents written straight into the database (bench/lib/bulk-library.mjs), so the run takes
// minutes. Every measured write goes through the API, one client in sequence, and then comments
// from ten clients at once. The writes' baseline is the bare floor of any write: one `insertOne` of
// a comment-sized document through the same driver into the same database, in the same run, one
// after another and ten at once.
import crypto from 'node:crypto';
import { log } from '../scripts/lib/proc.mjs';
import { api, createArticles, registerAdmin, startBackend } from './lib/server.mjs';
import { growLibrary, readTemplate } from './lib/bulk-library.mjs';
import {
  LOAD_CONNECTIONS,
  LOAD_DURATION_S,
  PWA_SYNC_PAGE_ITEMS,
  fullList,
  measuredGet,
  pullFeed,
  startBareKoa,
  underLoad,
} from './lib/http.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { encodingCost } from './lib/encoding-cost.mjs';
import { approve, atOnce, bareInserts, key, postComment, timed } from './lib/writes.mjs';
import { median, round } from './lib/stats.mjs';

export const SERVER_SIZES = (process.env.BENCH_SERVER_SIZES ?? '500,2000,10000')
  .split(',')
  .map(Number);
export const SERVER_TARGETS = {
  /** Polls, 304s and one article by id: at least this share of the ceiling's req/s. */
  ceilingShare: 0.5,
  /** A first sync takes at most this many times one download of the full list. */
  firstSyncVsFullList: 2,
  /** The delta after 10 changes, at the largest size. */
  deltaMs: 100,
  deltaShareOfFirstSync: 0.01,
  /** Server CPU of a list or feed answer for gzip-only and plain clients, against brotli's. */
  encodingVsBrotli: 2,
  /** Writes: p50 under this at every size ... */
  writeP50Ms: 10,
  /** ... and flat: p50 at the largest size at most this many times (plus 1 ms) the smallest's. */
  writeFlatFactor: 1.5,
  /** A comment and an edit: p50 at most this many times the bare insert's p50. */
  writeVsBareInsert: 1.5,
  /** Comments from ten clients at once: at least this share of the bare inserts one by one per second. */
  concurrentCommentsVsBareOneByOne: 1,
};
const COMMENTS_EACH = 5;
const CHANGED_ARTICLES = 10;
const WRITES_EACH = 100;
const CONCURRENT_CLIENTS = 10;
/** Writes per client when ten write at once. */
const CONCURRENT_EACH = 30;
const SYNC_REPEATS = 3;
// Every comment keeps its Idempotency-Key record (the usual case): the default hourly budget of
// visitors' records would run out within the bench's thousands of comments, and past it a comment
// is stored without one, which is cheaper and not what a visitor normally meets.
const SERVER_ENV = { RATE_LIMIT_COMMENT: '1000000', RATE_LIMIT_ANON_KEYS: '1000000' };

async function repeated(run, label) {
  const runs = [];
  for (let i = 0; i < SYNC_REPEATS; i++) runs.push(await run());
  log(`server: ${label}: ${runs.map((r) => `${round(r.ms, 1)} ms`).join(', ')}`);
  return { ...runs[0], ms: round(median(runs.map((r) => r.ms)), 1) };
}

/** A seeded pick of `count` distinct indexes below `size`, spread over the whole library. */
function spread(size, count, seed) {
  const picked = new Set();
  let x = seed;
  while (picked.size < Math.min(count, size)) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    picked.add(x % size);
  }
  return [...picked];
}

async function saveArticle(url, token, article, title) {
  const { _id, subtitle, content, category, isPublished, version } = article;
  const body = {
    article: JSON.stringify({ _id, title, subtitle, content, category, isPublished, version }),
  };
  return (
    await api(url, 'POST', '/api/articles/add', {
      token,
      body,
      headers: { 'idempotency-key': key() },
    })
  ).article;
}

/** Real against ceiling, both under the same load; the ratio and whether it meets the target. */
async function againstCeiling(realUrl, headers, status, ceilingUrl, ceilingHeaders, options) {
  const real = await underLoad(realUrl, headers, status, options);
  const ceiling = await underLoad(ceilingUrl, ceilingHeaders, status);
  const ratio = round(real.requestsPerSecond / ceiling.requestsPerSecond, 2);
  return { real, ceiling, ratio, met: real.allExpected && ratio >= SERVER_TARGETS.ceilingShare };
}

/** The reads a device makes against `url`: first sync, delta from `before`, polls. */
async function syncFigures(url, { before, changed, fullMs, repeats }) {
  const first = repeats ? await repeated(() => pullFeed(url), 'first sync') : await pullFeed(url);
  const delta = repeats
    ? await repeated(() => pullFeed(url, before), 'delta')
    : await pullFeed(url, before);
  if (delta.articles !== changed)
    throw new Error(`the delta brought ${delta.articles} articles, not ${changed}`);
  return {
    firstSync: {
      ms: round(first.ms, 1),
      bytes: first.bytes,
      pages: first.pages,
      vsFullList: round(first.ms / fullMs, 2),
    },
    delta: {
      ms: round(delta.ms, 1),
      bytes: delta.bytes,
      shareOfFirstSync: delta.bytes / first.bytes,
    },
    cursor: first.cursor,
  };
}

async function measureSize(database, mongoUri, token, size, tmpDir, env) {
  log(`server: ${size} articles, instance A (fresh)`);
  const a = await startBackend(database, { name: 'bench_server', seed: false, mongoUri, env });
  let b;
  let bare;
  try {
    const list = await measuredGet(a.url, '/api/articles/all');
    if (list.json.articles.length !== size)
      throw new Error(`the list has ${list.json.articles.length} articles`);
    const articles = list.json.articles;
    const full = await repeated(() => fullList(a.url), 'full list');

    log(`server: ${size}: first sync, then polls against the ceiling`);
    const before = await pullFeed(a.url);
    const pollPath = `/api/sync/articles?since=${before.cursor}&limit=${PWA_SYNC_PAGE_ITEMS}`;
    const poll = await measuredGet(a.url, pollPath);
    if (poll.json.articles.length !== 0) throw new Error('the delta feed is not empty');
    const byIdPath = `/api/articles/${articles[Math.floor(size / 2)]._id}`;
    const byId = await measuredGet(a.url, byIdPath);
    const conditional = { 'if-none-match': list.etag, 'accept-encoding': 'br, gzip' };
    const notModified = await measuredGet(a.url, '/api/articles/all', conditional);
    if (notModified.status !== 304) throw new Error(`If-None-Match answered ${notModified.status}`);
    bare = await startBareKoa(tmpDir, {
      '/poll': poll,
      '/one': byId,
      '/all': notModified,
    });
    const bareAll = { etag: list.etag };
    const accept = { 'accept-encoding': 'br, gzip' };
    const reads = {
      poll: await againstCeiling(a.url + pollPath, accept, 200, `${bare.url}/poll`, accept),
      notModified: await againstCeiling(
        a.url + '/api/articles/all',
        conditional,
        304,
        `${bare.url}/all`,
        {
          'if-none-match': bareAll.etag,
        },
      ),
      byId: await againstCeiling(a.url + byIdPath, accept, 200, `${bare.url}/one`, accept),
    };

    log(`server: ${size}: CPU per answer by accepted encoding`);
    const feedPagePath = `/api/sync/articles?limit=${PWA_SYNC_PAGE_ITEMS}`;
    const encodings = {
      list: await encodingCost(a.pid, a.url + '/api/articles/all'),
      feed: { ...(await encodingCost(a.pid, a.url + feedPagePath)), items: PWA_SYNC_PAGE_ITEMS },
    };

    log(`server: ${size}: ${CHANGED_ARTICLES} articles changed, the delta`);
    for (const i of spread(size, CHANGED_ARTICLES, size))
      await saveArticle(a.url, token, articles[i], `${articles[i].title} (revised)`);
    const onA = await syncFigures(a.url, {
      before: before.cursor,
      changed: CHANGED_ARTICLES,
      fullMs: full.ms,
      repeats: true,
    });

    log(`server: ${size}: instance B, started fresh on the same database`);
    const startedB = performance.now();
    b = await startBackend(database, { name: 'bench_server', seed: false, mongoUri, env });
    const readyMs = round(performance.now() - startedB, 0);
    // Its own first download of the list is the baseline: nothing of it is compressed yet either.
    const fullB = await fullList(b.url);
    const onB = await syncFigures(b.url, {
      before: before.cursor,
      changed: CHANGED_ARTICLES,
      fullMs: fullB.ms,
      repeats: false,
    });
    const bReads = {
      poll: await againstCeiling(
        `${b.url}/api/sync/articles?since=${onB.cursor}&limit=${PWA_SYNC_PAGE_ITEMS}`,
        accept,
        200,
        `${bare.url}/poll`,
        accept,
        { warmUp: false },
      ),
      notModified: await againstCeiling(
        `${b.url}/api/articles/all`,
        { ...conditional, 'if-none-match': (await measuredGet(b.url, '/api/articles/all')).etag },
        304,
        `${bare.url}/all`,
        { 'if-none-match': bareAll.etag },
        { warmUp: false },
      ),
    };
    await b.stop();
    b = undefined;

    log(`server: ${size}: bare insertOne baseline (same database and driver)`);
    const bareInsert = await bareInserts(mongoUri, {
      count: WRITES_EACH,
      clients: CONCURRENT_CLIENTS,
      each: CONCURRENT_EACH,
    });
    log(
      `server: ${size}: bare insert p50 ${bareInsert.oneByOne.p50Ms} ms, ${bareInsert.oneByOne.perSecond}/s one by one, ${bareInsert.tenAtOnce.perSecond}/s ten at once`,
    );

    log(`server: ${size}: writes, one client in sequence (${WRITES_EACH} of each)`);
    const targets = spread(size, WRITES_EACH, size + 7).map((i) => articles[i]);
    const posted = [];
    const comment = await timed(WRITES_EACH, async (i) =>
      posted.push(await postComment(a.url, targets[i]._id, i)),
    );
    const saveTargets = spread(size, WRITES_EACH, size + 13).map((i) => articles[i]);
    const save = await timed(WRITES_EACH, (i) =>
      saveArticle(a.url, token, saveTargets[i], `${saveTargets[i].title} (edited ${i})`).catch(
        async (error) => {
          // One of the ten changed above: its version moved on; save the stored copy instead.
          if (error.status !== 409) throw error;
          const { article } = await api(a.url, 'GET', `/api/articles/${saveTargets[i]._id}`);
          return saveArticle(a.url, token, article, `${article.title} (edited ${i})`);
        },
      ),
    );
    const approval = await timed(WRITES_EACH, (i) => approve(a.url, token, posted[i]._id));
    log(`server: ${size}: comments from ${CONCURRENT_CLIENTS} clients at once`);
    const concurrentComments = await atOnce(CONCURRENT_CLIENTS, CONCURRENT_EACH, (i) =>
      postComment(a.url, targets[i % targets.length]._id, WRITES_EACH + i),
    );
    const ratio = (write) => round(write.p50Ms / bareInsert.oneByOne.p50Ms, 2);
    log(
      `server: ${size}: comment p50 ${comment.p50Ms} ms (${ratio(comment)}x bare), edit ${save.p50Ms} ms (${ratio(save)}x), approval ${approval.p50Ms} ms; ${concurrentComments.perSecond} comments/s at once`,
    );

    return {
      size,
      fullList: { ms: round(full.ms, 1), bytes: full.bytes },
      bodies: {
        pollBytes: poll.bytes,
        byIdBytes: byId.bytes,
        encoding: byId.encoding ?? 'identity',
      },
      reads,
      encodings,
      a: onA,
      b: {
        ...onB,
        reads: bReads,
        readyMs,
        fullList: { ms: round(fullB.ms, 1), bytes: fullB.bytes },
      },
      writes: {
        bare: bareInsert,
        comment: { ...comment, vsBare: ratio(comment) },
        save: { ...save, vsBare: ratio(save) },
        approve: { ...approval, vsBare: ratio(approval) },
        concurrentComments: {
          ...concurrentComments,
          vsBareOneByOne: round(concurrentComments.perSecond / bareInsert.oneByOne.perSecond, 2),
        },
      },
    };
  } finally {
    await bare?.stop();
    await b?.stop();
    await a.stop();
  }
}

/** `database` from bench/lib/server.mjs startDatabase(); `tmpDir` keeps the ceiling's bodies. */
export async function benchServer(database, tmpDir) {
  const env = { ...SERVER_ENV, JWT_SECRET: crypto.randomBytes(32).toString('hex') };
  const first = await startBackend(database, { name: 'bench_server', seed: false, env });
  let template;
  let token;
  try {
    token = await registerAdmin(first.url);
    const input = articleInput(0);
    const [article] = await createArticles(first.url, token, 0, 1, () => input);
    // Copies carry the generator's HTML as stored: the sanitiser must keep it as it is.
    if (article.content !== input.content)
      throw new Error('The sanitiser changed the generated article HTML.');
    for (let i = 0; i < COMMENTS_EACH; i++)
      await approve(first.url, token, (await postComment(first.url, article._id, i))._id);
    template = { id: article._id };
  } finally {
    await first.stop();
  }
  const { template: doc, comments } = await readTemplate(first.mongoUri, template.id);
  const sizes = {};
  let have = 1;
  for (const size of SERVER_SIZES) {
    log(`server: writing articles ${have + 1}…${size} in bulk`);
    await growLibrary(first.mongoUri, {
      from: have,
      target: size,
      commentsEach: COMMENTS_EACH,
      template: doc,
      comments,
    });
    have = size;
    sizes[size] = await measureSize(database, first.mongoUri, token, size, tmpDir, env);
  }
  return {
    connections: LOAD_CONNECTIONS,
    durationS: LOAD_DURATION_S,
    commentsEach: COMMENTS_EACH,
    changed: CHANGED_ARTICLES,
    pageItems: PWA_SYNC_PAGE_ITEMS,
    writesEach: WRITES_EACH,
    concurrentClients: CONCURRENT_CLIENTS,
    concurrentEach: CONCURRENT_EACH,
    sizes,
  };
}
