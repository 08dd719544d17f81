// How a reading plan's days are made: a run of chapters cut into days of about the same number of
// verses. The build makes the built-in plans with it from the Bible's own verse counts
// (pwa/vite-plugins/reading-plans.ts); the device makes "This week's lesson" with it from the
// lesson's citations (lesson-plan.ts). No imports, so the build's config loader can bundle it.

/** One plan as the build writes it: each day is a list of passages as OSIS ("Gen.1", "John.3.16-John.3.18"). */
export interface ReadingPlan {
  id: string;
  name: string;
  description: string;
  days: string[][];
}

/** A chapter and how many verses it has. */
export interface ChapterWeight {
  osis: string;
  chapter: number;
  verses: number;
}

/**
 * Cuts `weights` (in order) into `parts` runs of about equal sums: each run ends where the running
 * total is nearest its share of the whole, and every run holds at least one item. Answers the
 * number of items in each run.
 */
export function splitEvenly(weights: readonly number[], parts: number): number[] {
  if (parts < 1 || weights.length < parts) throw new Error(`splitEvenly: ${weights.length} items cannot fill ${parts} parts`);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const sizes: number[] = [];
  let at = 0;
  let sum = 0;
  for (let part = 1; part < parts; part += 1) {
    const target = (total * part) / parts;
    const start = at;
    // Room for one item in each part still to come.
    const last = weights.length - (parts - part);
    sum += weights[at]!;
    at += 1;
    while (at < last && Math.abs(sum + weights[at]! - target) <= Math.abs(sum - target)) {
      sum += weights[at]!;
      at += 1;
    }
    sizes.push(at - start);
  }
  sizes.push(weights.length - at);
  return sizes;
}

const chapterOsis = (c: ChapterWeight) => `${c.osis}.${c.chapter}`;

/** Chapters read in order over `days` days, balanced by verses. */
export function chapterDays(chapters: readonly ChapterWeight[], days: number): string[][] {
  const sizes = splitEvenly(chapters.map((c) => c.verses), days);
  const out: string[][] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(chapters.slice(at, at + size).map(chapterOsis));
    at += size;
  }
  return out;
}

/** Two runs side by side: day n holds day n of each (both cut into the same number of days). */
export function sideBySide(a: string[][], b: string[][]): string[][] {
  if (a.length !== b.length) throw new Error('sideBySide: the runs have different lengths');
  return a.map((day, i) => [...day, ...b[i]!]);
}

/** Passages (already OSIS) spread over at most `maxDays` days, in order, as evenly as their count allows. */
export function passageDays(passages: readonly string[], maxDays: number): string[][] {
  if (passages.length === 0) return [];
  const sizes = splitEvenly(passages.map(() => 1), Math.min(maxDays, passages.length));
  const out: string[][] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(passages.slice(at, at + size));
    at += size;
  }
  return out;
}
