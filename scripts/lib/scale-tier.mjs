// The scale tier (backend/test/scale-tier.ts) loaded into a fresh database, for the bench and for
// the browser tests, which reach the backend only through a process: run as
//   node scripts/lib/scale-tier.mjs <mongodb uri> '<sizes as JSON>' [seed]
// it loads the tier and prints it as one line of JSON (the admin's credentials, the articles'
// ids by state, the counts).
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { loadScaleTier } = await import('../../backend/test/scale-tier.ts');
const { connectDatabase } = await import('../../backend/src/db/connection.ts');
const { scripturePool } = await import('../../backend/src/modules/scripture/scripture-pool.ts');

/** Loads the tier into the (fresh) database at `uri`; no server may run on it meanwhile. */
export async function loadTier(uri, sizes, seed) {
  const connection = await connectDatabase(uri);
  const pool = scripturePool();
  const started = performance.now();
  try {
    const tier = await loadScaleTier(connection, sizes, { pool, seed });
    return { tier, loadMs: Math.round(performance.now() - started) };
  } finally {
    await pool.close();
    await connection.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [uri, sizes, seed] = process.argv.slice(2);
  const { tier } = await loadTier(uri, JSON.parse(sizes), seed === undefined ? undefined : Number(seed));
  process.stdout.write(`${JSON.stringify({ ...tier, approvedOf: undefined })}\n`);
}
