// The embedded database: builds FerretDB (SQLite backend) from its Go module once into .tools/,
// and starts/stops instances of it on private Unix sockets. Plain Node, no dependencies.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, log } from './proc.mjs';
import { lockDown, makePrivateDir, spawnPrivate } from './private-files.mjs';
import { accepts, clearSocketPath, socketAccepts, socketOwnedBy, socketPathFor } from './ferret-socket.mjs';

const FERRETDB_VERSION = 'v1.24.2';
const TOOLS_DIR = path.join(ROOT, '.tools');
const BIN_PATH = path.join(TOOLS_DIR, 'bin', 'ferretdb');
const STAMP_PATH = `${BIN_PATH}.version`;
const GO_MODULE_DIR = path.join(ROOT, 'scripts', 'ferretdb');
const ID_INDEX_BIN_PATH = path.join(TOOLS_DIR, 'bin', 'ferretdb-idindex');
const ID_INDEX_SOURCES = ['idindex/main.go', 'go.mod', 'go.sum'];
/** How often the companion looks for collection tables that lack the `_id` lookup index. */
const ID_INDEX_EVERY = '500ms';
const START_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 5_000;

function findGo() {
  for (const candidate of ['go', '/usr/local/go/bin/go', '/usr/lib/go/bin/go']) {
    try {
      execFileSync(candidate, ['version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new Error(
    'The Go toolchain (1.22 or newer) is needed to build the embedded database FerretDB. ' +
      'Install Go, or set MONGODB_URI to a MongoDB server you already have.',
  );
}

/** Builds the FerretDB binary unless the pinned version is already there; returns its path. */
export function ensureFerretBinary() {
  ensureIdIndexBinary();
  if (fs.existsSync(BIN_PATH) && fs.readFileSync(STAMP_PATH, 'utf8').trim() === FERRETDB_VERSION) {
    return BIN_PATH;
  }
  const go = findGo();
  log(`building FerretDB ${FERRETDB_VERSION} with ${go} (once; about a minute)`);
  const goEnv = { ...process.env, GOFLAGS: '-mod=mod -buildvcs=false', CGO_ENABLED: '0' };
  // `go install pkg@version` asks the proxy for the module's version list, which is not always
  // reachable; downloading the pinned version named in scripts/ferretdb/go.mod never needs it.
  const info = JSON.parse(
    execFileSync(go, ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'], {
      cwd: GO_MODULE_DIR,
      env: goEnv,
      encoding: 'utf8',
    }),
  );
  const srcDir = path.join(TOOLS_DIR, 'ferretdb-src');
  fs.rmSync(srcDir, { recursive: true, force: true });
  fs.cpSync(info.Dir, srcDir, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', srcDir]);
  // The module ships without the version files its release builds generate; without them the
  // binary refuses to start.
  const versionDir = path.join(srcDir, 'build', 'version');
  fs.writeFileSync(path.join(versionDir, 'version.txt'), `${FERRETDB_VERSION}\n`);
  for (const name of ['commit.txt', 'branch.txt', 'package.txt']) {
    fs.writeFileSync(path.join(versionDir, name), 'unknown\n');
  }
  fs.mkdirSync(path.dirname(BIN_PATH), { recursive: true });
  execFileSync(go, ['build', '-o', BIN_PATH, './cmd/ferretdb'], {
    cwd: srcDir,
    env: goEnv,
    stdio: 'inherit',
  });
  fs.writeFileSync(STAMP_PATH, `${FERRETDB_VERSION}\n`);
  fs.rmSync(srcDir, { recursive: true, force: true });
  return BIN_PATH;
}

/**
 * Builds scripts/ferretdb/idindex (our companion that gives every collection table an index on the
 * expression FerretDB filters `_id` lookups by; see its header) unless its sources are unchanged.
 */
function ensureIdIndexBinary() {
  const hash = crypto.createHash('sha256');
  for (const file of ID_INDEX_SOURCES) hash.update(fs.readFileSync(path.join(GO_MODULE_DIR, file)));
  const digest = hash.digest('hex');
  const stamp = `${ID_INDEX_BIN_PATH}.sources`;
  if (
    fs.existsSync(ID_INDEX_BIN_PATH) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === digest
  )
    return;
  const go = findGo();
  log('building the FerretDB `_id` lookup-index companion (scripts/ferretdb/idindex)');
  fs.mkdirSync(path.dirname(ID_INDEX_BIN_PATH), { recursive: true });
  execFileSync(go, ['build', '-o', ID_INDEX_BIN_PATH, './idindex'], {
    cwd: GO_MODULE_DIR,
    env: { ...process.env, GOFLAGS: '-mod=mod -buildvcs=false', CGO_ENABLED: '0' },
    stdio: 'inherit',
  });
  fs.writeFileSync(stamp, digest);
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const portAccepts = (port, host = '127.0.0.1') => accepts({ port, host });

export async function waitForPort(port, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    if (await portAccepts(port)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * Starts FerretDB with its data in dataDir, listening on a Unix socket only (no TCP port: the
 * database has no accounts, so only the owner of the socket's 0700 folder may connect); with
 * `postgresUrl`, its PostgreSQL handler on that cluster instead (dataDir then keeps only FerretDB's
 * state file and log). Its files are made with umask 077 and older ones lose group/other access.
 * Resolves to { uri, socketPath, pid, stop } once its own process accepts connections.
 */
export async function startFerret({ dataDir, quiet = true, postgresUrl }) {
  const bin = ensureFerretBinary();
  makePrivateDir(dataDir);
  lockDown(dataDir);
  const socketPath = socketPathFor(dataDir);
  await clearSocketPath(socketPath, dataDir);
  const handler = postgresUrl
    ? ['--handler=postgresql', `--postgresql-url=${postgresUrl}`]
    : ['--handler=sqlite', `--sqlite-url=file:${dataDir}/`];
  // On PostgreSQL FerretDB logs every refused duplicate insert as an error, and a unique insert is
  // how this product claims things (db/claims/claim.ts): there its output goes to a file beside its state.
  const output =
    postgresUrl && quiet ? fs.openSync(path.join(dataDir, 'ferretdb.log'), 'a', 0o600) : 'inherit';
  const child = spawnPrivate(
    bin,
    [
      ...handler,
      `--state-dir=${dataDir}`,
      // No TCP listener at all: an empty address turns it off.
      '--listen-addr=',
      `--listen-unix=${socketPath}`,
      '--debug-addr=-',
      '--telemetry=disable',
      `--log-level=${quiet ? 'error' : 'warn'}`,
    ],
    { stdio: ['ignore', output, output] },
  );
  if (typeof output === 'number') fs.closeSync(output);
  let exitCode = null;
  let exited = false;
  child.once('exit', (code, signal) => {
    exited = true;
    exitCode = signal ?? code;
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  // Ready when the socket accepts and it is this child's: never a server someone else started.
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ready = false;
  while (!exited && Date.now() < deadline) {
    if ((await socketAccepts(socketPath)) && !exited && socketOwnedBy(socketPath, child.pid)) {
      ready = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!ready) {
    child.kill('SIGKILL');
    process.removeListener('exit', killOnExit);
    throw new Error(
      exited
        ? `FerretDB exited (${exitCode}) before it listened on ${socketPath}; see its output ${quiet && postgresUrl ? `in ${path.join(dataDir, 'ferretdb.log')}` : 'above'}.`
        : `FerretDB did not listen on ${socketPath} within ${START_TIMEOUT_MS} ms.`,
    );
  }
  // Lives as long as FerretDB: indexes each collection table within ID_INDEX_EVERY of its creation.
  // SQLite only: on PostgreSQL FerretDB makes the `_id` index (and the declared ones) itself.
  const companion = postgresUrl
    ? null
    : spawnPrivate(ID_INDEX_BIN_PATH, ['-dir', dataDir, '-every', ID_INDEX_EVERY, '-while-pid', String(child.pid)], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
  const killCompanion = () => companion?.kill('SIGKILL');
  process.once('exit', killCompanion);
  child.once('exit', killCompanion);

  const stop = () =>
    new Promise((resolve) => {
      process.removeListener('exit', killOnExit);
      process.removeListener('exit', killCompanion);
      killCompanion();
      const ownFolder = path.dirname(socketPath);
      const done = () => {
        if (ownFolder !== path.join(path.resolve(dataDir), 'run')) fs.rmSync(ownFolder, { recursive: true, force: true });
        resolve();
      };
      if (exited) return done();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.kill('SIGTERM');
    });

  // The driver takes a socket as the host, percent-encoded.
  return { uri: `mongodb://${encodeURIComponent(socketPath)}/`, socketPath, stop, pid: child.pid };
}
