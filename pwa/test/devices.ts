// Several devices in one test: the app has one device database (src/db/db.ts), so switching
// device puts the current device's tables aside and brings the other's back. Each device starts
// empty; the scripted server (scripted-server.ts) is shared, as a real server would be.
import { db } from '../src/db/db.ts';

const shelved = new Map<string, Map<string, unknown[]>>();
let current = 'first';

/** Makes `name` the device the app runs as (a fresh one the first time). */
export async function asDevice(name: string): Promise<void> {
  if (name === current) return;
  const tables = new Map<string, unknown[]>();
  for (const table of db.tables) tables.set(table.name, await table.toArray());
  shelved.set(current, tables);
  await Promise.all(db.tables.map((table) => table.clear()));
  const next = shelved.get(name);
  if (next) for (const table of db.tables) await table.bulkAdd(next.get(table.name) ?? []);
  current = name;
}

/** Forgets every device but the current one, which becomes empty (a test's start). */
export async function resetDevices(): Promise<void> {
  shelved.clear();
  current = 'first';
  await Promise.all(db.tables.map((table) => table.clear()));
}
