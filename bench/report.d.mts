// Types for the parts of bench/report.mjs that tests use (backend/test/bench-report.test.ts).
export const BENCH_START: string;
export const BENCH_END: string;
export function benchSection(
  report: {
    date: string;
    machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; chromium: string; os: string };
  },
  markdownTable: string,
): string;
export function updateBenchDoc(file: string, section: string): void;
/** The markdown table of a run's results against their targets (only the parts given). */
export function table(results: Record<string, unknown>, targets: Record<string, unknown>): string;
