import { db } from '../src/db/db.ts';

export async function resetDb(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
}
