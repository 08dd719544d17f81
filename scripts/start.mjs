// `npm start`: from a fresh clone, install what is missing, start the database (FerretDB unless
// MONGODB_URI is set: on SQLite files, or with DB=postgres on PostgreSQL), build the PWA, and serve
// API + PWA on one origin. Ctrl-C stops it all.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, log, ensureDependencies, buildPwaIfStale, PWA_DIST } from './lib/proc.mjs';
import { startFerret, portAccepts } from './lib/db.mjs';
import { startFerretOnPostgres } from './lib/postgres.mjs';
import { makePrivateDir } from './lib/private-files.mjs';
import { seedDemoDefault } from './lib/server-env.mjs';

const PORT = Number(process.env.PORT ?? 8080);
const DATA_DIR = path.join(ROOT, 'data');
const POSTGRES_PORT = Number(process.env.POSTGRES_PORT ?? 55432);
const ON_POSTGRES = process.env.DB === 'postgres' || Boolean(process.env.POSTGRES_URL);
if (process.env.DB && !['postgres', 'sqlite'].includes(process.env.DB)) {
  throw new Error(`DB must be "sqlite" (the default) or "postgres", not "${process.env.DB}".`);
}

await ensureDependencies();

let database = null;
let mongoUri = process.env.MONGODB_URI;
if (!mongoUri) {
  // The database has no accounts: its files and socket are this user's alone (0700 folders, 0600
  // files; scripts/lib/db.mjs), and so is the folder holding them.
  makePrivateDir(DATA_DIR);
  if (ON_POSTGRES) {
    const postgresUrl = process.env.POSTGRES_URL || undefined;
    if (!postgresUrl && (await portAccepts(POSTGRES_PORT))) {
      throw new Error(`Port ${POSTGRES_PORT} is taken; stop what runs there or set POSTGRES_PORT.`);
    }
    database = await startFerretOnPostgres({ dataDir: DATA_DIR, postgresUrl, postgresPort: POSTGRES_PORT });
    const where = postgresUrl ? 'the cluster of POSTGRES_URL' : `PostgreSQL on 127.0.0.1:${POSTGRES_PORT}, data in data/postgres`;
    log(`FerretDB on ${path.relative(ROOT, database.socketPath)}, over ${where}`);
  } else {
    database = await startFerret({ dataDir: path.join(DATA_DIR, 'ferretdb') });
    log(`FerretDB on ${path.relative(ROOT, database.socketPath)} (data in data/ferretdb)`);
  }
  mongoUri = `${database.uri}family`;
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
    // A cluster of POSTGRES_URL is an operator's (like MONGODB_URI): no demo content there.
    SEED_DEMO: seedDemoDefault({ env: process.env, embeddedDatabase: database !== null && !process.env.POSTGRES_URL }),
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
