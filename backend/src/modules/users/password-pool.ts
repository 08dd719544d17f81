// Password hashing and checking off the event loop. bcryptjs (the project's choice) is pure
// JavaScript: one hash at cost 10 is ~60 ms of CPU, and on the server's one thread ten clients
// logging in held every reader's request behind them (issue 21, M3). Here a few worker threads
// (password-worker.mjs) do that work, and the event loop only passes messages.
// - Threads: one per core unless configured; started at the first job, not before.
// - Queue: at most `queueMax` jobs wait for a thread. Past that a job is refused at once with
//   503 BUSY and Retry-After, so a login flood costs a bounded wait and bounded memory, and the
//   readers keep their core.
// - Exit: a thread with no job is unref'd, so a pool never keeps a process alive; close() ends
//   the threads (the server's shutdown, the test harness).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../errors.ts';

export interface PasswordPoolOptions {
  /** Worker threads (at least 1). */
  threads: number;
  /** Jobs that may wait for a thread; one more is refused with BUSY. */
  queueMax: number;
}

/** A thread per core: logins then use every core, and each wait is one job long. */
export const DEFAULT_PASSWORD_THREADS = Math.max(1, os.availableParallelism());
/** About a second of waiting at cost 10 on two cores; a client told BUSY comes back later. */
export const DEFAULT_PASSWORD_QUEUE_MAX = 32;
export const PASSWORD_BUSY_RETRY_AFTER_S = 2;
export const PASSWORD_BUSY_MESSAGE = 'The server is busy checking other passwords. Please try again in a moment.';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

interface Waiting {
  job: Job;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  current: Waiting | null;
}

export interface PasswordPool {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  /** Ends the threads; jobs still waiting or running are refused. */
  close(): Promise<void>;
}

export function passwordPool({
  threads: size = DEFAULT_PASSWORD_THREADS,
  queueMax = DEFAULT_PASSWORD_QUEUE_MAX,
}: Partial<PasswordPoolOptions> = {}): PasswordPool {
  const threads: Thread[] = [];
  const queue: Waiting[] = [];
  let closed = false;

  function start(thread: Thread, waiting: Waiting): void {
    thread.current = waiting;
    thread.worker.ref();
    thread.worker.postMessage(waiting.job);
  }

  function finish(thread: Thread, settle: (waiting: Waiting) => void): void {
    const done = thread.current;
    thread.current = null;
    const next = queue.shift();
    if (next) start(thread, next);
    else thread.worker.unref();
    if (done) settle(done);
  }

  function spawn(): Thread {
    // No execArgv: the thread runs plain JavaScript and needs none of the server's loaders (and
    // some options, such as -e's, are not valid for a thread).
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url), { execArgv: [] });
    const thread: Thread = { worker, current: null };
    let failure: unknown;
    worker.unref();
    worker.on('message', (answer: { result?: unknown; error?: string }) =>
      finish(thread, (w) => (answer.error === undefined ? w.resolve(answer.result) : w.reject(new Error(answer.error)))),
    );
    // A thread that dies (out of memory, a bug) takes only its own job with it; the next job
    // starts a new one.
    worker.on('error', (error) => (failure = error));
    worker.on('exit', () => {
      threads.splice(threads.indexOf(thread), 1);
      thread.current?.reject(new Error('The password thread stopped.', { cause: failure }));
      thread.current = null;
      const next = closed ? undefined : queue.shift();
      if (next) start(spawn(), next);
    });
    threads.push(thread);
    return thread;
  }

  function run<T>(job: Job): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (closed) return reject(new Error('The password pool is closed.'));
      const waiting: Waiting = { job, resolve: resolve as (value: unknown) => void, reject };
      const idle = threads.find((t) => t.current === null) ?? (threads.length < size ? spawn() : undefined);
      if (idle) return start(idle, waiting);
      if (queue.length >= queueMax) {
        return reject(
          new HttpError('BUSY', PASSWORD_BUSY_MESSAGE, {}, { 'Retry-After': String(PASSWORD_BUSY_RETRY_AFTER_S) }),
        );
      }
      queue.push(waiting);
    });
  }

  return {
    hash: (password, cost) => run<string>({ op: 'hash', password, cost }),
    compare: (password, hash) => run<boolean>({ op: 'compare', password, hash }),
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(new Error('The password pool is closed.'));
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
