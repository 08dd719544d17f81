// What the status line shows: online or not, when the device last synced, and what waits to send.
// On the first screen (the status line is in every public page), so it reads the device through
// db/live.ts and never loads the sync engine.
import { useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../db/db.ts';
import { useDeviceQuery } from '../db/live.ts';
import { META, SYNC_ERROR_KEY } from '../db/meta-keys.ts';

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
  /** Changes still to send (queued or being sent). */
  waiting: number;
  /** Changes refused by the server or crossed by another admin's: they need a choice. */
  failed: number;
}

const NEEDS_CHOICE = ['failed', 'conflict'] as const;

/**
 * The status line's figures. Counts from the outbox's `status` index, never its entries: a linked
 * study space queues thousands at once, and this runs again on every outbox change.
 */
export function useSyncStatus(): SyncStatus {
  return (
    useDeviceQuery(async ({ db }) => {
      const [last, error, total, failed] = await Promise.all([
        db.meta.get(META.LAST_SYNCED_AT),
        db.meta.get(SYNC_ERROR_KEY),
        db.outbox.count(),
        db.outbox.where('status').anyOf(NEEDS_CHOICE).count(),
      ]);
      return {
        lastSyncedAt: (last?.value as number | undefined) ?? null,
        error: (error?.value as string | null | undefined) ?? null,
        waiting: total - failed,
        failed,
      };
    }) ?? { lastSyncedAt: null, error: null, waiting: 0, failed: 0 }
  );
}

/** Every outbox entry in order (the admin's outbox panel, which shows each). */
export function useOutboxEntries(): OutboxEntry[] {
  return useDeviceQuery(({ db }) => db.outbox.orderBy('seq').toArray()) ?? [];
}
