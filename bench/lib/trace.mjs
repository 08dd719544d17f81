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
