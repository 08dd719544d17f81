// The device's storage as the reader sees it: whether the browser refused to store more (a quota
// error), and whether it promised to keep what is stored (persistent storage). A full store is a
// state shown to the person, not a crash: reading online keeps working, and nothing already queued
// in the outbox is touched to make room.
import { useSyncExternalStore } from 'react';

export const STORAGE_FULL_MESSAGE =
  "This device's storage is full, so new articles and changes cannot be saved on it. Reading online still works; free some space in the browser's settings to save more.";

/** True for a refusal because of storage quota, however deeply Dexie or the browser wrapped it. */
export function isQuotaError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { name, inner, cause } = e as { name?: string; inner?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError') return true;
    e = inner ?? cause;
  }
  return false;
}

let storageFull = false;
const listeners = new Set<() => void>();

/** Kept in memory: when the store is full, writing this state to it would fail too. */
export function setStorageFull(full: boolean): void {
  if (storageFull === full) return;
  storageFull = full;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStorageFull(): boolean {
  return useSyncExternalStore(subscribe, () => storageFull, () => false);
}

let persistRequest: Promise<boolean> | null = null;

/** Asks the browser (once per visit) to keep this device's articles and queued changes through
 * storage pressure. */
export function requestPersistentStorage(): Promise<boolean> {
  persistRequest ??= (async () => {
    try {
      return (await navigator.storage?.persist?.()) ?? false;
    } catch {
      return false;
    }
  })();
  return persistRequest;
}

/** Whether the browser granted persistent storage (after this visit's request); null where it cannot say. */
export async function persistentStorageGranted(): Promise<boolean | null> {
  await persistRequest;
  try {
    return (await navigator.storage?.persisted?.()) ?? null;
  } catch {
    return null;
  }
}
