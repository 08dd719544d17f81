// One tab pushes (and one pulls) at a time. Web Locks where the browser has them; otherwise a
// lease in localStorage that expires, so a closed tab never blocks the others for long.
export const PUSH_LOCK_NAME = 'family-push';
export const PULL_LOCK_NAME = 'family-pull';
export const LEASE_MS = 30_000;

/** Runs `work` unless another tab holds the lock (then answers null at once). */
export async function withTabLock<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : null));
  }
  return withLease(name, work);
}

const tabId = Math.random().toString(36).slice(2);

async function withLease<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  const key = `${name}-lease`;
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
