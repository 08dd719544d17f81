// One thread of the password pool (password-pool.ts, over src/thread-pool.ts): bcryptjs's hash
// and compare, run here so that the server's event loop never spends bcrypt's tens of
// milliseconds per login. Plain JavaScript, so the thread starts the same under tsx, vitest or
// plain Node.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ op, password, hash, cost }) => {
  try {
    // The synchronous forms: this thread does one job at a time and has nothing else to serve.
    const result = op === 'hash' ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
  }
});
// Loaded: the pool may start counting a job's time (src/thread-pool.ts).
parentPort.postMessage({ ready: true });
