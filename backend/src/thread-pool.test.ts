// The shared pool's budget (the password pool's tests cover threads, queue and close): a job past
// it is refused and its thread ended, and the job waiting behind it runs on a new thread.
import { afterEach, describe, expect, it } from 'vitest';
import { JobOverBudget, threadPool, type ThreadPool } from './thread-pool.ts';

/** The citation thread: a job's cost grows with its text, so a long one outlasts any small budget. */
const SCRIPT = new URL('./modules/scripture/citation-worker.mjs', import.meta.url);
const LONG = 'John 3:16, '.repeat(30_000);
/**
 * Well under what LONG takes (seconds) and well over a short job's time even on a busy machine
 * (a short job on a fresh thread went past 200 ms beside browser tests).
 */
const BUDGET_MS = 1000;

describe('threadPool budget', () => {
  let pool: ThreadPool<string[], { osis: string }[][]> | undefined;
  afterEach(() => pool?.close());

  it('refuses a job past its budget, ends its thread, and runs the next job on a new one', async () => {
    pool = threadPool({ name: 'test', script: SCRIPT, threads: 1, queueMax: 1, budgetMs: BUDGET_MS, busyMessage: 'busy', busyRetryAfterS: 1 });
    const long = pool.run([LONG]).catch((error: unknown) => error);
    const next = pool.run(['Read Ps 23.']);
    const refused = await long;
    expect(refused).toBeInstanceOf(JobOverBudget);
    expect(refused).toMatchObject({ budgetMs: BUDGET_MS });
    expect((await next)[0]!.map((p) => p.osis)).toEqual(['Ps.23']);
    // And the pool goes on taking work.
    expect((await pool.run(['John 3:16']))[0]!.map((p) => p.osis)).toEqual(['John.3.16']);
  });
});
