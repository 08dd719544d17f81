// `npm test`: from a fresh clone, the same provisioning as `npm start` (dependencies, the database
// binary, the PWA build, chromium for browser tests), then every test in one vitest run.
// Ends with one summary line: "tests: N passed, N failed".
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
let checksFailed = 0;
for (const script of ['typecheck', 'lint']) {
  try {
    await run('npm', ['run', script, '--silent']);
  } catch {
    console.error(`npm run ${script} failed.`);
    checksFailed += 1;
  }
}

let summary = 'tests: 0 passed, 0 failed';
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
  summary = `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed`;
  if (skipped) summary += `, ${skipped} skipped`;
  if (report.numTotalTests === 0 && code === 0) {
    console.log(summary);
    console.error('No test ran.');
    process.exit(1);
  }
}
console.log(summary);
process.exit(code || (checksFailed ? 1 : 0));
