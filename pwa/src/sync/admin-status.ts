// What the admin screens show of sync: whether the admin's view was pulled, and the marks of records
// with a write in the outbox. Apart from status.ts so the public first screen does not carry it.
import type { AdminCounts } from '@fw/contracts';
import { useDeviceQuery } from '../db/live.ts';
import { ADMIN_SYNCED_AT, ADMIN_WALK_COUNTS } from '../db/meta-keys.ts';
import { requestSync } from './engine.ts';
import { useAdminPullProgress } from './admin-progress.ts';
import { useOnline, useSyncStatus } from './status.ts';

/** Whether the admin's view has been pulled since login: until then lists say "Loading…", not "empty". */
export function useAdminSynced(): boolean | undefined {
  return useDeviceQuery(async ({ db }) => (await db.meta.get(ADMIN_SYNCED_AT)) !== undefined);
}

/**
 * The server's counts while the device's first walk of the admin view is under way (pull-admin.ts):
 * its own copy is partial until then, so the screens' totals come from these. null once it is whole.
 */
export function useWalkCounts(): AdminCounts | null | undefined {
  return useDeviceQuery(async ({ db }) => ((await db.meta.get(ADMIN_WALK_COUNTS))?.value as AdminCounts | undefined) ?? null);
}

/** Why an admin list never pulled is not coming, and a retry where one can help. */
export interface LoadProblem {
  message: string;
  retry?: () => Promise<void>;
}

/**
 * Undefined while the admin's view is pulled or may still come; otherwise what the lists say in
 * place of "Loading…": a first pull that failed (with Retry), or a device offline since login.
 */
export function useAdminLoadProblem(): LoadProblem | undefined {
  const synced = useAdminSynced();
  const online = useOnline();
  const { error } = useSyncStatus();
  if (synced !== false) return undefined;
  if (!online) return { message: 'Offline: this list comes once the device is back online.' };
  return error ? { message: `Could not load this list: ${error}`, retry: requestSync } : undefined;
}

/**
 * While the device's first walk of the admin view has stopped short of its end: what a list that
 * shows the part the device holds says under it, in the words of useAdminLoadProblem (offline, or
 * the last round failed, with Retry). Undefined while the walk goes on, and once it has ended.
 */
export function useWalkPause(): LoadProblem | undefined {
  const walk = useWalkCounts();
  const online = useOnline();
  const { error } = useSyncStatus();
  // A round under way that has applied a page is going on, whatever the last round's error was.
  const walking = useAdminPullProgress() !== null;
  if (!walk) return undefined;
  if (!online) return { message: 'Offline: more of this list comes once the device is back online.' };
  return error && !walking ? { message: `Could not load the rest of this list: ${error}`, retry: requestSync } : undefined;
}

export type RecordMark = 'pending' | 'attention' | 'conflict';

/**
 * Per record with something in the outbox: still on its way, refused, or crossed with another
 * admin's save (a conflict); the last two wait for a choice and win over "pending".
 */
export function useRecordMarks(): Map<string, RecordMark> {
  const entries = useDeviceQuery(async ({ db }) => (await db.outbox.toArray()).map((e) => [e.recordId, e.status] as const));
  const marks = new Map<string, RecordMark>();
  for (const [id, status] of entries ?? []) {
    if (status === 'conflict') marks.set(id, 'conflict');
    else if (status === 'failed') marks.set(id, 'attention');
    else if (!marks.has(id)) marks.set(id, 'pending');
  }
  return marks;
}
