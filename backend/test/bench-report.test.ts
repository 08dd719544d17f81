// `npm run bench` writes its table into docs/benchmarks.md (bench/report.mjs, scripts/bench.mjs):
// the section between the markers is replaced and the prose around it kept; a missing file is
// started with its heading; and the repository's docs/benchmarks.md holds the markers once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BENCH_END, BENCH_START, benchSection, table, updateBenchDoc } from '../../bench/report.mjs';
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

describe('the scale tier’s rows', () => {
  const targets = {
    adminFirstPageP95Ms: 300,
    adminIdle: { bytes: 2048, requests: 2 },
    adminTenChangesShare: 0.01,
    writes: { p50Ms: 10, p99Ms: 50, concurrentVsBareOneByOne: 0.8 },
    change: { cpuMs: 100, listMs: 1000 },
    firstSyncVsFullList: 2,
  };
  const size = (cpuMs: number[], commentP50: number, { syncRatio = 1.5, concurrentVsBare = 0.9 } = {}) => ({
    sizes: { articles: 10_000, comments: 100_000 },
    writes: {
      comment: { p50Ms: commentP50, p99Ms: 20 },
      approval: { p50Ms: 5, p99Ms: 20 },
      edit: { p50Ms: 8, p99Ms: 30 },
      concurrent: { clients: 10, perSecond: 900 * concurrentVsBare, p50Ms: 9 },
      bare: { oneByOne: { perSecond: 900, p50Ms: 1 } },
      concurrentVsBare,
    },
    listAfterPublish: cpuMs.map((cpu) => ({ cpuMs: cpu, ms: 90, wireBytes: 13_000_000 })),
    firstSync: { syncMs: 30 * syncRatio, syncBytes: 21_000_000, fullMs: 30, fullBytes: 20_000_000, pages: 50, ratio: syncRatio },
  });

  it('marks each row met or missed against its target, a change by its median CPU', () => {
    const met = table({ scale: { database: 'FerretDB on SQLite', sizes: [size([210, 90, 60], 6)] } }, { scale: targets });
    const lines = met.split('\n').filter((line) => line.includes('10,000 articles'));
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.trimEnd().endsWith('| met |'))).toBe(true);
    expect(met).toContain('**90 ms**');

    const missed = table(
      { scale: { database: 'FerretDB on SQLite', sizes: [size([150, 120, 60], 12, { syncRatio: 2.5, concurrentVsBare: 0.5 })] } },
      { scale: targets },
    );
    const rows = missed.split('\n').filter((line) => line.includes('10,000 articles'));
    expect(rows).toHaveLength(4);
    expect(rows.every((line) => line.trimEnd().endsWith('| **missed** |'))).toBe(true);
  });

  it('names each size’s own database, so both backends’ rows stand side by side', () => {
    const both = table(
      {
        scale: {
          database: 'FerretDB on SQLite',
          sizes: [
            { ...size([60], 6), database: 'FerretDB on SQLite' },
            { ...size([60], 6), database: 'FerretDB on PostgreSQL' },
          ],
        },
      },
      { scale: targets },
    );
    const firstSyncRows = both.split('\n').filter((line) => line.includes('first sync'));
    expect(firstSyncRows.map((line) => line.includes('(FerretDB on PostgreSQL)'))).toEqual([false, true]);
  });
});
