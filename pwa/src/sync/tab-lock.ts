// One tab syncs at a time. Web Locks where the browser has them; otherwise a lease in
// localStorage that expires, so a closed tab never blocks the others for long.
export const SYNC_LOCK_NAME = 'family-sync';
export const LEASE_MS = 30_000;

export async function withSyncLock<T>(work: () => Promise<T>): Promise<T | null> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request(SYNC_LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? work() : null,
    );
  }
  return withLease(work);
}

const tabId = Math.random().toString(36).slice(2);

async function withLease<T>(work: () => Promise<T>): Promise<T | null> {
  const key = `${SYNC_LOCK_NAME}-lease`;
  const now = Date.now();
  try {
    const current = JSON.parse(localStorage.getItem(key) ?? 'null') as { tab: string; until: number } | null;
    if (current && current.tab !== tabId && current.until > now) return null;
    localStorage.setItem(key, JSON.stringify({ tab: tabId, until: now + LEASE_MS }));
  } catch {
    // no storage: run unguarded (idempotency keys still keep writes single)
  }
  try {
    return await work();
  } finally {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to release
    }
  }
}
