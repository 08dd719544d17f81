// Coalescing: a new write of a record merges into the write of that record queued just before it,
// when that one has never been sent, so five offline edits of an article go out as one. Only a
// never-sent entry changes: one that went out may have reached the server, whose key layer
// remembers its body, so it keeps that body under its key and goes out again as it was (the
// outbox marks an entry sent, in a transaction, before its request leaves: outbox.ts claim). The
// kinds decide what covers what (write-kinds/coalesce.ts). Runs inside enqueue's transaction, so
// a tab sending at the same moment sees the entry either before the merge or after it.
import { db, type OutboxEntry } from '../db/db.ts';
import { kindOf } from './write-kinds/registry.ts';

/** Where a new write went. */
export interface Queued {
  /** The entry carrying it: a new one, or the never-sent one it merged into (keeping that one's
   * key and place). When it cancelled that entry, the entry as it was, no longer in the outbox. */
  entry: OutboxEntry;
  /** False when nothing is left to send: a create and its delete, neither of them ever sent. */
  waiting: boolean;
}

/** Never handed to the network: no attempt was claimed for it (it may not even have been tried). */
const neverSent = (entry: OutboxEntry) => entry.status === 'queued' && entry.attempts === 0;

/** Whether an entry other than `except` is about the record or names it (a comment on an article). */
async function referenced(id: string, except: number): Promise<boolean> {
  for (const entry of await db.outbox.toArray()) {
    if (entry.seq === except) continue;
    const held = kindOf(entry)?.heldIds?.(entry.recordId, entry.body) ?? [entry.recordId];
    if (held.includes(id) || Object.values(entry.body).includes(id)) return true;
  }
  return false;
}

/**
 * Merges `next` (not stored yet) into the last entry queued for its record, when the kinds allow
 * and that entry was never sent; null when `next` is to be stored as an entry of its own.
 */
export async function mergeIntoQueued(next: OutboxEntry): Promise<Queued | null> {
  const coalesce = kindOf(next)?.coalesce;
  if (!coalesce) return null;
  const last = (await db.outbox.where('recordId').equals(next.recordId).sortBy('seq')).at(-1);
  if (!last || !neverSent(last) || !kindOf(last)) return null;
  const merged = coalesce(last, next);
  if (!merged) return null;
  if (merged === 'cancel') {
    if (await referenced(next.recordId, last.seq!)) return null;
    await db.outbox.delete(last.seq!);
    return { entry: last, waiting: false };
  }
  const entry: OutboxEntry = { ...last, kind: next.kind, body: merged.body, label: merged.label };
  await db.outbox.put(entry);
  return { entry, waiting: true };
}
