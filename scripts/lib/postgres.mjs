// PostgreSQL for FerretDB's PostgreSQL handler (`DB=postgres`): installs Debian's server with apt
// when missing, makes a cluster in a folder (initdb) and runs it on a loopback port, and hands out
// the URL FerretDB connects with. Plain Node, no dependencies.
//
// Authentication: trust on the cluster's own Unix socket (in the cluster folder, reachable only by
// whoever can enter that folder), scram on TCP with no password set, so nobody logs in over the
// network. FerretDB and the backup tools connect through the socket.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstallStopped, log } from './proc.mjs';
import { waitForPort } from './db.mjs';
import { letUserThrough, spawnPrivate, spawnSyncPrivate } from './private-files.mjs';

export const POSTGRES_DATABASE = 'ferretdb';
const LOOKUP_INDEXES_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'ferretdb', 'pg-lookup-indexes.sql');
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 15_000;

function findBinDir() {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  // Debian keeps each major version apart; the newest installed one is used.
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/**
 * The folder of PostgreSQL's programs (initdb, postgres, pg_dump…), installing Debian's
 * `postgresql` package with apt when it is missing and we may (root + apt). Throws otherwise.
 */
export async function ensurePostgres() {
  let binDir = findBinDir();
  if (binDir) return binDir;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      'PostgreSQL is not installed. Install it (Debian: apt-get install postgresql), set ' +
        'POSTGRES_BIN_DIR to its programs, or set POSTGRES_URL to a cluster you already have.',
    );
  }
  log('installing postgresql with apt-get (once)');
  // Debian's package also makes a cluster of its own and would start it as a service; this project
  // runs its own cluster, so that service is kept stopped.
  await aptInstallStopped(['postgresql']);
  binDir = findBinDir();
  if (!binDir) throw new Error('apt-get installed postgresql, but its programs were not found.');
  return binDir;
}

/** Whether PostgreSQL is here or can be installed here (for `npm test`'s second backend run). */
export function postgresAvailable() {
  if (findBinDir()) return true;
  return process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
}

/**
 * The user the cluster runs as: PostgreSQL refuses to run as root, so as root it is `postgres`
 * (made by Debian's package), else whoever runs this.
 */
function clusterUser() {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!uid || !gid) throw new Error('PostgreSQL cannot run as root and there is no `postgres` user.');
  return { uid, gid };
}

function runAs(user, command, args, options = {}) {
  const result = spawnSyncPrivate(command, args, {
    encoding: 'utf8',
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    ...options,
  });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed: ${result.stderr || result.error}`);
  }
  return result.stdout;
}

/** The URL FerretDB (pgx) connects with: the cluster's socket folder as `host`. */
export function socketUrl(socketDir, port, database = POSTGRES_DATABASE) {
  return `postgres://postgres@127.0.0.1:${port}/${database}?host=${encodeURIComponent(socketDir)}`;
}

/**
 * Starts a cluster kept in `dataDir` (made with initdb the first time; reused after) on
 * 127.0.0.1:`port`, with the database FerretDB uses. Resolves to
 * { url, port, socketDir, binDir, pid, stop }.
 */
export async function startPostgres({ dataDir, port, quiet = true }) {
  const binDir = await ensurePostgres();
  const user = clusterUser();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // As root the cluster runs as `postgres`, which must pass through the folders above its own;
  // they are opened to that account only, never to everyone (scripts/lib/private-files.mjs).
  if (user) letUserThrough(dataDir, user);
  if (user) fs.chownSync(dataDir, user.uid, user.gid);
  fs.chmodSync(dataDir, 0o700);
  const pgData = path.join(dataDir, 'data');
  const socketDir = path.join(dataDir, 'run');
  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
    log(`making a PostgreSQL cluster in ${pgData} (initdb)`);
    fs.rmSync(pgData, { recursive: true, force: true });
    runAs(user, path.join(binDir, 'initdb'), [
      '-D', pgData, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256',
      '--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions',
    ]);
  }
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(socketDir, user.uid, user.gid);
  fs.chmodSync(socketDir, 0o700);

  const logFile = path.join(dataDir, 'postgres.log');
  const output = quiet ? fs.openSync(logFile, 'a', 0o600) : 'inherit';
  if (quiet) fs.chmodSync(logFile, 0o600);
  const child = spawnPrivate(
    path.join(binDir, 'postgres'),
    [
      '-D', pgData, '-p', String(port), '-k', socketDir,
      '-c', 'listen_addresses=127.0.0.1',
      // The socket trusts whoever connects: its owner's only (and in a 0700 folder).
      '-c', 'unix_socket_permissions=0700',
      // Small and quiet: a development or test cluster beside other work.
      '-c', 'max_connections=100', '-c', 'shared_buffers=64MB', '-c', 'logging_collector=off',
      '-c', `log_min_messages=${quiet ? 'warning' : 'notice'}`,
    ],
    { stdio: ['ignore', 'ignore', output], ...(user ? { uid: user.uid, gid: user.gid } : {}) },
  );
  if (typeof output === 'number') fs.closeSync(output);
  let exited = false;
  child.once('exit', () => (exited = true));
  const killOnExit = () => child.kill('SIGQUIT');
  process.once('exit', killOnExit);
  if (!(await waitForPort(port, START_TIMEOUT_MS, () => !exited)) || !(await ready(binDir, socketDir, port))) {
    child.kill('SIGKILL');
    throw new Error(`PostgreSQL did not start on port ${port} (cluster ${pgData}); see ${quiet ? logFile : 'its log above'}.`);
  }
  const psql = (sql, database = 'postgres') =>
    runAs(null, path.join(binDir, 'psql'), ['-h', socketDir, '-p', String(port), '-U', 'postgres', '-d', database, '-tAqc', sql]);
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${POSTGRES_DATABASE}'`).trim() !== '1') {
    psql(`CREATE DATABASE ${POSTGRES_DATABASE}`);
  }
  applyLookupIndexes(binDir, socketUrl(socketDir, port));

  const stop = () =>
    new Promise((resolve) => {
      process.removeListener('exit', killOnExit);
      if (exited) return resolve();
      const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      // Fast shutdown: open sessions are ended, everything written is kept.
      child.kill('SIGINT');
    });

  return { url: socketUrl(socketDir, port), port, socketDir, binDir, pgData, pid: child.pid, psql, stop };
}

/**
 * Installs the GIN lookup indexes FerretDB's `_id` and declared-field filters can use
 * (scripts/ferretdb/pg-lookup-indexes.sql: why, and what it measured). Throws if psql fails.
 */
export function applyLookupIndexes(binDir, url) {
  runAs(null, path.join(binDir, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-f', LOOKUP_INDEXES_SQL, url]);
}

/** Waits until the cluster accepts sessions (the port opens before recovery ends). */
async function ready(binDir, socketDir, port) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const r = spawnSync(path.join(binDir, 'pg_isready'), ['-h', socketDir, '-p', String(port), '-U', 'postgres', '-q']);
    if (r.status === 0) return true;
    await new Promise((res) => setTimeout(res, 200));
  }
  return false;
}

/**
 * FerretDB with its PostgreSQL handler: on `postgresUrl` (an existing cluster) when given, else
 * on a cluster of its own in `<dataDir>/postgres` on a free or given port. FerretDB's state file
 * and socket go in `<dataDir>/ferretdb-pg`. Resolves to { uri, socketPath, postgres, stop } (stop
 * ends both).
 */
export async function startFerretOnPostgres({ dataDir, postgresUrl, postgresPort, quiet = true }) {
  const { startFerret, freePort } = await import('./db.mjs');
  const postgres = postgresUrl
    ? null
    : await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: postgresPort ?? (await freePort()), quiet });
  if (postgresUrl) {
    try {
      applyLookupIndexes(await ensurePostgres(), postgresUrl);
    } catch (error) {
      // A managed cluster may not let this user make event triggers: everything works, slower.
      log(`lookup indexes not installed on POSTGRES_URL's cluster (lookups read whole tables): ${String(error.message).split('\n')[0]}`);
    }
  }
  let ferret;
  try {
    ferret = await startFerret({
      dataDir: path.join(dataDir, 'ferretdb-pg'),
      quiet,
      postgresUrl: postgresUrl ?? postgres.url,
    });
  } catch (error) {
    await postgres?.stop();
    throw error;
  }
  return {
    uri: ferret.uri,
    socketPath: ferret.socketPath,
    pid: ferret.pid,
    ferret,
    postgres,
    async stop() {
      await ferret.stop();
      await postgres?.stop();
    },
  };
}

/**
 * The database server tests and benches run on: FerretDB on SQLite by default, on PostgreSQL with
 * `DB=postgres` (a throw-away cluster, or POSTGRES_URL's). Resolves to { uri, stop }.
 */
export async function startTestDatabase({ dataDir }) {
  const { startFerret } = await import('./db.mjs');
  if (process.env.DB === 'postgres') {
    return startFerretOnPostgres({ dataDir, postgresUrl: process.env.POSTGRES_URL || undefined });
  }
  return startFerret({ dataDir });
}
