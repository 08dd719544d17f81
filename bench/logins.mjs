// Readers while people log in: one reader's GET /api/articles/:id, one request
// after another, alone and then while LOGIN_CLIENTS clients log in without pause, against one
// server. Passwords are hashed on the server's worker threads (backend/src/modules/users/
// password-pool.ts); when bcrypt ran on the event loop, ten such clients took this read from
// 2.2 ms to 705 ms p50. The baseline is the same reads alone, in the same run.
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { log } from '../scripts/lib/proc.mjs';
import { api, createArticles, startBackend } from './lib/server.mjs';
import { ACCEPT_ENCODING, measuredGet } from './lib/http.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { percentile, round } from './lib/stats.mjs';

export const LOGIN_TARGETS = { readP50VsAlone: 2 };
export const LOGIN_CLIENTS = 10;
/** Each phase reads for this long: enough logins are answered meanwhile to be a fair mix. */
const READ_DURATION_S = 5;
const WARM_UP_READS = 50;
/** Logins before anything is measured: the threads start and bcrypt's code is compiled. */
const WARM_UP_LOGINS = 8;
/** The login clients run this long before the reads start, so the reads meet a full queue. */
const RAMP_MS = 1_000;

/** Reads `path` one after another for `seconds` (or `count` times): time to the last byte. */
async function reads(url, path, { seconds = Infinity, count = Infinity }) {
  // One kept-alive connection, as a browser tab reading one article after another.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  const endMs = performance.now() + seconds * 1000;
  while (times.length < count && performance.now() < endMs) {
    const res = await measuredGet(url, path, ACCEPT_ENCODING, agent);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    times.push(res.ms);
  }
  agent.destroy();
  return {
    count: times.length,
    p50Ms: round(percentile(times, 50), 2),
    p99Ms: round(percentile(times, 99), 1),
  };
}

/** `clients` loops, each logging in again as soon as it has its answer, until `stop.now`. */
function loginLoad(url, credentials, clients, stop) {
  const statuses = {};
  let answered = 0;
  const loop = async () => {
    while (!stop.now) {
      const res = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      answered++;
    }
  };
  const startedMs = performance.now();
  const done = Promise.all(Array.from({ length: clients }, loop));
  return {
    async finish() {
      stop.now = true;
      await done;
      return { perSecond: round(answered / ((performance.now() - startedMs) / 1000), 1), statuses };
    },
  };
}

/** `database` from bench/lib/server.mjs startDatabase(). */
export async function benchLogins(database) {
  const server = await startBackend(database, { name: 'bench_logins', seed: false });
  try {
    // The first registration is the administrator; its password is the one the clients send.
    const credentials = { email: 'bench-logins@example.org', password: crypto.randomBytes(12).toString('hex') };
    const { token } = await api(server.url, 'POST', '/api/admin/register', {
      body: { name: 'Bench Logins', ...credentials },
    });
    const [article] = await createArticles(server.url, token, 0, 1, (n) => articleInput(n));
    const path = `/api/articles/${article._id}`;
    for (let i = 0; i < WARM_UP_LOGINS; i++) await api(server.url, 'POST', '/api/admin/login', { body: credentials });
    await reads(server.url, path, { count: WARM_UP_READS });

    log(`logins: ${READ_DURATION_S} s of reads alone`);
    const alone = await reads(server.url, path, { seconds: READ_DURATION_S });
    log(`logins: ${READ_DURATION_S} s of reads while ${LOGIN_CLIENTS} clients log in`);
    const stop = { now: false };
    const load = loginLoad(server.url, credentials, LOGIN_CLIENTS, stop);
    let during;
    try {
      await new Promise((r) => setTimeout(r, RAMP_MS));
      during = await reads(server.url, path, { seconds: READ_DURATION_S });
    } catch (error) {
      await load.finish();
      throw error;
    }
    const logins = await load.finish();
    const ratio = round(during.p50Ms / alone.p50Ms, 2);
    log(`logins: p50 ${alone.p50Ms} ms alone, ${during.p50Ms} ms during logins (${ratio}×); ${logins.perSecond} logins/s`);
    return {
      loginClients: LOGIN_CLIENTS,
      readSeconds: READ_DURATION_S,
      // The server's default (PASSWORD_HASH_THREADS unset): one per core of this machine.
      hashThreads: Number(process.env.PASSWORD_HASH_THREADS) || os.availableParallelism(),
      alone,
      during,
      ratio,
      logins,
      met: ratio <= LOGIN_TARGETS.readP50VsAlone && Object.keys(logins.statuses).every((s) => s === '200'),
    };
  } finally {
    await server.stop();
  }
}
