// What the device is doing about Bible books, as one small state the progress line and the
// "On this device" setting read (kept apart from books.ts so the first screen does not load the
// list of Bible files to show it). The keeping itself runs in a worker (bible-keeper.ts), which sends
// this state to the page.

export interface BibleProgress {
  /** What is being fetched now: the books the device's articles cite, or the whole Bible. */
  task: 'cited' | 'whole' | null;
  done: number;
  total: number;
  /** The browser refused to store more. */
  quotaFull: boolean;
  error: string | null;
}

let progress: BibleProgress = { task: null, done: 0, total: 0, quotaFull: false, error: null };
const listeners = new Set<() => void>();

export const getBibleProgress = () => progress;

export function setBibleProgress(change: Partial<BibleProgress>): void {
  progress = { ...progress, ...change };
  for (const listener of listeners) listener();
}

export function subscribeBibleProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
