// Live queries for screens on the first screen (home, the public layout's status line) that
// must not wait for IndexedDB's library: the device database (db.ts, with Dexie) loads right
// after the app's entry instead of inside it, and these hooks answer `undefined` until it has
// (as useLiveQuery does before its first answer). Screens loaded on demand keep using
// useLiveQuery from db.ts directly.
import { useEffect, useState } from 'react';

export type DeviceDb = typeof import('./db.ts');
type ArticleSummary = import('./db.ts').ArticleSummary;

let loading: Promise<DeviceDb> | null = null;

/** The device database module, loaded once (started by the first caller). */
export function loadDeviceDb(): Promise<DeviceDb> {
  loading ??= import('./db.ts');
  return loading;
}

/** A value the device database keeps up to date: undefined until `follow` first calls back. */
function useDeviceValue<T>(
  follow: (device: DeviceDb, next: (value: T) => void) => () => void,
  deps: readonly unknown[],
): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    void loadDeviceDb().then((device) => {
      if (!stopped) unsubscribe = follow(device, (next) => setValue(() => next));
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

/** Like useLiveQuery: re-runs `query` whenever what it read changes; undefined until the first answer. */
export function useDeviceQuery<T>(
  query: (device: DeviceDb) => Promise<T>,
  deps: readonly unknown[] = [],
): T | undefined {
  return useDeviceValue<T>((device, next) => {
    const subscription = device.liveQuery(() => query(device)).subscribe({
      next,
      error: (error: unknown) => console.error('[device query]', error),
    });
    return () => subscription.unsubscribe();
  }, deps);
}

/** The published articles on the device, newest first (db.ts followStoredArticles). */
export function useStoredArticles(): ArticleSummary[] | undefined {
  return useDeviceValue((device, next) => device.followStoredArticles(next), []);
}
