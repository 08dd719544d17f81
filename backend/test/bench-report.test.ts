// `npm run bench` writes its table into docs/benchmarks.md (bench/report.mjs, scripts/bench.mjs):
// the section between the markers is replaced and the prose around it kept; a missing file is
// started with its heading; and the repository's docs/benchmarks.md holds the markers once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BENCH_END, BENCH_START, benchSection, updateBenchDoc } from '../../bench/report.mjs';
import { ROOT } from '../../scripts/lib/proc.mjs';

const report = {
  date: '2026-01-02 03:04 UTC',
  machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 4, node: 'v20', chromium: 'Chromium 1', os: 'Linux' },
};

const folders: string[] = [];
function tempFile(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-doc-'));
  folders.push(folder);
  return path.join(folder, 'benchmarks.md');
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the bench table in docs/benchmarks.md', () => {
  it('replaces only the section between the markers', () => {
    const file = tempFile();
    fs.writeFileSync(file, `# Benchmarks\n\nIntro.\n\n${BENCH_START}\nold table\n${BENCH_END}\n\nNotes kept.\n`);
    updateBenchDoc(file, benchSection(report, '| new | table |'));
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('old table');
    expect(text).toContain('| new | table |');
    expect(text).toContain('Last run: 2026-01-02 03:04 UTC on 2 × Test CPU');
    expect(text.startsWith('# Benchmarks\n\nIntro.\n\n')).toBe(true);
    expect(text.endsWith('\n\nNotes kept.\n')).toBe(true);
  });

  it('starts a missing file with its heading', () => {
    const file = tempFile();
    updateBenchDoc(file, benchSection(report, '| t |'));
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith(`# Benchmarks\n\n${BENCH_START}\n`)).toBe(true);
    expect(text.trimEnd().endsWith(BENCH_END)).toBe(true);
  });

  it('finds its markers once each in the repository’s docs/benchmarks.md, and none in the README', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
    expect(doc.split(BENCH_START)).toHaveLength(2);
    expect(doc.split(BENCH_END)).toHaveLength(2);
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).not.toContain(BENCH_START);
  });
});
