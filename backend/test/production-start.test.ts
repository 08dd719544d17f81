// `NODE_ENV=production npm start` on the embedded database: the server is
// started with the environment scripts/start.mjs gives it, and must seed no known account; the
// first registration becomes the administrator, as on a MONGODB_URI database.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { ROOT } from '../../scripts/lib/proc.mjs';
import { seedDemoDefault } from '../../scripts/lib/server-env.mjs';
import { loadDemoAdmin } from '../src/seed/seed-data.ts';
import { testDatabaseUri } from './harness.ts';

const SERVER_START_TIMEOUT_MS = 60_000;

describe('the demo seed decision of npm start', () => {
  it.each([
    [{ NODE_ENV: 'production' }, true, 'false'],
    [{ NODE_ENV: 'production' }, false, 'false'],
    [{ NODE_ENV: 'development' }, true, 'true'],
    [{}, true, 'true'],
    [{}, false, 'false'],
    [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, true, 'true'],
    [{ NODE_ENV: 'development', SEED_DEMO: 'false' }, true, 'false'],
  ])('%j, embedded database %s → SEED_DEMO=%s', (env, embeddedDatabase, expected) => {
    expect(seedDemoDefault({ env, embeddedDatabase })).toBe(expected);
  });
});

describe('a production server on the embedded database', () => {
  let server: ChildProcess;
  let url: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-prod-'));
  const post = async (p: string, body: unknown) => {
    const res = await fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const port = await freePort();
    const env = { ...process.env, NODE_ENV: 'production', SEED_DEMO: undefined };
    server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...env,
        PORT: String(port),
        MONGODB_URI: testDatabaseUri(),
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SEED_DEMO: seedDemoDefault({ env, embeddedDatabase: true }),
      },
    });
    await waitForPort(port, SERVER_START_TIMEOUT_MS);
    url = `http://127.0.0.1:${port}`;
  }, SERVER_START_TIMEOUT_MS + 5_000);
  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no demo administrator, and the first registration becomes the administrator', async () => {
    const { email, password } = loadDemoAdmin();
    const demo = await post('/api/admin/login', { email, password });
    expect(demo.status).toBe(401);
    const first = await post('/api/admin/register', { name: 'Owner', email: 'owner@example.test', password: 'a long password' });
    expect(first.status).toBe(201);
    expect(first.body.token).toEqual(expect.any(String));
    const second = await post('/api/admin/register', { name: 'Later', email: 'later@example.test', password: 'a long password' });
    expect(second.status).toBe(201);
    expect(second.body.token).toBeUndefined();
  });
});

describe('a production start without PUBLIC_URL', () => {
  it('refuses to run, saying what to set (as without JWT_SECRET)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        MONGODB_URI: testDatabaseUri(),
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        PUBLIC_URL: '',
      },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let timer: NodeJS.Timeout | undefined;
    const code = await new Promise<number | null | 'still running'>((resolve) => {
      child.once('exit', resolve);
      timer = setTimeout(() => resolve('still running'), SERVER_START_TIMEOUT_MS - 10_000);
    });
    clearTimeout(timer);
    // A server that started anyway is stopped here, not left behind.
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/PUBLIC_URL must be set in production/);
  }, SERVER_START_TIMEOUT_MS);
});
