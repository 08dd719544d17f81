// Reliability figures the tests measure, left where `npm run bench` collects them for docs/benchmarks.md
// (test-results/ is not committed).
import fs from 'node:fs';
import path from 'node:path';

export interface Figure {
  label: string;
  result: string;
  baseline?: string;
  target?: string;
  met: boolean;
}

/** Leaves the figure where `npm run bench` collects it (test-results/ is not committed). */
export function recordFigure(figure: Figure, file: string): void {
  const dir = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'reliability');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${file}.json`), `${JSON.stringify(figure, null, 2)}\n`);
}
