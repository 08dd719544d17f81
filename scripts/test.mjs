// `npm test`: from a fresh clone, the same provisioning as `npm start` (dependencies, the database
// binary, the PWA build, chromium for browser tests), then every test in one vitest run.
// Ends with one summary line: "tests: N passed, N failed", where every failure of any kind counts
// (a failed test, a test file that fails to load, the type check, lint, a vitest crash), and the
// exit code is non-zero whenever that count is.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, ensureDependencies, ensureChromium, buildPwaIfStale, run } from './lib/proc.mjs';
import { ensureFerretBinary } from './lib/db.mjs';

await ensureDependencies();
if (!process.env.MONGODB_URI) ensureFerretBinary();
await ensureChromium();
await buildPwaIfStale();

const reportFile = path.join(ROOT, 'test-results', 'vitest.json');
fs.rmSync(reportFile, { force: true });
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
];
const code = await new Promise((resolve) => {
  const child = spawn('npx', args, { cwd: ROOT, stdio: 'inherit' });
  child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
});

// Types and lint are part of passing: a red type check is a broken build.
/** Failures that are not a failed test: each one counts as one failure in the closing line. */
const otherFailures = [];
for (const script of ['typecheck', 'lint']) {
  try {
    await run('npm', ['run', script, '--silent']);
  } catch {
    otherFailures.push(`npm run ${script} failed`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails to load (syntax error, a throwing import or hook) has no failed test in it.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      otherFailures.push(`${path.relative(ROOT, file.name)} failed outside its tests: ${(file.message ?? '').split('\n')[0]}`);
    }
  }
  if (report.numTotalTests === 0) otherFailures.push('no test ran');
} else {
  otherFailures.push('vitest wrote no report (it crashed or was stopped)');
}
// Anything else vitest failed on (an unhandled error between tests, a crash after the report).
const vitestFailures = failed + otherFailures.filter((f) => !f.startsWith('npm run ')).length;
if (code !== 0 && vitestFailures === 0) otherFailures.push(`vitest exited with code ${code}`);

for (const failure of otherFailures) console.error(`FAILED: ${failure}`);
failed += otherFailures.length;
let summary = `tests: ${passed} passed, ${failed} failed`;
if (skipped) summary += `, ${skipped} skipped`;
console.log(summary);
process.exit(failed || code ? 1 : 0);
