// Behind a load balancer: on SIGTERM the real server (backend/src/main.ts) says it is not
// ready (health 503, `ready: false`) while still answering, finishes a request that is in flight
// (its body still arriving), then stops accepting and exits cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { ROOT } from '../../scripts/lib/proc.mjs';
import { testDatabaseUri } from './harness.ts';

const SERVER_START_TIMEOUT_MS = 60_000;
/** Long enough for the checks below on a busy machine; a balancer's own checks need about 1-3 s. */
const GRACE_MS = 3_000;

describe('a server told to stop (SIGTERM)', () => {
  let server: ChildProcess;
  let port: number;
  let exited: Promise<number | null>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-drain-'));

  beforeAll(async () => {
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        MONGODB_URI: testDatabaseUri(),
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        SHUTDOWN_LIMIT_MS: '20000',
      },
    });
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    expect(await waitForPort(port, SERVER_START_TIMEOUT_MS)).toBe(true);
  }, SERVER_START_TIMEOUT_MS + 5_000);
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says not ready, answers the request in flight, then closes and exits 0', async () => {
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) });
      return { status: res.status, body: (await res.json()) as { ready?: boolean; success?: boolean } };
    };
    expect(await health()).toMatchObject({ status: 200, body: { success: true, ready: true } });

    // A login whose body is only half sent: the request is in flight until the rest arrives.
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not the password' });
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // Still answering, on a new connection, but no longer ready: a balancer takes it out.
    const draining = await health();
    expect(draining).toMatchObject({ status: 503, body: { success: false, ready: false } });

    // The request in flight gets its real answer (401: no such account), and its connection
    // is closed after it.
    socket.write(body.slice(10));
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received.toLowerCase()).toContain('connection: close');

    expect(await exited).toBe(0);
    // Nothing listens any more.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
