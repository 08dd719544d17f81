// What the status line shows: online or not, when the device last synced, and what waits to send.
import { useSyncExternalStore } from 'react';
import { db, useLiveQuery, type OutboxEntry } from '../db/db.ts';
import { META } from './pull.ts';
import { SYNC_ERROR_KEY } from './engine.ts';
import { ADMIN_SYNCED_AT } from './pull-admin.ts';

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
    useLiveQuery(async () => {
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

/** Record ids with a write still waiting to reach the server. */
export function usePendingIds(): Set<string> {
  const ids = useLiveQuery(async () => (await db.outbox.toArray()).map((e) => e.recordId));
  return new Set(ids ?? []);
}

/** Whether the admin's view has been pulled since login: until then lists say "Loading…", not "empty". */
export function useAdminSynced(): boolean | undefined {
  return useLiveQuery(async () => (await db.meta.get(ADMIN_SYNCED_AT)) !== undefined);
}

export type RecordMark = 'pending' | 'attention';

/** Per record with something in the outbox: still on its way, or refused and waiting for a choice. */
export function useRecordMarks(): Map<string, RecordMark> {
  const entries = useLiveQuery(async () => (await db.outbox.toArray()).map((e) => [e.recordId, e.status] as const));
  const marks = new Map<string, RecordMark>();
  for (const [id, status] of entries ?? []) {
    if (status === 'failed' || status === 'conflict') marks.set(id, 'attention');
    else if (!marks.has(id)) marks.set(id, 'pending');
  }
  return marks;
}
