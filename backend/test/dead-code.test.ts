// `npm run lint` ends with knip (knip.config.ts): an export nothing imports fails it. Shown on a
// small project written to a temporary folder, so the check never edits the repository's files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The root's copy (package.json devDependencies): the one `npm run lint` runs.
const KNIP_BIN = fileURLToPath(new URL('../../node_modules/knip/bin/knip.js', import.meta.url));

/** A project whose entry uses `used` from lib.ts; `extra` is the lib's other source text. */
function writeProject(dir: string, extra: string): void {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'fixture', private: true, type: 'module' }));
  writeFileSync(path.join(dir, 'knip.json'), JSON.stringify({ entry: ['src/main.ts'], project: ['src/**/*.ts'] }));
  writeFileSync(path.join(dir, 'src', 'main.ts'), "import { used } from './lib.ts';\nconsole.log(used());\n");
  writeFileSync(path.join(dir, 'src', 'lib.ts'), `export function used(): number {\n  return 1;\n}\n${extra}`);
}

function knip(dir: string) {
  const run = spawnSync(process.execPath, [KNIP_BIN, '--directory', dir, '--no-progress'], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the dead code check', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'knip-fixture-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes a project where every export is imported', () => {
    const dir = path.join(root, 'clean');
    writeProject(dir, '');
    expect(knip(dir)).toMatchObject({ status: 0 });
  });

  it('fails on an export nothing imports, and on one only its own file uses', () => {
    const dir = path.join(root, 'planted');
    writeProject(dir, 'export const PLANTED = 2;\nexport const OWN_FILE_ONLY = 3;\nconsole.log(OWN_FILE_ONLY);\n');
    const { status, output } = knip(dir);
    expect(status).toBe(1);
    expect(output).toMatch(/Unused exports \(2\)/);
    expect(output).toMatch(/PLANTED\s+src\/lib\.ts:4/);
    expect(output).toMatch(/OWN_FILE_ONLY\s+src\/lib\.ts:5/);
  });
});
