// What one answer costs the server's CPU for each encoding a client may accept:
// the same GET repeated on one kept-alive connection for a while, the server process's own CPU
// time (user + system, from /proc) divided by the answers. Linux only; elsewhere it reports null.
import fs from 'node:fs';
import http from 'node:http';
import { round } from './stats.mjs';

/** Clock ticks per second of /proc/<pid>/stat on Linux (USER_HZ). */
const TICKS_PER_S = 100;
const RUN_MS = 2_000;
const WARM_UP_REQUESTS = 3;

const ENCODINGS = {
  br: 'br, gzip',
  gzip: 'gzip',
  identity: 'identity',
};

/** The process's CPU so far: user (its own code) and system (the kernel, e.g. copying bytes out). */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / TICKS_PER_S, system: (Number(fields[12]) * 1000) / TICKS_PER_S };
}

function get(agent, url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Server CPU ms per answer of `url` for each of ENCODINGS, and the bytes each answer carried. */
export async function encodingCost(pid, url) {
  if (!fs.existsSync(`/proc/${pid}/stat`)) return null;
  const out = {};
  for (const [name, accept] of Object.entries(ENCODINGS)) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let last;
    for (let i = 0; i < WARM_UP_REQUESTS; i++) last = await get(agent, url, accept);
    if (last.status !== 200) throw new Error(`${url} answered ${last.status}`);
    // A browser's offer gets what the server prefers for the answer (brotli, or gzip for the
    // answers joined from gzip pieces, backend/src/http/gzip-pieces.ts); the others get what they ask.
    const sent = last.encoding ?? 'identity';
    if (name === 'br' ? sent === 'identity' : sent !== name) throw new Error(`${url} came as ${sent} for ${accept}`);
    const startCpu = cpuMs(pid);
    const started = performance.now();
    let answers = 0;
    while (performance.now() - started < RUN_MS) {
      await get(agent, url, accept);
      answers += 1;
    }
    const endCpu = cpuMs(pid);
    agent.destroy();
    const user = endCpu.user - startCpu.user;
    const system = endCpu.system - startCpu.system;
    out[name] = {
      cpuMsEach: round((user + system) / answers, 3),
      userMsEach: round(user / answers, 3),
      answers,
      bytes: last.bytes,
      sent,
    };
  }
  return out;
}
