import { vi } from 'vitest';
import { db } from '../src/db/db.ts';
import { setToken } from '../src/lib/auth.ts';
import { ScriptedServer } from './scripted-server.ts';

export async function resetDb(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
}

/**
 * A test's start for sync code: an empty device database, the given sign-in, and the scripted
 * server answering every fetch. `stopScriptedServer` undoes it after the test.
 */
export async function startScriptedServer(token: string | null): Promise<ScriptedServer> {
  await resetDb();
  setToken(token);
  const server = new ScriptedServer();
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

export function stopScriptedServer(): void {
  vi.unstubAllGlobals();
  setToken(null);
}
