// Set-up steps shared by `npm start`, `npm test` and `npm run bench`: install what is missing,
// build the PWA when its sources changed. Plain Node, no dependencies (they may not be installed yet).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for Debian's chromium here: root needs --no-sandbox; the closed network needs the rest. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function log(message) {
  process.stderr.write(`[setup] ${message}\n`);
}

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Tools `npm start` itself runs: the server is TypeScript run by tsx, the PWA is built by vite. */
const START_TOOLS = ['tsx', 'vite'];

/**
 * `npm ci` when node_modules is missing, older than the lock file, or lacks a start tool. Always
 * with the development dependencies (--include=dev): `NODE_ENV=production` would otherwise make
 * npm leave out tsx and vite, and a fresh clone could not build or run. They are build tools on
 * disk; nothing from them is served.
 */
export async function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const toolsPresent = START_TOOLS.every((tool) => fs.existsSync(path.join(ROOT, 'node_modules', '.bin', tool)));
  if (toolsPresent && fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('installing npm dependencies (npm ci --include=dev)');
  await run('npm', ['ci', '--include=dev', '--no-audit', '--no-fund']);
}

const POLICY_RC = '/usr/sbin/policy-rc.d';

/**
 * `apt-get install` of server packages (postgresql, haproxy) without starting their services:
 * the scripts run their own instances on free ports, and Debian's packages would otherwise start a
 * cluster on 5432 or a load balancer that nobody stops. Where no policy-rc.d says so already, one
 * that refuses every start is in place for the install only.
 */
export async function aptInstallStopped(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ownPolicy = !fs.existsSync(POLICY_RC);
  if (ownPolicy) fs.writeFileSync(POLICY_RC, '#!/bin/sh\n# Written by scripts/lib/proc.mjs during an install.\nexit 101\n', { mode: 0o755 });
  try {
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
  } finally {
    if (ownPolicy) fs.rmSync(POLICY_RC, { force: true });
  }
}

/** Installs Debian's chromium for the browser tests when it is missing and we may (root + apt). */
export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it (Debian: apt-get install chromium) ` +
        'or set CHROMIUM_PATH.',
    );
  }
  log('installing chromium with apt-get (once)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export const PWA_DIST = path.join(ROOT, 'pwa', 'dist');

/** Builds the PWA unless dist/ is newer than every source it is made from. */
export async function buildPwaIfStale() {
  const builtAt = newestMtime(path.join(PWA_DIST, 'index.html'));
  // package-lock.json: a new version of a package the build reads (the Bible text's) rebuilds too.
  const sources = ['pwa/src', 'pwa/public', 'pwa/index.html', 'pwa/vite.config.ts', 'pwa/vite-plugins', 'contracts/src', 'package-lock.json'];
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  if (builtAt > changedAt) return;
  log('building the PWA (vite build)');
  await run('npm', ['run', 'build', '-w', 'pwa', '--silent']);
}
