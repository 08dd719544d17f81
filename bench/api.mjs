// API throughput on loopback: autocannon against the real server (real database, 500
// articles) for GET /api/articles/all, the delta feed with nothing new, and the same list asked
// with If-None-Match (answered 304 without serialising), each against a bare Koa server
// answering a fixed body of the same bytes (the framework's ceiling) in its own process.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { log } from '../scripts/lib/proc.mjs';
import { freePort, waitForPort } from '../scripts/lib/db.mjs';
import { measuredGet, pullFeed } from './sync.mjs';
import { round } from './lib/stats.mjs';

export const API_ARTICLES = 500;
export const API_DURATION_S = 5;
export const API_CONNECTIONS = 10;
/** Target: at least half the ceiling's requests per second. */
export const API_TARGET_RATIO = 0.5;
const WARMUP_S = 1;

function load(url, headers = {}, duration = API_DURATION_S) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, connections: API_CONNECTIONS, duration, pipelining: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(url, headers, expectedStatus) {
  await load(url, headers, WARMUP_S);
  const result = await load(url, headers);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  const unexpected = Object.entries(statuses).filter(([code]) => Number(code) !== expectedStatus);
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses,
    allExpected: unexpected.length === 0 && result.errors + result.timeouts === 0,
  };
}

async function startBareKoa(dir, routes) {
  const port = await freePort();
  const args = [
    String(port),
    ...Object.entries(routes).map(([route, body]) => {
      const file = path.join(dir, `${route.replace(/\W/g, '_')}.json`);
      fs.writeFileSync(file, body);
      return `${route}=${file}`;
    }),
  ];
  const child = fork(new URL('./lib/bare-koa.mjs', import.meta.url), args, { stdio: 'inherit' });
  if (!(await waitForPort(port, 10_000))) throw new Error('The bare Koa server did not start.');
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) =>
        child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')),
      ),
  };
}

/** `server` holds exactly API_ARTICLES published articles. `tmpDir` keeps the ceiling's bodies. */
export async function benchApi(server, tmpDir) {
  const all = await measuredGet(server.url, '/api/articles/all');
  if (all.json.articles.length !== API_ARTICLES)
    throw new Error(`the list has ${all.json.articles.length} articles`);
  const { cursor } = await pullFeed(server.url);
  const deltaPath = `/api/sync/articles?since=${cursor}&limit=200`;
  const delta = await measuredGet(server.url, deltaPath);
  if (delta.json.articles.length !== 0) throw new Error('the delta feed is not empty');
  const conditional = await measuredGet(server.url, '/api/articles/all', {
    'if-none-match': all.etag,
  });
  if (conditional.status !== 304)
    throw new Error(`If-None-Match answered ${conditional.status}, not 304`);

  const allBody = JSON.stringify(all.json);
  const deltaBody = JSON.stringify(delta.json);
  const bare = await startBareKoa(tmpDir, { '/all': allBody, '/delta': deltaBody });
  const bareAll = await measuredGet(bare.url, '/all');
  const results = {};
  try {
    const cases = [
      ['list', `${server.url}/api/articles/all`, {}, 200, `${bare.url}/all`, {}],
      ['deltaNothingNew', server.url + deltaPath, {}, 200, `${bare.url}/delta`, {}],
      [
        'list304',
        `${server.url}/api/articles/all`,
        { 'if-none-match': all.etag },
        304,
        `${bare.url}/all`,
        { 'if-none-match': bareAll.etag },
      ],
    ];
    for (const [name, url, headers, status, ceilingUrl, ceilingHeaders] of cases) {
      log(`api: ${name} (${API_DURATION_S} s each, real then ceiling)`);
      const real = await measure(url, headers, status);
      const ceiling = await measure(ceilingUrl, ceilingHeaders, status);
      const ratio = real.requestsPerSecond / ceiling.requestsPerSecond;
      results[name] = {
        real,
        ceiling,
        ratio: round(ratio, 2),
        targetMet: ratio >= API_TARGET_RATIO && real.allExpected,
      };
    }
  } finally {
    await bare.stop();
  }
  return {
    articles: API_ARTICLES,
    connections: API_CONNECTIONS,
    durationS: API_DURATION_S,
    listBodyBytes: Buffer.byteLength(allBody),
    deltaBodyBytes: Buffer.byteLength(deltaBody),
    conditionalStatus: conditional.status,
    ...results,
  };
}
