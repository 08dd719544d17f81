// Browser tests run against the real product: the built PWA served by the real backend on a free
// port, over a real FerretDB seeded with the demo content (or MONGODB_URI when set); FerretDB on
// SQLite files, or with DB=postgres on a throw-away PostgreSQL cluster (scripts/lib/postgres.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { startTestDatabase } from '../../scripts/lib/postgres.mjs';
import { ROOT, PWA_DIST } from '../../scripts/lib/proc.mjs';
import { backendEnv } from './backend-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    e2eMongoUri: string;
    /** The server's token secret, so tests can make an expired token. */
    jwtSecret: string;
  }
}

const SERVER_START_TIMEOUT_MS = 60_000;

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(PWA_DIST, 'index.html'))) {
    throw new Error('The PWA is not built: run `npm test` (it builds first) or `npm run build`.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-e2e-'));
  let db: Awaited<ReturnType<typeof startTestDatabase>> | null = null;
  let mongoUri = process.env.MONGODB_URI;
  if (mongoUri) {
    const url = new URL(mongoUri);
    url.pathname = `/e2e_${crypto.randomBytes(4).toString('hex')}`;
    mongoUri = url.toString();
  } else {
    db = await startTestDatabase({ dataDir: path.join(dataDir, 'db') });
    mongoUri = `${db.uri}e2e`;
  }
  const port = await freePort();
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...backendEnv({ port, mongoUri, dataDir, jwtSecret }), SEED_DEMO: 'true' },
  });
  let exited = false;
  server.once('exit', () => (exited = true));
  if (!(await waitForPort(port, SERVER_START_TIMEOUT_MS, () => !exited))) {
    server.kill('SIGKILL');
    await db?.stop();
    throw new Error('The server did not start for the browser tests.');
  }
  project.provide('baseURL', `http://localhost:${port}`);
  project.provide('e2eMongoUri', mongoUri);
  project.provide('jwtSecret', jwtSecret);
  return async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await db?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
