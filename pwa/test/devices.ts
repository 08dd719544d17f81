// Several devices in one test: the app has one device database (src/db/db.ts), so switching
// device puts the current device's tables aside and brings the other's back. Each device starts
// empty; the scripted server (scripted-server.ts) is shared, as a real server would be.
import { afterEach, beforeEach, vi } from 'vitest';
import { db } from '../src/db/db.ts';
import { pushOutbox } from '../src/sync/outbox.ts';
import { pullStudy } from '../src/sync/study-space/pull.ts';
import { startScriptedServer, stopScriptedServer } from './reset-db.ts';
import type { ScriptedServer } from './scripted-server.ts';

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

/**
 * A test file's devices sharing one study sync space: before each test a fresh scripted server
 * (given to `started`) and empty devices, with the clock (Date only) at `start`; after it, all put
 * back.
 */
export function studySyncDevices(start: number, started: (server: ScriptedServer) => void): void {
  beforeEach(async () => {
    started(await startScriptedServer(null));
    await resetDevices();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await resetDevices();
    stopScriptedServer();
  });
}

/** One sync round of the current device: its outbox pushed, then its study space pulled. */
export async function studyRound(): Promise<void> {
  await pushOutbox();
  await pullStudy();
}
