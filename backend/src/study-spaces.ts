// `npm run study:unused -- [--days=365] [--remove]` with MONGODB_URI naming the database: lists the
// study sync spaces nobody has written to for that many days (their id's start, when each was made
// and last written, how many writes it holds). With --remove it removes exactly those it listed, as
// "Remove from every device" does: a device that comes back is told the space was removed and keeps
// its notes. Nothing is removed without the flag, and nothing by the server on its own.
import { parseArgs } from 'node:util';
import { connectDatabase } from './db/connection.ts';
import { spaceStore } from './modules/study/space-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const { values } = parseArgs({ options: { days: { type: 'string', default: '365' }, remove: { type: 'boolean', default: false } } });
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1) throw new Error(`--days must be a whole number of days, at least 1 (got "${values.days}").`);
const uri = process.env.MONGODB_URI;
if (!uri) throw new Error('MONGODB_URI must name the database (mongodb://host:27017/family).');

const connection = await connectDatabase(uri);
try {
  const store = spaceStore(connection);
  const unused = await store.unusedSince(new Date(Date.now() - days * DAY_MS));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  console.log(`${unused.length} sync ${unused.length === 1 ? 'space' : 'spaces'} not written to for ${days} days or more.`);
  for (const { space, usedAt, createdAt, writes } of unused) {
    console.log(`  ${space.slice(0, 8)}…  made ${day(createdAt)}  last written ${day(usedAt)}  ${writes} writes`);
  }
  if (values.remove) {
    for (const { space } of unused) {
      await store.remove({ _id: space });
      await store.purge(space);
    }
    console.log(`Removed ${unused.length}; their devices are told so on their next sync and keep their notes.`);
  } else if (unused.length) {
    console.log('Nothing was removed. Run again with --remove to remove these.');
  }
} finally {
  await connection.close();
}
