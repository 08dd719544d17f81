// Live queries for screens on the first screen (home, the public layout's status line) that
// must not wait for IndexedDB's library: the device database (db.ts, with Dexie) loads right
// after the app's entry instead of inside it, and these hooks answer `undefined` until it has
// (as useLiveQuery does before its first answer). Screens loaded on demand keep using
// useLiveQuery from db.ts directly.
import { useEffect, useState } from 'react';

export type DeviceDb = typeof import('./db.ts');
type StoredArticles = import('./db.ts').StoredArticles;

let loading: Promise<DeviceDb> | null = null;

/** The device database module, loaded once (started by the first caller). */
export function loadDeviceDb(): Promise<DeviceDb> {
  loading ??= import('./db.ts');
  return loading;
}

/** Like useLiveQuery: re-runs `query` whenever what it read changes; undefined until the first answer. */
export function useDeviceQuery<T>(
  query: (device: DeviceDb) => Promise<T>,
  deps: readonly unknown[] = [],
): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    void loadDeviceDb().then((device) => {
      if (stopped) return;
      const subscription = device
        .liveQuery(() => query(device))
        .subscribe({
          next: (next) => setValue(() => next),
          error: (error: unknown) => console.error('[device query]', error),
        });
      unsubscribe = () => subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
    // The caller's deps decide when the query changes, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

/** The published articles on the device, newest first, and whether a sync has finished: one coalesced read shared by every caller (db.ts followStoredArticles). */
export function useStoredArticles(): StoredArticles | undefined {
  const [articles, setArticles] = useState<StoredArticles>();
  useEffect(() => {
    let stopped = false;
    let unfollow = () => {};
    void loadDeviceDb().then((device) => {
      if (!stopped) unfollow = device.followStoredArticles(setArticles);
    });
    return () => {
      stopped = true;
      unfollow();
    };
  }, []);
  return articles;
}
