// The page's side of the study worker (seal.worker.ts): one worker, started at the first call and
// stopped once it has had nothing to do for a while, so a device that syncs no notes never starts
// it. Without workers (unit tests under Node) the same work runs on this thread in slices.
import { Slices } from '../../lib/next-task.ts';
import { doSealWork, type SealAnswers, type SealWork } from './seal-work.ts';

/**
 * The User Timing measure of each worker call (its whole time, waits for WebCrypto included):
 * bench/study-sync.mjs counts it at the phone's speed, which chromium cannot give a worker.
 */
const WORKER_MEASURE = 'study worker';

/** A worker with no call for this long is stopped (its memory given back). */
const IDLE_MS = 30_000;

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
  ms: number;
}

let worker: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
let lastId = 0;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
/** Names of sends whose records the worker holds (ops 'hold' and 'keep', until 'drop'): it is not stopped for idling then. */
const holding = new Set<string>();

function stop(error: Error): void {
  worker?.terminate();
  worker = null;
  holding.clear();
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

/** Stops the worker IDLE_MS from now unless a call comes, or a send holds records in it, by then. */
function stopWhenIdle(): void {
  const unused = () => waiting.size === 0 && holding.size === 0;
  clearTimeout(idle);
  if (unused()) idle = setTimeout(() => unused() && stop(new Error('study worker stopped')), IDLE_MS);
}

/**
 * Starts the worker ahead of calls about to come (the link form is open): started by a link's
 * first call, its start was part of a task of the page's of 69 ms at 4x CPU (a CPU profile of a
 * link). Stopped when idle, as after any call.
 */
export function startSealWorker(): void {
  if (typeof Worker !== 'function') return;
  running();
  stopWhenIdle();
}

function running(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./seal.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = ({ data }: MessageEvent<Reply>) => {
    const now = performance.now();
    performance.measure(WORKER_MEASURE, { start: Math.max(0, now - data.ms), duration: Math.min(data.ms, now) });
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error !== undefined) pending?.reject(new Error(data.error));
    else pending?.resolve(data.result);
    stopWhenIdle();
  };
  started.onerror = (event) => stop(new Error(`study worker failed: ${event.message}`));
  worker = started;
  return started;
}

/**
 * Records a call to the worker carries: each answer is taken in a task of its own, and the 2,000
 * records of a page in one answer took a phone's page 40 ms to take in.
 */
const RECORDS_A_CALL = 200;

function call<W extends SealWork>(target: Worker, work: W): Promise<SealAnswers[W['op']]> {
  clearTimeout(idle);
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage({ id, work });
  });
}

/** Seals, opens or names many study records, in the worker where there is one. */
export async function sealWork<W extends SealWork>(work: W): Promise<SealAnswers[W['op']]> {
  if (typeof Worker !== 'function') {
    const slices = new Slices();
    return doSealWork(work, async () => {
      if (slices.due()) await slices.next();
    });
  }
  if (work.op !== 'post' && work.items.length === 0 && (work.op !== 'drop' || !worker)) return [] as SealAnswers[W['op']];
  const target = running();
  if (work.op === 'hold') holding.add(work.snapshot);
  if (work.op === 'keep') holding.add(work.name);
  if (work.op === 'drop') holding.delete(work.snapshot);
  // One call: a snapshot is read in one transaction, and it answers nothing; a post is one request.
  if (work.op === 'hold' || work.op === 'drop' || work.op === 'post') return call(target, work);
  const parts: W[] = [];
  for (let from = 0; from < work.items.length; from += RECORDS_A_CALL) {
    parts.push({ ...work, items: work.items.slice(from, from + RECORDS_A_CALL) });
  }
  // One call ahead: the worker starts on the next part while this thread takes in the last.
  const out: unknown[] = [];
  let next = parts.length ? call(target, parts[0]!) : null;
  for (let n = 0; n < parts.length; n++) {
    const current = next!;
    next = n + 1 < parts.length ? call(target, parts[n + 1]!) : null;
    // Seen to, or it would be an unhandled rejection when this part fails first.
    next?.catch(() => undefined);
    out.push(...((await current) as unknown[]));
  }
  return out as SealAnswers[W['op']];
}
