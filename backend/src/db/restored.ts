// After a database is restored from a backup, every device's feed cursor may name changes the
// restored copy never had (they were made after the backup). The cursor's epoch is how the server
// tells a device to start over (modules/sync/cursor.ts), but a backup carries the epoch with the
// data, so a restore must give the copy a new one; scripts/postgres-backup.mjs does it through
// backend/src/mark-restored.ts.
import crypto from 'node:crypto';
import type mongoose from 'mongoose';

/**
 * Gives the database a new sequence epoch; false when it has none yet (nothing was ever synced
 * from it). Instances must start after this: each reads the epoch once.
 */
export async function giveNewEpoch(connection: mongoose.Connection): Promise<boolean> {
  const meta = connection.collection<{ _id: string; epoch?: string }>('meta');
  const result = await meta.updateOne(
    { _id: 'sequence' },
    { $set: { epoch: crypto.randomBytes(6).toString('hex') } },
  );
  return result.matchedCount === 1;
}
