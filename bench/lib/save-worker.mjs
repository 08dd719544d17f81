// The admin of bench/heavy-save.mjs, saving the heaviest article one save after another until told
// to stop. On a thread of its own: making a save's pictures and its ~30 MB body, and sending it,
// hold a thread for a while, and the reader being measured on the main thread must not wait for it.
import { parentPort, workerData } from 'node:worker_threads';
import { picturesHtml, save } from './heavy-article.mjs';

const { url, token, text, pictures, first } = workerData;
let stop = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stop = true;
});
for (let n = first; !stop; n++) {
  const res = await save(url, token, { ...text, title: `${text.title} ${n}` }, `${text.content}${await picturesHtml(pictures, n)}`);
  parentPort.postMessage({ n, ...res });
}
parentPort.postMessage('done');
parentPort.close();
