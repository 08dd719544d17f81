// The page's side of the Bible keeper (bible-keeper.worker.ts): one worker, started on first
// use; its progress lands in the page's progress state (progress.ts), which the progress line and
// the "On this device" setting show.
import { setBibleProgress, type BibleProgress } from './progress.ts';
import type { KeeperTask } from './bible-keeper.worker.ts';

let worker: Worker | null = null;

function keeper(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./bible-keeper.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }: MessageEvent<BibleProgress>) => setBibleProgress(data);
  return worker;
}

export function keepInBackground(task: KeeperTask): void {
  keeper().postMessage(task);
}
