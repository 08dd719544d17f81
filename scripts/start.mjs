// `npm start`: from a fresh clone, install what is missing, start the database (FerretDB unless
// MONGODB_URI is set), build the PWA, and serve API + PWA on one origin. Ctrl-C stops it all.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, log, ensureDependencies, buildPwaIfStale, PWA_DIST } from './lib/proc.mjs';
import { startFerret, portAccepts } from './lib/db.mjs';
import { seedDemoDefault } from './lib/server-env.mjs';

const PORT = Number(process.env.PORT ?? 8080);
const DB_PORT = Number(process.env.DB_PORT ?? 27117);
const DATA_DIR = path.join(ROOT, 'data');

await ensureDependencies();

let database = null;
let mongoUri = process.env.MONGODB_URI;
if (!mongoUri) {
  if (await portAccepts(DB_PORT)) {
    throw new Error(`Port ${DB_PORT} is taken; stop what runs there or set DB_PORT.`);
  }
  database = await startFerret({ dataDir: path.join(DATA_DIR, 'ferretdb'), port: DB_PORT });
  mongoUri = `${database.uri}family`;
  log(`FerretDB ${database.uri} (data in data/ferretdb)`);
}

await buildPwaIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(PORT),
    MONGODB_URI: mongoUri,
    STATIC_DIR: PWA_DIST,
    DATA_DIR,
    SEED_DEMO: seedDemoDefault({ env: process.env, embeddedDatabase: database !== null }),
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await database?.stop();
  process.exit(code);
}
server.once('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
