// Several instances behind a real load balancer: PostgreSQL, FerretDB on it (on its private socket), N backend
// instances (backend/src/main.ts) and HAProxy (Debian's package, installed with apt when missing)
// in front, checking each instance's /api/health (503 once it is told to stop: readiness).
// Used by scripts/topology.mjs (`npm run topology`) and the load-balancer soak test.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, PWA_DIST, aptInstallStopped, log } from './proc.mjs';
import { freePort, waitForPort } from './db.mjs';
import { startFerretOnPostgres, startPostgres } from './postgres.mjs';

const START_TIMEOUT_MS = 60_000;
/** HAProxy checks each instance this often; two failures take it out, two passes put it back. */
const CHECK_INTERVAL_MS = 500;

/** HAProxy's program, installing Debian's package when missing and we may (root + apt). */
export async function ensureHaproxy() {
  const found = spawnSync('which', ['haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0 || spawnSync('which', ['apt-get']).status !== 0) {
    throw new Error('HAProxy is not installed (Debian: apt-get install haproxy).');
  }
  log('installing haproxy with apt-get (once)');
  await aptInstallStopped(['haproxy']);
  return spawnSync('which', ['haproxy'], { encoding: 'utf8' }).stdout.trim();
}

/**
 * The load balancer's configuration. Writes carry Idempotency-Keys, so HAProxy may send a request
 * again to the other instance when the first could not be reached or hung up without an answer
 * (`retry-on`); `redispatch` lets that retry go elsewhere.
 */
export function haproxyConfig({ port, instances }) {
  return `global
  maxconn 4000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 30s
  timeout http-request 20s
  # A check may take longer than its interval: the instance's own answer decides (its database
  # ping gives up after 2 s, connection.ts isDatabaseReachable), so a slow answer on a busy
  # machine does not take a working instance out. A stopped or draining one fails at once.
  timeout check 2500ms
  option redispatch
  retries 2
  retry-on conn-failure empty-response

frontend site
  bind 127.0.0.1:${port}
  # The client's address for rate limits and visitors' keys (the instances run with TRUST_PROXY
  # and one trusted hop): the connection's address, replacing whatever the client sent, so a
  # forged X-Forwarded-For never reaches an instance ("option forwardfor" would append to it).
  http-request set-header X-Forwarded-For %[src]
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter ${CHECK_INTERVAL_MS}ms fall 2 rise 2
${instances.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

function spawnInstance({ port, env }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited };
}

/**
 * Starts the whole topology with its data under `dir`. Resolves to handles for the soak: the
 * balancer's URL, each instance's own URL, and kill/start of one instance and of the database.
 */
export async function startTopology({ dir, instances = 2, port, env = {} }) {
  const haproxyBin = await ensureHaproxy();
  fs.mkdirSync(dir, { recursive: true });
  const postgresPort = await freePort();
  let postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port: postgresPort });
  const ferret = await startFerretOnPostgres({ dataDir: dir, postgresUrl: postgres.url });
  const lbPort = port ?? (await freePort());
  const publicUrl = `http://127.0.0.1:${lbPort}`;
  const appEnv = {
    NODE_ENV: 'production',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    // HAProxy is the one proxy in front (haproxyConfig sets X-Forwarded-For to what it saw).
    TRUSTED_PROXY_HOPS: '1',
    MONGODB_URI: `${ferret.uri}family`,
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    // Long enough for two failed checks (CHECK_INTERVAL_MS each) before it stops accepting.
    SHUTDOWN_GRACE_MS: String(CHECK_INTERVAL_MS * 4),
    ...(fs.existsSync(path.join(PWA_DIST, 'index.html')) ? { STATIC_DIR: PWA_DIST } : {}),
    ...env,
  };
  const ports = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const running = new Array(instances).fill(null);

  async function startInstance(i) {
    const instance = spawnInstance({ port: ports[i], env: appEnv });
    running[i] = instance;
    let exited = false;
    instance.exited.then(() => (exited = true));
    if (!(await waitForPort(ports[i], START_TIMEOUT_MS, () => !exited))) {
      instance.child.kill('SIGKILL');
      throw new Error(`Instance ${i + 1} did not start on port ${ports[i]}.`);
    }
  }
  async function stopInstance(i, signal = 'SIGTERM') {
    const instance = running[i];
    if (!instance) return null;
    running[i] = null;
    if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
    return instance.exited;
  }

  let haproxy = null;
  const cleanup = () => {
    for (const r of running) r?.child.kill('SIGKILL');
    haproxy?.kill('SIGKILL');
  };
  process.once('exit', cleanup);
  try {
    await Promise.all(ports.map((_, i) => startInstance(i)));
    const configFile = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(configFile, haproxyConfig({ port: lbPort, instances: ports }));
    haproxy = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (!(await waitForPort(lbPort, START_TIMEOUT_MS, () => haproxy.exitCode === null))) {
      throw new Error(`HAProxy did not start on port ${lbPort}.`);
    }
  } catch (error) {
    cleanup();
    await ferret.stop();
    await postgres.stop();
    throw error;
  }

  return {
    url: publicUrl,
    instanceUrls: ports.map((p) => `http://127.0.0.1:${p}`),
    mongoUri: appEnv.MONGODB_URI,
    jwtSecret: appEnv.JWT_SECRET,
    startInstance,
    /** SIGTERM drains (readiness); SIGKILL is a crash. Resolves when the process is gone. */
    stopInstance,
    /** The database goes away (fast shutdown) and comes back on the same port and data. */
    async restartDatabase(downMs = 2_000) {
      await postgres.stop();
      await new Promise((r) => setTimeout(r, downMs));
      postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port: postgresPort });
    },
    async stop() {
      process.removeListener('exit', cleanup);
      await Promise.all(running.map((_, i) => stopInstance(i)));
      if (haproxy && haproxy.exitCode === null) {
        haproxy.kill('SIGTERM');
        await new Promise((r) => haproxy.once('exit', r));
      }
      await ferret.stop();
      await postgres.stop();
    },
  };
}
