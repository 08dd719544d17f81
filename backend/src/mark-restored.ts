// `node --import tsx backend/src/mark-restored.ts` with MONGODB_URI (a server, no database name
// needed): gives every database on it that the product made a new sequence epoch, so devices
// whose cursors came from before a restore are told to start over (db/restored.ts). Run by
// scripts/postgres-backup.mjs after a restore, before any instance starts.
import { connectDatabase } from './db/connection.ts';
import { giveNewEpoch } from './db/restored.ts';

const uri = process.env.MONGODB_URI;
if (!uri) throw new Error('MONGODB_URI must name the restored server.');
const connection = await connectDatabase(uri);
try {
  const { databases } = await connection.db!.admin().listDatabases();
  for (const { name } of databases) {
    if (['admin', 'local', 'config'].includes(name)) continue;
    if (await giveNewEpoch(connection.useDb(name, { useCache: false }))) {
      console.log(`Database "${name}": new epoch (devices will start their sync over).`);
    }
  }
} finally {
  await connection.close();
}
