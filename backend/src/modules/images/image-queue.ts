// Picture work beside the readers, not in front of them. sharp runs each decode and encode on
// libuv's thread pool (4 threads by default), which also serves every static file and file read:
// four admins saving large pictures at once held all four threads, and a reader's JavaScript
// waited behind them. So:
// - sharp works one picture at a time with one libvips thread and keeps no cache (image-encode.ts
//   sets this once, when it is first loaded: the server's start, before any picture);
// - one save's pictures are one job, and one job runs at a time per server: at most one of the
//   pool's threads does picture work, the others stay the readers';
// - at most `queueMax` saves wait for their turn; one more is refused with 503 BUSY and
//   Retry-After. A save still waiting, or still encoding, `timeMaxMs` after it was queued is given
//   up the same way (between pictures, and before anything is stored): well before the request's
//   20-second deadline, so a save is not stored after its request was answered 503.
import type mongoose from 'mongoose';
import { DEFAULT_IMAGE_QUEUE_MAX, type ImageQueueOptions } from '../../config.ts';
import { HttpError } from '../../errors.ts';


/** The request's 20 s, less what a save does before and after its pictures (body, headers, writes). */
const DEFAULT_IMAGE_TIME_MAX_MS = 15_000;
export const IMAGE_BUSY_RETRY_AFTER_S = 5;
export const IMAGE_BUSY_MESSAGE =
  'The server is busy preparing other pictures. Nothing was saved; please save again in a few seconds.';

export interface ImageQueue {
  /**
   * Runs `job` when no other picture job runs; refused with BUSY when too many wait. The job
   * calls `inTime()` between steps: past the job's time it throws BUSY.
   */
  run<T>(job: (inTime: () => void) => Promise<T>): Promise<T>;
  /** Jobs running (0 or 1) and waiting, for tests and logs. */
  readonly running: number;
  readonly waiting: number;
}

const imageBusy = () => new HttpError('BUSY', IMAGE_BUSY_MESSAGE, {}, { 'Retry-After': String(IMAGE_BUSY_RETRY_AFTER_S) });

export function imageQueue({
  queueMax = DEFAULT_IMAGE_QUEUE_MAX,
  timeMaxMs = DEFAULT_IMAGE_TIME_MAX_MS,
}: Partial<ImageQueueOptions> = {}): ImageQueue {
  const waiting: { start(): void; refuse(): void; since: number }[] = [];
  let running = 0;

  function next(): void {
    running = 0;
    for (let turn = waiting.shift(); turn; turn = waiting.shift()) {
      if (Date.now() - turn.since > timeMaxMs) {
        turn.refuse();
        continue;
      }
      running = 1;
      turn.start();
      return;
    }
  }

  return {
    run<T>(job: (inTime: () => void) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const since = Date.now();
        const inTime = () => {
          if (Date.now() - since > timeMaxMs) throw imageBusy();
        };
        // Never synchronously: a job that throws at once still hands the turn on. Checked once
        // more when it is done, so what it made is not stored out of time.
        const start = () =>
          void Promise.resolve()
            .then(() => job(inTime))
            .then((result) => (inTime(), result))
            .then(resolve, reject)
            .finally(next);
        if (running === 0) {
          running = 1;
          start();
          return;
        }
        if (waiting.length >= queueMax) return reject(imageBusy());
        waiting.push({ start, refuse: () => reject(imageBusy()), since });
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const queues = new WeakMap<mongoose.Connection, ImageQueue>();

/** The app (app.ts) sets its connection's queue from the configuration once, at start. */
export function setImageQueue(connection: mongoose.Connection, queue: ImageQueue): void {
  queues.set(connection, queue);
}

/** The picture queue of this connection's server (the default one for a start-up migration). */
export function imageQueueOn(connection: mongoose.Connection): ImageQueue {
  let queue = queues.get(connection);
  if (!queue) {
    queue = imageQueue();
    queues.set(connection, queue);
  }
  return queue;
}
