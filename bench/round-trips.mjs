// Two round trips of a write sent together against one after the other, on FerretDB over SQLite and
// over PostgreSQL, through the driver the backend uses: an `_id` read beside an insert (how an
// admin write reads its administrator beside its Idempotency-Key's claim, backend/src/middleware/
// require-admin.ts requireAdminBeside) and two inserts into two collections (a visitor's comment
// limit beside its key's claim, which the backend does not do: middleware/idempotency.ts says why).
// PAIRS pairs of each way, taking turns, on a database of their own; the medians.
import { MongoClient, ObjectId } from 'mongodb';
import { log } from '../scripts/lib/proc.mjs';
import { startDatabaseOn } from './lib/server.mjs';
import { percentile, round } from './lib/stats.mjs';

const PAIRS = 200;

async function onBackend(backend) {
  const database = await startDatabaseOn(backend);
  const url = new URL(database.baseUri);
  url.pathname = '/bench_round_trips';
  const client = new MongoClient(url.toString(), { retryWrites: false });
  try {
    await client.connect();
    const db = client.db();
    const [users, keys, slots] = ['users', 'keys', 'slots'].map((name) => db.collection(name));
    const admin = new ObjectId();
    // Each collection exists (with its `_id` lookup index) before anything is timed.
    await users.insertOne({ _id: admin, name: 'Admin', role: 'admin', isApproved: true });
    await keys.insertOne({ _id: 'first' });
    await slots.insertOne({ _id: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    let n = 0;
    const key = () => ({ _id: `key ${n++}`, state: 'pending', fingerprint: 'f', createdAt: new Date(), attempt: 0 });
    const slot = () => ({ _id: `slot ${n++}`, expiresAt: new Date() });
    const ways = {
      readThenInsert: async () => {
        await users.findOne({ _id: admin });
        await keys.insertOne(key());
      },
      readBesideInsert: () => Promise.all([users.findOne({ _id: admin }), keys.insertOne(key())]),
      insertThenInsert: async () => {
        await slots.insertOne(slot());
        await keys.insertOne(key());
      },
      insertBesideInsert: () => Promise.all([slots.insertOne(slot()), keys.insertOne(key())]),
    };
    const times = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
    for (const run of Object.values(ways)) await run();
    for (let i = 0; i < PAIRS; i++) {
      for (const [name, run] of Object.entries(ways)) {
        const started = performance.now();
        await run();
        times[name].push(performance.now() - started);
      }
    }
    const p50 = (name) => round(percentile(times[name], 50), 2);
    const out = Object.fromEntries(Object.keys(ways).map((name) => [name, p50(name)]));
    log(`round trips on ${backend}: read then insert ${out.readThenInsert} ms, beside ${out.readBesideInsert} ms; insert then insert ${out.insertThenInsert} ms, beside ${out.insertBesideInsert} ms`);
    return out;
  } finally {
    await client.close();
    await database.stop();
  }
}

export async function benchRoundTrips() {
  return { pairs: PAIRS, sqlite: await onBackend('sqlite'), postgres: await onBackend('postgres') };
}
