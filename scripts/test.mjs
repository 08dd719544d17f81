// `npm test`: from a fresh clone, the same provisioning as `npm start` (dependencies, the database
// binary, the PWA build, chromium for browser tests), then every test on FerretDB over SQLite (the
// browser tests last), and beside the browser tests the backend's tests again on FerretDB over
// PostgreSQL when PostgreSQL is here or can be installed (TEST_POSTGRES=false leaves that run out;
// file filters given after -- make one run over SQLite of what they name).
// `npm run test:postgres` (`--postgres`): the backend and browser tests on PostgreSQL only.
// The type check and lint run beside the last tests (they need no database).
// Ends with one summary line: "tests: N passed, N failed", where every failure of any kind counts
// (a failed test, a test file that fails to load, the type check, lint, a vitest crash), and the
// exit code is non-zero whenever that count is.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import {
  ROOT,
  log,
  ensureDependencies,
  ensureChromium,
  buildPwaIfStale,
  run,
} from './lib/proc.mjs';
import { ensureFerretBinary } from './lib/db.mjs';
import { ensurePostgres, postgresAvailable } from './lib/postgres.mjs';
import { ensureHaproxy } from './lib/topology.mjs';

const postgresOnly = process.argv.includes('--postgres');
const extraArgs = process.argv.slice(2).filter((a) => a !== '--postgres');

await ensureDependencies();
if (!process.env.MONGODB_URI) ensureFerretBinary();
await ensureChromium();
// The proxy-address test puts the shipped HAProxy in front of the app in the default run too.
await ensureHaproxy();
await buildPwaIfStale();

/** Failed tests by file and name, printed again above the closing line. */
const failedTestNames = [];

/** Failures that are not a failed test: each one counts as one failure in the closing line. */
const otherFailures = [];

/**
 * The vitest runs, in stages one after another; the runs of one stage at the same time. Each run
 * has a label, extra environment and arguments.
 */
const stages = [];
if (postgresOnly) {
  if (process.env.MONGODB_URI) throw new Error('`--postgres` runs on FerretDB: unset MONGODB_URI.');
  if (!process.env.POSTGRES_URL) await ensurePostgres();
  stages.push([
    {
      label: 'postgres',
      env: { DB: 'postgres' },
      args: ['--project', 'backend', '--project', 'e2e', ...extraArgs],
    },
  ]);
} else if (extraArgs.length) {
  stages.push([{ label: 'sqlite', env: {}, args: extraArgs }]);
} else {
  // The fast projects on both cores first; then the browser tests (one browser at a time) beside
  // the backend's tests on PostgreSQL (one file at a time): a browser test spends much of its
  // time waiting on the page, so the two share the machine well and the whole run stays within
  // half an hour on two cores.
  stages.push([
    {
      label: 'sqlite',
      env: {},
      args: ['--project', 'contracts', '--project', 'backend', '--project', 'pwa'],
    },
  ]);
  const last = [{ label: 'browsers', env: {}, args: ['--project', 'e2e'] }];
  const wanted = process.env.TEST_POSTGRES !== 'false' && !process.env.MONGODB_URI;
  if (wanted && (process.env.POSTGRES_URL || postgresAvailable())) {
    try {
      if (!process.env.POSTGRES_URL) await ensurePostgres();
      last.push({
        label: 'postgres',
        env: { DB: 'postgres' },
        args: ['--project', 'backend', '--maxWorkers=1'],
      });
    } catch (error) {
      // The SQLite run is the product's default; PostgreSQL is tested where it can be had.
      log(`the backend tests on PostgreSQL are left out: ${error.message}`);
    }
  }
  stages.push(last);
}
const runs = stages.flat();

const DESCRIPTIONS = {
  sqlite: 'on FerretDB over SQLite',
  browsers: 'in chromium, on FerretDB over SQLite',
  postgres: 'on FerretDB over PostgreSQL',
};

/**
 * One vitest run; resolves with its exit code. `quiet`: its output goes to a log file, printed
 * whole when it ends, so two runs at once do not interleave their lines.
 */
function vitest({ label, env, args }, reportFile, quiet) {
  const logFile = reportFile.replace(/\.json$/, '.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = quiet ? fs.openSync(logFile, 'w') : 'inherit';
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        ...args,
      ],
      { cwd: ROOT, stdio: ['ignore', out, out], env: { ...process.env, ...env } },
    );
    child.once('exit', (c, signal) => {
      if (quiet) {
        fs.closeSync(out);
        log(`vitest ${DESCRIPTIONS[label]} ended; its output:`);
        process.stdout.write(fs.readFileSync(logFile));
      }
      resolve(c ?? (signal ? 1 : 0));
    });
  });
}

/** Types and lint are part of passing: a red type check is a broken build. */
async function checks() {
  for (const script of ['typecheck', 'lint']) {
    try {
      await run('npm', ['run', script, '--silent']);
    } catch {
      otherFailures.push(`npm run ${script} failed`);
    }
  }
}

const codes = new Map();
async function runVitest(run, quiet) {
  const reportFile = path.join(
    ROOT,
    'test-results',
    `vitest${run.label === 'sqlite' ? '' : `-${run.label}`}.json`,
  );
  fs.rmSync(reportFile, { force: true });
  if (runs.length > 1)
    log(
      `vitest ${DESCRIPTIONS[run.label]}${quiet ? ' (at the same time; its output follows when it ends)' : ''}`,
    );
  codes.set(run, { reportFile, code: await vitest(run, reportFile, quiet) });
}

// A stage's first run prints as it goes; the others run one after another beside it, and beside
// the last stage's first run the type check and lint follow them (they need no database).
for (const [n, [first, ...beside]] of stages.entries()) {
  await Promise.all([
    runVitest(first, false),
    (async () => {
      for (const other of beside) await runVitest(other, true);
      if (n === stages.length - 1) await checks();
    })(),
  ]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
let anyCode = 0;
for (const run of runs) {
  const { reportFile, code } = codes.get(run);
  const counts = readReport(reportFile, run.label);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  // Anything else vitest failed on (an unhandled error between tests, a crash after the report).
  if (code !== 0 && counts.failed + counts.otherFailures === 0)
    otherFailures.push(`vitest (${run.label}) exited with code ${code}`);
  anyCode ||= code;
}

/**
 * A failure in a few words for the closing lines: its first line, then for a browser action that
 * timed out what it waited for and its last step ("element intercepts pointer events", "not
 * stable"), and the line of the test file it stopped at.
 */
function briefFailure(message, file) {
  const lines = message.split('\n');
  const parts = [lines[0].slice(0, 300)];
  const steps = lines.filter((line) => /^\s+- /.test(line)).map((line) => line.trim().slice(2));
  if (steps.length)
    parts.push(`waiting for ${steps[0].replace(/^waiting for /, '').slice(0, 200)}`);
  if (steps.length > 1) parts.push(`last: ${steps.at(-1).slice(0, 200)}`);
  const base = path.basename(file);
  const at = lines.find((line) => line.includes(base) && /:\d+:\d+/.test(line));
  if (at) parts.push(`at ${base}:${at.match(/:(\d+):\d+/)[1]}`);
  return parts.join(' | ');
}

function readReport(reportFile, label) {
  const where = runs.length > 1 || label !== 'sqlite' ? ` (${label})` : '';
  const before = otherFailures.length;
  if (!fs.existsSync(reportFile)) {
    otherFailures.push(`vitest${where} wrote no report (it crashed or was stopped)`);
    return { passed: 0, failed: 0, skipped: 0, otherFailures: 1 };
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  for (const file of report.testResults ?? []) {
    const name = path.relative(ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    // Named again at the end, so a log that keeps only its last lines says which test failed.
    for (const test of failedTests) {
      failedTestNames.push(
        `${name}${where} > ${test.fullName}: ${briefFailure(test.failureMessages?.[0] ?? '', name)}`,
      );
    }
    // A file that fails to load (syntax error, a throwing import or hook) has no failed test in it.
    if (file.status === 'failed' && failedTests.length === 0) {
      otherFailures.push(
        `${name}${where} failed outside its tests: ${(file.message ?? '').split('\n')[0]}`,
      );
    }
  }
  if (report.numTotalTests === 0) otherFailures.push(`no test ran${where}`);
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    otherFailures: otherFailures.length - before,
  };
}

for (const name of failedTestNames) console.error(`FAILED TEST: ${name}`);
for (const failure of otherFailures) console.error(`FAILED: ${failure}`);
failed += otherFailures.length;
let summary = `tests: ${passed} passed, ${failed} failed`;
if (skipped) summary += `, ${skipped} skipped`;
console.log(summary);
process.exit(failed || anyCode ? 1 : 0);
