// The study worker: seals and opens study records off the page's thread (seal-work.ts), and says
// how long each call took it, so the page can count that time (seal-client.ts).
import { doSealWork, type Posted, type SealWork } from './seal-work.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; work: SealWork }>) => void) | null;
  postMessage: (reply: { id: number; result?: unknown; error?: string; ms: number }) => void;
};

scope.onmessage = ({ data: { id, work } }) => {
  const started = performance.now();
  doSealWork(work).then(
    // A post's time is its own work, without the wait for the server (seal-work.ts Posted).
    (result) => scope.postMessage({ id, result, ms: work.op === 'post' ? (result as Posted).workMs : performance.now() - started }),
    (error: unknown) => scope.postMessage({ id, error: String(error), ms: performance.now() - started }),
  );
};
