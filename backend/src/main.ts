// Reads config, connects, seeds demo content when asked, listens. Nothing else.
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connection.ts';
import { createApp } from './app.ts';
import { createHttpServer, drain, listen } from './http-server.ts';
import type { Readiness } from './modules/health/health.routes.ts';
import { seedDemo } from './seed/seed.ts';
import { seedDemoLessons, seedSchedule2025 } from './seed/lessons-seed.ts';
import { seedDemoDaily } from './seed/daily-seed.ts';
import { readModelOn } from './modules/sync/read-model.ts';
import { passwordPool } from './modules/users/password-pool.ts';
import { scripturePool } from './modules/scripture/scripture-pool.ts';
import { linkStoredScripture } from './modules/scripture/scripture-migration.ts';
import { storeInlineImages } from './modules/images/image-migration.ts';

const config = loadConfig();
const connection = await connectDatabase(config.mongoUri);
// Seeds, the citation migration and every save find citations on these threads.
const scripture = scripturePool(config.scriptureLinking);
// Demo content and the demo admin only on the embedded development database (scripts/start.mjs).
if (config.seedDemo && (await seedDemo(connection)).seeded) console.log('Seeded the demo content.');
// A few demo worship weeks from the week of the first start (once; also on a database seeded
// before lessons lived in the database).
if (config.seedDemo && (await seedDemoLessons(connection, scripture)).seeded) console.log('Seeded demo worship lessons.');
// Demo daily texts from a few days before the first start (once).
if (config.seedDemo && (await seedDemoDaily(connection, scripture)).seeded) console.log('Seeded demo daily texts.');
// The 2025 worship schedule (contracts/src/schedule-2025.ts) goes into every database once,
// MONGODB_URI ones included.
if ((await seedSchedule2025(connection, scripture)).seeded) console.log('Seeded the 2025 worship schedule.');
// Citations in what was stored before they were linked on save (once; modules/scripture/).
const linked = await linkStoredScripture(connection, scripture);
if (linked) console.log(`Linked Bible citations: ${linked.articles} articles, ${linked.lessons} lessons.`);
for (const skipped of linked?.tooMuch ?? []) console.warn(`Bible citations left unlinked (too much to parse): ${skipped}`);
// Pictures stored inline before they became files (once; modules/images/).
const images = await storeInlineImages(connection);
if (images) console.log(`Stored inline pictures as files: ${images.articles} articles.`);
for (const failure of images?.failed ?? []) console.warn(`Pictures left inline in article ${failure}`);
// An instance answers once it holds the library (modules/sync/read-model.ts): a load balancer
// never sends a device to an instance that would first have to read every article.
const readStartMs = Date.now();
await readModelOn(connection).current();
console.log(`Read the library into memory in ${Date.now() - readStartMs} ms.`);
const passwords = passwordPool(config.passwordHashing);
const readiness: Readiness = { ready: true };
const app = createApp({ config, connection, passwords, scripture, readiness });
const server = createHttpServer(config.server, app.callback());
await listen(server, config.port, config.host);
console.log(`Serving on ${config.host}:${config.port}, for ${config.publicUrl}`);

let stopping = false;
/** SIGTERM or Ctrl-C: not ready at once, in-flight requests finish (http-server.ts's drain). */
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await drain(server, readiness, config.shutdown ?? { graceMs: 0, limitMs: 25_000 });
  await passwords.close();
  await scripture.close();
  await connection.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
