// Backups of the site on FerretDB over PostgreSQL (docs/deploying.md, "Backups and restore"):
//   npm run db:backup -- site.dump    pg_dump of the running site (a consistent snapshot; the site
//                                     keeps serving)
//   npm run db:restore -- site.dump   pg_restore into a fresh cluster, then a new sync epoch, so
//                                     devices that synced after the backup start over
// The cluster is POSTGRES_URL's when set, else the local one of `DB=postgres npm start`
// (data/postgres, POSTGRES_PORT): running for a backup; stopped for a restore (it is started here,
// and made with initdb when there is none yet).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { spawnSyncPrivate } from './lib/private-files.mjs';
import { ROOT, log } from './lib/proc.mjs';
import { portAccepts, startFerret } from './lib/db.mjs';
import { POSTGRES_DATABASE, applyLookupIndexes, ensurePostgres, socketUrl, startPostgres } from './lib/postgres.mjs';

const [command, file] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command) || !file) {
  console.error('Usage: node scripts/postgres-backup.mjs backup|restore <file.dump>');
  process.exit(2);
}
const POSTGRES_PORT = Number(process.env.POSTGRES_PORT ?? 55432);
const LOCAL_DIR = path.join(ROOT, 'data', 'postgres');
const binDir = await ensurePostgres();

// umask 077: a dump holds every account's password hash, so only its owner may read it.
function tool(name, args) {
  const result = spawnSyncPrivate(path.join(binDir, name), args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${name} failed (exit ${result.status ?? result.signal}).`);
}

if (command === 'backup') {
  let url = process.env.POSTGRES_URL;
  if (!url) {
    if (!(await portAccepts(POSTGRES_PORT))) {
      throw new Error(`No cluster runs on port ${POSTGRES_PORT}: start the site (DB=postgres npm start) or set POSTGRES_URL.`);
    }
    url = socketUrl(path.join(LOCAL_DIR, 'run'), POSTGRES_PORT);
  }
  // Custom format: compressed, and pg_restore can restore it into another cluster and version.
  tool('pg_dump', ['--format=custom', '--no-owner', `--file=${path.resolve(file)}`, `--dbname=${url}`]);
  // pg_dump keeps the mode of a file that was there already.
  fs.chmodSync(file, 0o600);
  log(`backup written: ${file} (${fs.statSync(file).size} bytes)`);
} else {
  if (!fs.existsSync(file)) throw new Error(`No such backup file: ${file}`);
  let cluster = null;
  let url = process.env.POSTGRES_URL;
  if (!url) {
    if (await portAccepts(POSTGRES_PORT)) {
      throw new Error(`A cluster runs on port ${POSTGRES_PORT}: stop the site first (a restore goes into a cluster nothing uses).`);
    }
    cluster = await startPostgres({ dataDir: LOCAL_DIR, port: POSTGRES_PORT });
    url = cluster.url;
  }
  let ferret = null;
  try {
    const tables = spawnSync(path.join(binDir, 'psql'), ['-tAqc', "SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')", url], { encoding: 'utf8' });
    if (tables.status !== 0) throw new Error(`Cannot reach the cluster: ${tables.stderr}`);
    if (Number(tables.stdout.trim()) > 0) {
      throw new Error(`The database "${POSTGRES_DATABASE}" already holds tables: restore into a fresh cluster (or an empty database).`);
    }
    // Our lookup-index trigger and its functions (scripts/ferretdb/pg-lookup-indexes.sql) are in the
    // dump, and already in the fresh cluster: they are left out, and the trigger is off while the
    // dump's tables and their indexes are made, then installed again.
    const listed = spawnSync(path.join(binDir, 'pg_restore'), ['--list', path.resolve(file)], { encoding: 'utf8' });
    if (listed.status !== 0) throw new Error(`Not a backup pg_restore can read: ${file}`);
    const listFile = `${path.resolve(file)}.list`;
    fs.writeFileSync(listFile, listed.stdout.split('\n').filter((line) => !/\bfw_/.test(line)).join('\n'), { mode: 0o600 });
    tool('psql', ['-q', '-c', 'DROP EVENT TRIGGER IF EXISTS fw_lookup_indexes', url]);
    try {
      tool('pg_restore', ['--no-owner', '--exit-on-error', `--use-list=${listFile}`, `--dbname=${url}`, path.resolve(file)]);
    } finally {
      fs.rmSync(listFile, { force: true });
    }
    applyLookupIndexes(binDir, url);
    // pg_restore leaves the planner without statistics: until autovacuum's first round (up to a
    // minute later), `_id` lookups may read whole tables (at 10,000 articles an article edit took
    // 380-530 ms instead of 24-30 ms, bench/backends.mjs).
    tool('psql', ['-q', '-c', 'ANALYZE', url]);
    log('restored; giving the restored database a new sync epoch');
    fs.mkdirSync(path.join(ROOT, 'data'), { recursive: true, mode: 0o700 });
    const stateDir = fs.mkdtempSync(path.join(ROOT, 'data', '.restore-'));
    ferret = await startFerret({ dataDir: stateDir, postgresUrl: url });
    const marked = spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/mark-restored.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, MONGODB_URI: ferret.uri },
    });
    await ferret.stop();
    ferret = null;
    fs.rmSync(stateDir, { recursive: true, force: true });
    if (marked.status !== 0) throw new Error('Giving the restored database a new epoch failed; do not start the site on it yet.');
    log(`restore done: start the site on it (${process.env.POSTGRES_URL ? 'POSTGRES_URL=… ' : ''}DB=postgres npm start)`);
  } finally {
    await ferret?.stop();
    await cluster?.stop();
  }
}
