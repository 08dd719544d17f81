// `npm run topology`: the production shape on one machine, to try and to test: PostgreSQL,
// FerretDB on it, two backend instances (INSTANCES=n for more) and HAProxy in front on PORT
// (default 8088), checking each instance's /api/health. Data in data/topology/. Ctrl-C stops it
// all (each instance drains first: not ready, requests in flight finish).
import path from 'node:path';
import { ROOT, log, ensureDependencies, buildPwaIfStale } from './lib/proc.mjs';
import { startTopology } from './lib/topology.mjs';

await ensureDependencies();
await buildPwaIfStale();
const topology = await startTopology({
  dir: path.join(ROOT, 'data', 'topology'),
  instances: Number(process.env.INSTANCES ?? 2),
  port: Number(process.env.PORT ?? 8088),
});
log(`HAProxy ${topology.url} → ${topology.instanceUrls.join(', ')} → FerretDB → PostgreSQL`);
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await topology.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
