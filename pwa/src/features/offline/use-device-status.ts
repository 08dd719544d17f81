// What this device holds for offline reading, and how far the first sync has come.
import { useEffect, useState } from 'react';
// In the public layout (first screen): through db/live.ts, so the device database and the sync
// engine load after the entry.
import { useDeviceQuery } from '../../db/live.ts';
import type { FirstSync } from '../../sync/pull.ts';
import { META } from '../../db/meta-keys.ts';
import { persistentStorageGranted } from '../../lib/storage.ts';

export interface DeviceHoldings {
  articles: number;
  comments: number;
  lessons: number;
  lastSyncedAt: number | null;
}

export function useDeviceHoldings(): DeviceHoldings | undefined {
  return useDeviceQuery(async ({ db }) => {
    const [articles, comments, lessons, last] = await Promise.all([
      db.articles.count(),
      db.comments.count(),
      db.worship.count(),
      db.meta.get(META.LAST_SYNCED_AT),
    ]);
    return { articles, comments, lessons, lastSyncedAt: (last?.value as number | undefined) ?? null };
  }, []);
}

export interface FirstSyncProgress {
  saved: number;
  /** null when the server did not say how many there are. */
  total: number | null;
}

/** While the first sync runs: how many articles are saved so far, of how many; null otherwise. */
export function useFirstSyncProgress(): FirstSyncProgress | null | undefined {
  return useDeviceQuery(async ({ db }) => {
    const first = (await db.meta.get(META.FIRST_SYNC))?.value as FirstSync | undefined;
    if (!first) return null;
    const saved = await db.articles.count();
    return { saved: first.total === null ? saved : Math.min(saved, first.total), total: first.total };
  }, []);
}

/** Whether the browser promised to keep this device's data; null while asking or where it cannot say. */
export function usePersistentStorage(): boolean | null {
  const [granted, setGranted] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void persistentStorageGranted().then((value) => current && setGranted(value));
    return () => {
      current = false;
    };
  }, []);
  return granted;
}
