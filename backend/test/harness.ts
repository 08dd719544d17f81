// Integration-test harness: a real app on a free port, over HTTP, against the real database
// (a fresh database per call, so test files never see each other's data).
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type mongoose from 'mongoose';
import { inject } from 'vitest';
import type Koa from 'koa';
import { createApp } from '../src/app.ts';
import type { Config, RateLimits } from '../src/config.ts';
import { connectDatabase } from '../src/db/connection.ts';
import { passwordPool, type PasswordPool } from '../src/modules/users/password-pool.ts';
import { scripturePool, type ScripturePool } from '../src/modules/scripture/scripture-pool.ts';
import { createHttpServer, listen } from '../src/http-server.ts';

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

interface RequestOptions {
  body?: unknown;
  /** A raw body sent as is (for broken JSON). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  url: string;
  config: Config;
  connection: mongoose.Connection;
  /** The Koa app itself, for tests that inspect what is mounted. */
  koa: Koa;
  /** The app's password pool, for tests that watch what is hashed or checked. */
  passwords: PasswordPool;
  /** The app's citation threads, for seeds and migrations a test runs itself. */
  scripture: ScripturePool;
  request<T = Record<string, unknown>>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** High enough that no ordinary test trips them; rate-limit tests pass tiny ones instead. */
export const TEST_RATE_LIMITS: RateLimits = {
  login: { limit: 1000, windowMs: 60_000 },
  register: { limit: 1000, windowMs: 60_000 },
  comment: { limit: 1000, windowMs: 60_000 },
  spaceCreate: { limit: 1000, windowMs: 60_000 },
  spaceWrite: { limit: 1000, windowMs: 60_000 },
  // No login failure delay: tests fail logins on purpose many times over.
  loginDelayMaxMs: 0,
};

/**
 * A rate-limit window that lasts the whole test run. Windows start at whole multiples of their
 * length since the epoch (db/claims/window-slots.ts windowOf), so any fixed length has boundaries,
 * and a test that crosses one sees its counter start again (with a window of a minute, a test's
 * third request would be counted afresh whenever the clock passed a whole minute before it). This
 * length puts the run in the `k`th window, which ends six hours from now; another `k` is another
 * window, with its own id.
 */
export function runLongWindowMs(k = 1): number {
  return Math.ceil((Date.now() + 6 * 3600_000) / k);
}

/** One VAPID pair for every test app of this process, so no test writes a key file under data/. */
const TEST_VAPID = (() => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
})();

export function testDatabaseUri(): string {
  const base = inject('mongoUri');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestAppOptions {
  /** Emit the driver's command events on the app's connection (round-trip counts). */
  monitorCommands?: boolean;
}

/**
 * Apps of this process open on each test database: the last to close drops it, so closing one of
 * two instances never drops the database under the other while it still writes.
 */
const appsOn = new Map<string, number>();

export async function startTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // Listening first: the site's address (PUBLIC_URL) defaults to the one it listens on.
  const server = createHttpServer(overrides.server);
  await listen(server, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Config = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    mongoUri: testDatabaseUri(),
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    dataDir: 'data',
    seedDemo: false,
    corsOrigins: [],
    trustProxy: false,
    rateLimits: TEST_RATE_LIMITS,
    publicUrl: url,
    ...overrides,
    reminders: { vapid: TEST_VAPID, ...overrides.reminders },
  };
  const connection = await connectDatabase(config.mongoUri, { monitorCommands: options.monitorCommands });
  appsOn.set(connection.name, (appsOn.get(connection.name) ?? 0) + 1);
  const passwords = passwordPool(config.passwordHashing);
  const scripture = scripturePool(config.scriptureLinking);
  const app = createApp({ config, connection, passwords, scripture });
  server.on('request', app.callback());

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body, signal: AbortSignal.timeout(25_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: leave the text for the assertion to show
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  return {
    url,
    config,
    connection,
    koa: app,
    passwords,
    scripture,
    request,
    async close() {
      await new Promise((r) => server.close(r));
      await passwords.close();
      await scripture.close();
      const others = (appsOn.get(connection.name) ?? 1) - 1;
      if (others > 0) appsOn.set(connection.name, others);
      else {
        appsOn.delete(connection.name);
        // Index builds the app began (mongoose's autoIndex) end first: a write that reaches
        // FerretDB over SQLite while it drops a database can make the database again under a
        // connection still writing to the old one's files. One fresh clone's shared FerretDB died
        // while building an index on a test database (a Go SIGBUS in SQLite's shared memory).
        await Promise.allSettled(Object.values(connection.models).map((model) => model.init()));
        await connection.dropDatabase().catch(() => {});
      }
      await connection.close();
    },
  };
}

/** Two instances of the backend on one fresh database, as a load balancer would run them. */
export async function startTwoInstances(): Promise<[TestApp, TestApp]> {
  const mongoUri = testDatabaseUri();
  const first = await startTestApp({ mongoUri });
  const second = await startTestApp({ mongoUri, jwtSecret: first.config.jwtSecret });
  return [first, second];
}
