// How far a long pull of the admin view has come (sync/pull-admin.ts sets it, the admin screens'
// refresh line reads it): a new device at a large site walks a hundred thousand changes, oldest
// first, for a minute or more, and meanwhile its lists are partly filled.
import { useSyncExternalStore } from 'react';

export interface AdminPullProgress {
  /** Changes this round has applied. */
  done: number;
  /** `done` and what the server said was still to come. */
  total: number;
}

let progress: AdminPullProgress | null = null;
const listeners = new Set<() => void>();

/** The round's progress, or null once it ends (or when it fits in one page). */
export function setAdminPullProgress(next: AdminPullProgress | null): void {
  if (next === progress || (next && progress && next.done === progress.done && next.total === progress.total)) return;
  progress = next;
  for (const listener of listeners) listener();
}

export const getAdminPullProgress = (): AdminPullProgress | null => progress;

export function subscribeAdminPullProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useAdminPullProgress(): AdminPullProgress | null {
  return useSyncExternalStore(subscribeAdminPullProgress, getAdminPullProgress, getAdminPullProgress);
}
