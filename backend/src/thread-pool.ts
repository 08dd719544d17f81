// A few worker threads for CPU work that would otherwise hold the event loop (the password pool,
// modules/users/password-pool.ts; citation parsing, modules/scripture/scripture-pool.ts). The
// event loop only passes messages; every reader's request keeps its turn.
// - Threads: `threads` at most, started at the first job, not before.
// - Queue: at most `queueMax` jobs wait for a thread. Past that a job is refused at once with
//   503 BUSY and Retry-After, so a flood costs a bounded wait and bounded memory.
// - Budget: with `budgetMs`, a job still running after that long is refused with JobOverBudget
//   and its thread is ended (a thread deep in a loop cannot be asked to stop); a new thread takes
//   the next job. A caller that stores nothing on a refusal stores nothing past the budget. The
//   clock starts once the thread has loaded its script (it says `{ ready: true }`), so a busy
//   machine's slow thread start is not charged to the job.
// - Exit: a thread with no job is unref'd, so a pool never keeps a process alive; close() ends
//   the threads (the server's shutdown, the test harness).
// A worker script posts `{ ready: true }` once loaded, then answers each message with `{ result }`
// or `{ error }` (a string).
import { Worker } from 'node:worker_threads';
import { HttpError } from './errors.ts';

export interface ThreadPoolOptions {
  /** What the pool is called in its own errors ("password", "citation"). */
  name: string;
  /** The worker script: plain JavaScript, so a thread starts the same under tsx, vitest or Node. */
  script: URL;
  /** Worker threads (at least 1). */
  threads: number;
  /** Jobs that may wait for a thread; one more is refused with BUSY. */
  queueMax: number;
  busyMessage: string;
  busyRetryAfterS: number;
  /** Longest a job may run on its thread; missing: no limit. */
  budgetMs?: number;
}

/** A job that ran past the pool's budget; its thread was ended. */
export class JobOverBudget extends Error {
  constructor(readonly budgetMs: number) {
    super(`The job ran past its budget of ${budgetMs} ms.`);
  }
}

export interface ThreadPool<Job, Result> {
  run(job: Job): Promise<Result>;
  /** Ends the threads; jobs still waiting or running are refused. */
  close(): Promise<void>;
}

interface Waiting {
  job: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  current: Waiting | null;
  /** The script has loaded: a job's budget runs from here. */
  ready: boolean;
  timer?: NodeJS.Timeout;
}

export function threadPool<Job, Result>(options: ThreadPoolOptions): ThreadPool<Job, Result> {
  const { name, script, threads: size, queueMax, budgetMs } = options;
  const threads: Thread[] = [];
  const queue: Waiting[] = [];
  let closed = false;

  function start(thread: Thread, waiting: Waiting): void {
    thread.current = waiting;
    thread.worker.ref();
    thread.worker.postMessage(waiting.job);
    if (thread.ready) startClock(thread);
  }

  function startClock(thread: Thread): void {
    if (budgetMs !== undefined) thread.timer = setTimeout(() => overBudget(thread), budgetMs);
  }

  /** The thread leaves the pool at once, so no new job is handed to a thread being ended. */
  function retire(thread: Thread): void {
    clearTimeout(thread.timer);
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
  }

  function startNext(): void {
    const next = closed ? undefined : queue.shift();
    if (next) start(spawn(), next);
  }

  function overBudget(thread: Thread): void {
    const job = thread.current;
    thread.current = null;
    retire(thread);
    void thread.worker.terminate();
    job?.reject(new JobOverBudget(budgetMs!));
    startNext();
  }

  function finish(thread: Thread, settle: (waiting: Waiting) => void): void {
    clearTimeout(thread.timer);
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
    const worker = new Worker(script, { execArgv: [] });
    const thread: Thread = { worker, current: null, ready: false };
    let failure: unknown;
    worker.unref();
    worker.on('message', (answer: { ready?: true; result?: unknown; error?: string }) => {
      // A thread ended over its budget may still deliver what it had posted: its job has been
      // refused already, and no other job may be handed to it.
      if (!threads.includes(thread)) return;
      if (answer.ready) {
        thread.ready = true;
        if (thread.current) startClock(thread);
        return;
      }
      finish(thread, (w) => (answer.error === undefined ? w.resolve(answer.result) : w.reject(new Error(answer.error))));
    });
    // A thread that dies (out of memory, a bug) takes only its own job with it; the next job
    // starts a new one.
    worker.on('error', (error) => (failure = error));
    worker.on('exit', () => {
      const wasInPool = threads.includes(thread);
      retire(thread);
      thread.current?.reject(new Error(`The ${name} thread stopped.`, { cause: failure }));
      thread.current = null;
      // A thread ended over its budget has already handed the queue on.
      if (wasInPool) startNext();
    });
    threads.push(thread);
    return thread;
  }

  function run(job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (closed) return reject(new Error(`The ${name} pool is closed.`));
      const waiting: Waiting = { job, resolve: resolve as (value: unknown) => void, reject };
      const idle = threads.find((t) => t.current === null) ?? (threads.length < size ? spawn() : undefined);
      if (idle) return start(idle, waiting);
      if (queue.length >= queueMax) {
        return reject(
          new HttpError('BUSY', options.busyMessage, {}, { 'Retry-After': String(options.busyRetryAfterS) }),
        );
      }
      queue.push(waiting);
    });
  }

  return {
    run,
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(new Error(`The ${name} pool is closed.`));
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
