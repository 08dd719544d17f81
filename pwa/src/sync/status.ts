// What the status line shows: online or not, when the device last synced, and what waits to send.
// On the first screen (the status line is in every public page), so it reads the device through
// db/live.ts and never loads the sync engine.
import { useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../db/db.ts';
import { useDeviceQuery } from '../db/live.ts';
import { META, SYNC_ERROR_KEY } from './meta-keys.ts';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

export interface SyncStatus {
  lastSyncedAt: number | null;
  error: string | null;
  outbox: OutboxEntry[];
}

export function useSyncStatus(): SyncStatus {
  return (
    useDeviceQuery(async ({ db }) => {
      const [last, error, outbox] = await Promise.all([
        db.meta.get(META.LAST_SYNCED_AT),
        db.meta.get(SYNC_ERROR_KEY),
        db.outbox.orderBy('seq').toArray(),
      ]);
      return {
        lastSyncedAt: (last?.value as number | undefined) ?? null,
        error: (error?.value as string | null | undefined) ?? null,
        outbox,
      };
    }) ?? { lastSyncedAt: null, error: null, outbox: [] }
  );
}
