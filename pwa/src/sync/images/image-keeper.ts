// The page's side of the image keeper (image-keeper.worker.ts): one worker, started after the
// first sync that settles; each later sync asks it to fetch what is still missing.
import { setImageProgress, type ImageProgress } from './progress.ts';

let worker: Worker | null = null;

export function keepArticleImages(): void {
  if (!worker) {
    worker = new Worker(new URL('./image-keeper.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<ImageProgress>) => setImageProgress(data);
  }
  worker.postMessage('keep');
}
