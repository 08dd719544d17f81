// A server of a test's own over a database loaded in bulk with the scale tier
// (scripts/lib/scale-tier.mjs, backend/test/scale-tier.ts), for the browser tests that need a
// library larger than the shared server's: started before the test's pages, stopped after them.
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { ROOT } from '../../scripts/lib/proc.mjs';
import { backendEnv } from './backend-env.ts';

const SERVER_START_TIMEOUT_MS = 90_000;

/** What scripts/lib/scale-tier.mjs prints of the tier it loaded. */
export interface LoadedTier {
  admin: { email: string; password: string };
  published: string[];
}

export interface TierServer {
  url: string;
  tier: LoadedTier;
  stop: () => Promise<void>;
}

/** Loads a tier of `sizes` (articles, comments, users, lessons) from `seed` and starts a server on it. */
export async function startTierServer(name: string, sizes: Record<string, number>, seed: number): Promise<TierServer> {
  // A database of its own, loaded before its server starts (no server may run on it meanwhile).
  const uri = new URL(inject('e2eMongoUri'));
  uri.pathname = `/e2e_${name}_${crypto.randomBytes(4).toString('hex')}`;
  const loaded = await promisify(execFile)(process.execPath, ['scripts/lib/scale-tier.mjs', uri.toString(), JSON.stringify(sizes), String(seed)], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const tier = JSON.parse(loaded.stdout) as LoadedTier;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fw-e2e-${name}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: backendEnv({ port, mongoUri: uri.toString(), dataDir, jwtSecret: crypto.randomBytes(32).toString('hex') }),
  });
  let exited = false;
  server.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (!(await waitForPort(port, SERVER_START_TIMEOUT_MS, () => !exited))) {
    await stop();
    throw new Error(`The server of its own (${name}) did not start.`);
  }
  return { url: `http://localhost:${port}`, tier, stop };
}
