// Long work on the page in slices: the page keeps answering taps and drawing frames between them.

/** A slice runs until this much time has passed, then gives the page a turn (a long task is 50 ms). */
const SLICE_MS = 8;

/** Lets the page run (input, rendering) before the caller goes on. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  // A message is not clamped the way nested timers are.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Time kept per slice: `due()` once the slice has run SLICE_MS, `next()` gives the page its turn. */
export class Slices {
  private since = performance.now();

  due(): boolean {
    return performance.now() - this.since >= SLICE_MS;
  }

  /** `turn` gives the page its turn another way (inside an IndexedDB transaction: db.ts writeRows). */
  async next(turn: () => Promise<void> = nextTask): Promise<void> {
    await turn();
    this.since = performance.now();
  }
}

/** Items `each` takes between two looks at the clock (inSlices). */
const ITEMS_A_LOOK = 64;

/**
 * Calls `each` for every item, giving the page its turn (`turn`, nextTask by default) once a slice
 * has run: a pass over the thousands of records of a study sync page was a task of 50-60 ms at
 * 4x CPU where it ran in one go.
 */
export async function inSlices<T>(items: Iterable<T>, each: (item: T) => void, turn?: () => Promise<void>): Promise<void> {
  const slices = new Slices();
  let n = 0;
  for (const item of items) {
    if (++n % ITEMS_A_LOOK === 0 && slices.due()) await slices.next(turn);
    each(item);
  }
}
