// One tab pushes (and one pulls) at a time, through Web Locks (every browser the app supports has
// them). A push waits for the tab holding the lock: the write it was asked for (made in this tab,
// maybe after the other tab's push read the outbox) goes out as soon as that push ends, instead
// of waiting for the next sync round. A pull that finds another tab pulling is not needed and
// answers null at once. Without Web Locks (tests under node) the work runs unguarded; the
// Idempotency-Keys still keep every write single.
export const PUSH_LOCK_NAME = 'family-push';
export const PULL_LOCK_NAME = 'family-pull';

/** Runs `work` holding the lock; `wait: false` answers null at once if another tab holds it. */
export async function withTabLock<T>(name: string, work: () => Promise<T>, { wait }: { wait: boolean }): Promise<T | null> {
  if (typeof navigator === 'undefined' || !navigator.locks?.request) return work();
  if (wait) return navigator.locks.request(name, () => work());
  return navigator.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : null));
}
