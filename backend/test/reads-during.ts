// One reader beside one slow piece of work: a read after another, for as long as the work lasts,
// on the same app. The load tests (citation-load, sanitize-load) compare the longest read with the
// work's own time, since both slow down alike on a loaded machine.
import { expect } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { createArticle } from './content-fixtures.ts';

export interface ReadsDuring<T> {
  result: T;
  workMs: number;
  reads: number;
  longestMs: number;
}

/** Reads `path` one after another while `work` runs; `restMs` between reads leaves room for it. */
export async function readsDuring<T>(app: TestApp, path: string, work: Promise<T>, restMs = 0): Promise<ReadsDuring<T>> {
  const startedMs = performance.now();
  let working = true;
  const done = work.finally(() => (working = false));
  let reads = 0;
  let longestMs = 0;
  while (working) {
    const at = performance.now();
    const read = await app.request('GET', path);
    longestMs = Math.max(longestMs, performance.now() - at);
    expect(read.status).toBe(200);
    reads++;
    if (restMs > 0) await new Promise((resolve) => setTimeout(resolve, restMs));
  }
  const result = await done;
  return { result, workMs: Math.round(performance.now() - startedMs), reads, longestMs };
}

export interface ReaderSetup {
  app: TestApp;
  admin: string;
  /** A small published article's read, the reader's request. */
  readPath: string;
}

/** An app whose citation budget no busy machine reaches (these tests are about the readers, not
 * the refusal), an administrator, and one small article to read. */
export async function startReaderApp(): Promise<ReaderSetup> {
  const app = await startTestApp({ scriptureLinking: { budgetMs: 120_000 } });
  const { token: admin } = await createUser(app);
  return { app, admin, readPath: `/api/articles/${(await createArticle(app, admin))._id}` };
}
