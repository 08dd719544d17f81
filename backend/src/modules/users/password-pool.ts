// Password hashing and checking off the event loop. bcryptjs (the project's choice) is pure
// JavaScript: one hash at cost 10 is ~60 ms of CPU, and on the server's one thread ten clients
// logging in held every reader's request behind them. Here a few worker threads
// (password-worker.mjs, run by the shared pool in thread-pool.ts) do that work, and the event
// loop only passes messages.
// - Threads: one per core unless configured; started at the first job, not before.
// - Queue: at most `queueMax` jobs wait for a thread. Past that a job is refused at once with
//   503 BUSY and Retry-After, so a login flood costs a bounded wait and bounded memory, and the
//   readers keep their core.
// - No budget: a hash's cost is fixed by its cost factor, not by what a client sends.
import {
  DEFAULT_PASSWORD_QUEUE_MAX,
  DEFAULT_PASSWORD_THREADS,
  type PasswordPoolOptions,
} from '../../config.ts';
import { threadPool } from '../../thread-pool.ts';

export const PASSWORD_BUSY_RETRY_AFTER_S = 2;
export const PASSWORD_BUSY_MESSAGE = 'The server is busy checking other passwords. Please try again in a moment.';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

export interface PasswordPool {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  /** Ends the threads; jobs still waiting or running are refused. */
  close(): Promise<void>;
}

export function passwordPool({
  threads = DEFAULT_PASSWORD_THREADS,
  queueMax = DEFAULT_PASSWORD_QUEUE_MAX,
}: Partial<PasswordPoolOptions> = {}): PasswordPool {
  const pool = threadPool<Job, string | boolean>({
    name: 'password',
    script: new URL('./password-worker.mjs', import.meta.url),
    threads,
    queueMax,
    busyMessage: PASSWORD_BUSY_MESSAGE,
    busyRetryAfterS: PASSWORD_BUSY_RETRY_AFTER_S,
  });
  return {
    hash: (password, cost) => pool.run({ op: 'hash', password, cost }) as Promise<string>,
    compare: (password, hash) => pool.run({ op: 'compare', password, hash }) as Promise<boolean>,
    close: () => pool.close(),
  };
}
