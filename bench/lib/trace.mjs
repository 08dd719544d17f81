// Main-thread tasks from a chromium trace: the longest one a page's renderer ran while tracing.
export const TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline'];

/** Longest task (ms) on any renderer main thread in a trace taken with TRACE_CATEGORIES. */
export function longestMainThreadTaskMs(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let longestUs = 0;
  let tasks = 0;
  for (const e of traceEvents) {
    if (e.ph !== 'X' || (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask'))
      continue;
    if (!mainThreads.has(`${e.pid}:${e.tid}`)) continue;
    tasks += 1;
    if (e.dur > longestUs) longestUs = e.dur;
  }
  if (tasks === 0)
    throw new Error('trace: no main-thread task found (categories or thread names changed?)');
  return { longestMs: longestUs / 1000, tasks };
}

/** Categories for blockingTime: the tasks, plus the navigation's start and the scripts they ran. */
export const BLOCKING_TRACE_CATEGORIES = [...TRACE_CATEGORIES, 'blink.user_timing', 'devtools.timeline'];
const LONG_TASK_MS = 50;

/** What a task spent most of its time in: the script it ran (file name) or the kind of work. */
function taskCause(children) {
  const spent = new Map();
  for (const e of children) {
    const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url;
    const name = url ? url.replace(/^.*\//, '').replace(/\?.*$/, '') : e.name;
    spent.set(name, (spent.get(name) ?? 0) + e.dur);
  }
  return [...spent.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

/**
 * Total blocking time of the page's renderer main thread in the first `windowMs` after its
 * navigation began: the sum over tasks longer than 50 ms of what they ran past 50 ms (tasks cut
 * by the window's end count up to it). Answers the sum, the count and the longest tasks.
 */
export function blockingTime(traceBuffer, windowMs) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => mainThreads.has(`${e.pid}:${e.tid}`);
  const starts = traceEvents.filter((e) => e.name === 'navigationStart' && onMain(e)).map((e) => e.ts);
  if (starts.length === 0) throw new Error('trace: no navigationStart (categories changed?)');
  const from = Math.min(...starts);
  const to = from + windowMs * 1000;
  // A task may run inside another (both named as tasks): only the outermost ones count.
  const tasks = [];
  let openUntil = -Infinity;
  const candidates = traceEvents
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && onMain(e) && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  for (const e of candidates) {
    if (e.ts < openUntil) continue;
    tasks.push(e);
    openUntil = e.ts + e.dur;
  }
  // Events that say what a task ran: scripts evaluated and functions called.
  const work = traceEvents.filter(
    (e) => e.ph === 'X' && onMain(e) && ['EvaluateScript', 'FunctionCall', 'v8.compileModule', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'MajorGC', 'MinorGC'].includes(e.name),
  );
  let blockingUs = 0;
  const long = [];
  for (const task of tasks) {
    const durUs = Math.min(task.dur, to - task.ts);
    if (durUs <= LONG_TASK_MS * 1000) continue;
    blockingUs += durUs - LONG_TASK_MS * 1000;
    const children = work.filter((e) => e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts < task.ts + task.dur);
    long.push({ atMs: Math.round((task.ts - from) / 1000), ms: Math.round(task.dur / 1000), cause: taskCause(children) });
  }
  return {
    blockingMs: Math.round(blockingUs / 1000),
    longTasks: long.length,
    longest: long.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}
