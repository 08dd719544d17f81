// A forged X-Forwarded-For through the shipped load balancer (scripts/lib/topology.mjs's HAProxy
// configuration, HAProxy installed like `npm run topology` does): the app behind it runs with
// TRUST_PROXY and its default of one trusted hop, and tiny limits. A client that writes a new
// random X-Forwarded-For on every request is still one address: its login failures and its
// registrations and its comments meet the 429 after the limit.
// In the default (FerretDB on SQLite) pass: the app is the test harness's, only HAProxy is real.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHaproxy, haproxyConfig } from '../../scripts/lib/topology.mjs';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { LOGIN_ADDRESS_FACTOR } from '../src/middleware/login-limits.ts';
import { runLongWindowMs, startTestApp, TEST_RATE_LIMITS, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { createArticle, newKey } from './content-fixtures.ts';

const TINY = { limit: 2, windowMs: runLongWindowMs() };
const forged = () => `198.51.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** HAProxy with the topology's configuration in front of the given local ports. */
async function startBalancer(dir: string, instances: number[]): Promise<Balancer> {
  const bin = await ensureHaproxy();
  const port = await freePort();
  const configFile = path.join(dir, `haproxy-${port}.cfg`);
  fs.writeFileSync(configFile, haproxyConfig({ port, instances }));
  const child: ChildProcess = spawn(bin, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  if (!(await waitForPort(port, 30_000, () => child.exitCode === null))) {
    child.kill('SIGKILL');
    throw new Error(`HAProxy did not start on port ${port}.`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forged(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(25_000),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('a forged X-Forwarded-For through HAProxy', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-proxy-'));
  let app: TestApp;
  let balancer: Balancer;

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: true, rateLimits: { ...TEST_RATE_LIMITS, login: TINY, register: TINY, comment: TINY } });
    balancer = await startBalancer(dir, [Number(new URL(app.url).port)]);
    // Long enough for a first run to install HAProxy (ensureHaproxy: apt, as `npm run topology`).
  }, 300_000);
  afterAll(async () => {
    await balancer?.stop();
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('still meets the login limit per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < TINY.limit * LOGIN_ADDRESS_FACTOR + 3; i++) {
      const email = `guess${i}@example.test`;
      statuses.push((await send(`${balancer.url}/api/admin/login`, 'POST', { email, password: 'wrong password' })).status);
    }
    const allowed = TINY.limit * LOGIN_ADDRESS_FACTOR;
    expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(401));
    expect(statuses.slice(allowed)).toEqual([429, 429, 429]);
  });

  it('still meets the registration limit per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < TINY.limit + 2; i++) {
      const body = { name: `Forger ${i}`, email: `forger${i}@example.test`, password: 'long enough' };
      statuses.push((await send(`${balancer.url}/api/admin/register`, 'POST', body)).status);
    }
    expect(statuses).toEqual([...Array(TINY.limit).fill(201), 429, 429]);
  });

  it("still meets the comment limit per address", async () => {
    const article = await createArticle(app, (await createUser(app)).token);
    const statuses: number[] = [];
    for (let i = 0; i < TINY.limit + 2; i++) {
      statuses.push((await send(`${balancer.url}/api/articles/add-comment`, 'POST', { article: article._id, name: 'Ann', content: `Hello ${i}` }, { 'idempotency-key': newKey() })).status);
    }
    expect(statuses).toEqual([...Array(TINY.limit).fill(201), 429, 429]);
  });
});

describe("the topology's HAProxy configuration", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-proxy-echo-'));
  let echo: http.Server;
  let balancer: Balancer;

  /** How long the instance takes to answer a health check (a busy machine's database ping). */
  let healthDelayMs = 0;

  beforeAll(async () => {
    // An instance that answers with the X-Forwarded-For it was sent (and 200 to health checks).
    echo = http.createServer((req, res) => {
      if (req.url === '/api/health' && healthDelayMs) setTimeout(() => res.end('{"success":true}'), healthDelayMs);
      else res.end(String(req.headers['x-forwarded-for'] ?? ''));
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    balancer = await startBalancer(dir, [(echo.address() as AddressInfo).port]);
  }, 120_000);
  afterAll(async () => {
    await balancer?.stop();
    await new Promise((r) => echo?.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hands the instances the connection address alone, never what the client wrote', async () => {
    for (const header of [forged(), `${forged()}, ${forged()}`, 'not an address']) {
      expect((await send(`${balancer.url}/anything`, 'GET', undefined, { 'x-forwarded-for': header })).text).toBe('127.0.0.1');
    }
    expect(await (await fetch(`${balancer.url}/anything`)).text()).toBe('127.0.0.1');
  });

  it('keeps an instance whose health checks answer slower than they come (a busy machine)', async () => {
    healthDelayMs = 1500;
    try {
      // Several checks' worth of time (each 0.5 s apart): the instance is never taken out.
      const statuses: number[] = [];
      for (const end = Date.now() + 4000; Date.now() < end; ) {
        statuses.push((await send(`${balancer.url}/anything`, 'GET')).status);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      healthDelayMs = 0;
    }
  });
});
