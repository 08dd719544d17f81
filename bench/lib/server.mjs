// The real product for the benchmarks: a throw-away FerretDB on a private socket (or MONGODB_URI with a
// fresh database name) and the real backend (backend/src/main.ts) in its own process.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT, PWA_DIST } from '../../scripts/lib/proc.mjs';
import { freePort, startFerret, waitForPort } from '../../scripts/lib/db.mjs';
import { POSTGRES_DATABASE, startFerretOnPostgres } from '../../scripts/lib/postgres.mjs';
import { decode } from './http.mjs';

const SERVER_START_TIMEOUT_MS = 60_000;

/** One database server for the whole bench run; each backend gets a database of its own on it. */
export async function startDatabase() {
  if (!process.env.MONGODB_URI) return startDatabaseOn('sqlite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-'));
  return {
    baseUri: process.env.MONGODB_URI,
    dataDir,
    stop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A throw-away FerretDB over SQLite (`sqlite`) or over a PostgreSQL cluster of its own (`postgres`). */
export async function startDatabaseOn(backend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fw-bench-${backend}-`));
  const server =
    backend === 'postgres'
      ? await startFerretOnPostgres({ dataDir })
      : await startFerret({ dataDir: path.join(dataDir, 'db') });
  return {
    baseUri: server.uri,
    dataDir,
    /**
     * Brings PostgreSQL's planner statistics up to date after a bulk load (as after a restore):
     * until autovacuum's next round (up to a minute), `_id` lookups may read whole tables. And
     * writes the load's pages out now (a checkpoint): the checkpoint the load's WAL sets off
     * otherwise ran through the timed writes (at 10,000 articles a bare insert's p50 was 6.6 ms
     * in two runs, against 1.15 ms at 500).
     */
    analyze() {
      server.postgres?.psql('ANALYZE', POSTGRES_DATABASE);
      server.postgres?.psql('CHECKPOINT', POSTGRES_DATABASE);
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function databaseUri(baseUri, name) {
  const url = new URL(baseUri);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts backend/src/main.ts on a free port over a new database `name`. With `pwa`, it also
 * serves the built PWA and seeds the demo content (as `npm start` does on a fresh install) unless
 * `seed` is false; `env` adds to the server's environment; `mongoUri` (another instance's) shares
 * that instance's database; `startTimeoutMs` is how long its start may take (a large library's
 * read model is built before it listens).
 */
export async function startBackend(
  database,
  { name, pwa = false, seed = pwa, env = {}, mongoUri, startTimeoutMs = SERVER_START_TIMEOUT_MS },
) {
  const port = await freePort();
  const uri =
    mongoUri ?? databaseUri(database.baseUri, `${name}_${crypto.randomBytes(3).toString('hex')}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      // Required in production: the address the bench's browser opens.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MONGODB_URI: uri,
      DATA_DIR: database.dataDir,
      ...(pwa ? { STATIC_DIR: PWA_DIST } : {}),
      SEED_DEMO: seed ? 'true' : 'false',
      ...env,
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  if (!(await waitForPort(port, startTimeoutMs, () => !exited))) {
    child.kill('SIGKILL');
    throw new Error(`The backend (${name}) did not start.`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** The database it uses: another instance given this shares it. */
    mongoUri: uri,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * The bench's connections to the server: kept open between requests, as a browser keeps its own.
 * node:http, not fetch: on this machine undici's fetch took the bench's own process 0.9-1.3 ms of
 * CPU a request where node:http took 0.3-0.45 ms, and a single comment's time 5.1-6.8 ms where it
 * was 3.8-4.3 ms through node:http (bench/server.mjs's writes, the same server taking turns): the
 * write rows timed the client as much as the server, and ten clients' load took CPU from both.
 */
const keepAlive = new http.Agent({ keepAlive: true });
const API_TIMEOUT_MS = 30_000;

/** JSON over HTTP with a time limit; throws with the server's message on an error status. */
export function api(baseUrl, method, urlPath, { body, token, headers = {} } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + urlPath,
      {
        method,
        agent: keepAlive,
        timeout: API_TIMEOUT_MS,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': payload.length }),
          // As a browser asks: the server compresses its answers as it would for the PWA.
          'accept-encoding': 'gzip, deflate, br',
          ...(token ? { authorization: token } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let data = null;
          try {
            data = JSON.parse(decode(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8'));
          } catch {
            // Not JSON (an empty answer): data stays null, as the status still says how it went.
          }
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve(data);
          reject(Object.assign(new Error(`${method} ${urlPath}: ${status} ${data?.message ?? ''}`), { status }));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${API_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** On an empty database the first registration is the administrator: returns its token. */
export async function registerAdmin(baseUrl) {
  const { token } = await api(baseUrl, 'POST', '/api/admin/register', {
    body: {
      name: 'Bench Admin',
      email: 'bench-admin@example.org',
      password: crypto.randomBytes(12).toString('hex'),
    },
  });
  if (!token) throw new Error('The first registration did not get an admin token.');
  return token;
}

/**
 * Creates articles n = from … to-1 (generated by `make(n)`) through POST /api/articles/add as the
 * admin, a few at a time; returns the created articles.
 */
export async function createArticles(baseUrl, token, from, to, make, concurrency = 4) {
  const created = new Array(to - from);
  let next = from;
  async function worker() {
    while (next < to) {
      const n = next++;
      for (let attempt = 0; ; attempt++) {
        try {
          const { article } = await api(baseUrl, 'POST', '/api/articles/add', {
            token,
            body: { article: JSON.stringify(make(n)) },
          });
          created[n - from] = article;
          break;
        } catch (error) {
          // 503: the server asks to try again (busy saving other changes).
          if (error.status !== 503 || attempt >= 5) throw error;
          await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
        }
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return created;
}
