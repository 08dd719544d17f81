// Reads config, connects, seeds demo content when asked, listens. Nothing else.
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connection.ts';
import { createApp } from './app.ts';
import { seedDemo } from './db/seed/seed.ts';
import { seedDemoLessons, seedSchedule2025 } from './db/seed/lessons-seed.ts';

const config = loadConfig();
const connection = await connectDatabase(config.mongoUri);
// Demo content and the demo admin only on the embedded development database (scripts/start.mjs).
if (config.seedDemo && (await seedDemo(connection)).seeded) console.log('Seeded the demo content.');
// A few demo worship weeks from the week of the first start (once; also on a database seeded
// before lessons lived in the database).
if (config.seedDemo && (await seedDemoLessons(connection)).seeded) console.log('Seeded demo worship lessons.');
// The spec's 2025 worship schedule goes into every database once, MONGODB_URI ones included.
if ((await seedSchedule2025(connection)).seeded) console.log('Seeded the 2025 worship schedule.');
const app = createApp({ config, connection });
const server = app.listen(config.port, config.host, () => {
  console.log(`Serving on http://${config.host === '127.0.0.1' ? 'localhost' : config.host}:${config.port}`);
});

async function shutdown() {
  server.close();
  await connection.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
