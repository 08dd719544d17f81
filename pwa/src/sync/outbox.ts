// The outbox: every write a person makes is stored here first (with its optimistic effect, in one
// transaction), then sent in order to its ordinary endpoint with a stable Idempotency-Key, so a
// retry after a lost answer is applied once. An entry leaves the outbox only in the same
// transaction that applies the server's answer, so a crash between send and acknowledgement
// loses nothing: the entry is sent again and the server replays its first answer. Writes of one
// record queued on top of a never-sent one merge into it (outbox-merge.ts).
import { newObjectId } from '@fw/contracts/object-id';
import { ApiError, api } from '../lib/api.ts';
import { getToken, signOutWithNotice } from '../lib/auth.ts';
import { db, getMeta, setMeta, type OutboxEntry } from '../db/db.ts';
import { WRITE_KINDS, kindOf, writeTables, type OutboxKind } from './write-kinds/registry.ts';
import type { WriteKind } from './write-kinds/kind.ts';
import { releaseFeedCopies } from './held-copies.ts';
import { mergeIntoQueued, type Queued } from './outbox-merge.ts';

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** Exponential back-off with "equal jitter": half fixed, half random, so tabs and devices spread out. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type Outcome = 'done' | 'retry' | 'failed' | 'conflict' | 'auth';

/**
 * How an answer is handled: retried later, refused for the person to see, or a login needed. The
 * server's error code decides; only an answer without one (no connection, a proxy's error page)
 * falls back to its status.
 */
export function classify(error: ApiError, kind: OutboxKind): Exclude<Outcome, 'done'> {
  switch (error.kind) {
    case 'transient':
      return 'retry';
    case 'sign-in':
      return 'auth';
    case 'edit-conflict':
      return serverCopyIn(WRITE_KINDS[kind], error) ? 'conflict' : 'failed';
    case 'refused':
      return 'failed';
    case null:
      return error.isNetwork || error.status >= 500 || error.status === 408 || error.status === 429 ? 'retry' : 'failed';
  }
}

/** The server's copy a refused edit came back with, when its kind lets the person choose. */
function serverCopyIn(kind: WriteKind, error: ApiError): Record<string, unknown> | undefined {
  if (!kind.conflicts || !kind.recordField) return undefined;
  const copy = error.body?.[kind.recordField];
  return copy && typeof copy === 'object' ? (copy as Record<string, unknown>) : undefined;
}

/** Said of an entry an older or newer version of the app stored under a kind this one lacks. */
const UNKNOWN_KIND_MESSAGE = 'This change was saved by another version of the app and cannot be sent. Discard it.';

export interface NewOperation {
  kind: OutboxKind;
  recordId: string;
  body: Record<string, unknown>;
  label: string;
}

type Listener = () => void;
const enqueueListeners = new Set<Listener>();
/** The sync engine listens so that a write made online goes out right away. */
export function onEnqueue(listener: Listener): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

const newKey = () => `op-${newObjectId()}`;

/** Stores a write with its optimistic effect; answers the entry that will carry it. */
export async function enqueue(op: NewOperation): Promise<OutboxEntry> {
  return (await queueWrite(op)).entry;
}

/** Stores a write with its optimistic effect, merged into a never-sent one of its record if it can. */
export async function queueWrite(op: NewOperation): Promise<Queued> {
  const entry: OutboxEntry = {
    key: newKey(),
    kind: op.kind,
    recordId: op.recordId,
    body: op.body,
    label: op.label,
    status: 'queued',
    attempts: 0,
    createdAt: Date.now(),
    nextAttemptAt: 0,
  };
  const queued = await db.transaction('rw', [db.outbox, ...writeTables()], async () => {
    await WRITE_KINDS[op.kind].optimistic(op.recordId, op.body);
    const merged = await mergeIntoQueued(entry);
    if (merged) return merged;
    entry.seq = await db.outbox.add(entry);
    return { entry, waiting: true };
  });
  for (const listener of enqueueListeners) listener();
  return queued;
}

/** After a write is confirmed, later queued edits of the same record were made on top of this
 * device's own change, so they are based on the version the server just gave it. */
async function rebaseLaterEdits(entry: OutboxEntry, stored: unknown): Promise<void> {
  const version = (stored as { version?: unknown } | undefined)?.version;
  if (typeof version !== 'number') return;
  const later = await db.outbox.where('recordId').equals(entry.recordId).toArray();
  for (const next of later) {
    if (next.seq! > entry.seq! && kindOf(next)?.versioned) {
      await db.outbox.update(next.seq!, { body: { ...next.body, version } });
    }
  }
}

/** Grows with every settled write (in any tab), so a list fetched before it can be told stale. */
export const SETTLED_COUNT_KEY = 'outboxSettled';

export async function settledCount(): Promise<number> {
  return (await getMeta<number>(SETTLED_COUNT_KEY)) ?? 0;
}

async function settle(entry: OutboxEntry, kind: WriteKind, response: Record<string, unknown>): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta, ...writeTables()], async () => {
    if (!(await db.outbox.get(entry.seq!))) return; // settled by another tab meanwhile
    // The entry leaves first: the kind's confirmation sees only the writes still waiting.
    await db.outbox.delete(entry.seq!);
    await kind.confirmed?.(entry.recordId, response);
    await releaseFeedCopies(entry.recordId, kind.supersedesFeed === true);
    if (kind.recordField) await rebaseLaterEdits(entry, response[kind.recordField]);
    await setMeta(SETTLED_COUNT_KEY, (await settledCount()) + 1);
  });
}

export interface SendReport {
  outcome: Outcome;
  message: string;
}
type ReportListener = (key: string, report: SendReport) => void;
const reportListeners = new Set<ReportListener>();

function report(key: string, outcome: Outcome, message: string): Outcome {
  for (const listener of reportListeners) listener(key, { outcome, message });
  return outcome;
}

/**
 * Waits for this tab to send an entry, so a screen can show the server's own message. Resolves
 * with null after `timeoutMs` (offline, or another tab is the one syncing).
 */
export function waitForReport(key: string, timeoutMs: number): Promise<SendReport | null> {
  return new Promise((resolve) => {
    const listener: ReportListener = (reportedKey, result) => {
      if (reportedKey !== key || result.outcome === 'retry') return;
      finish(result);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(result: SendReport | null) {
      clearTimeout(timer);
      reportListeners.delete(listener);
      resolve(result);
    }
    reportListeners.add(listener);
  });
}

/**
 * Counts an attempt for a queued entry before its request leaves, in one transaction with reading
 * it: from then on the entry may reach the server, so nothing merges into it any more (and its
 * back-off counts this attempt). Undefined when it is gone or no longer queued.
 */
async function claim(seq: number): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.status !== 'queued') return undefined;
    const attempts = entry.attempts + 1;
    await db.outbox.update(seq, { attempts });
    return { ...entry, attempts };
  });
}

/** Sends one claimed entry; records what happened to it. */
async function sendEntry(entry: OutboxEntry, now = Date.now()): Promise<Outcome> {
  const kind = kindOf(entry);
  if (!kind) {
    await db.outbox.update(entry.seq!, { status: 'failed', lastError: UNKNOWN_KIND_MESSAGE });
    return report(entry.key, 'failed', UNKNOWN_KIND_MESSAGE);
  }
  try {
    const { data } = await api(kind.endpoint.method, kind.endpoint.path, {
      body: kind.wire ? kind.wire(entry.body) : entry.body,
      idempotencyKey: entry.key,
    });
    await settle(entry, kind, data);
    return report(entry.key, 'done', typeof data.message === 'string' ? data.message : '');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code && kind.alreadyDone?.includes(error.code)) {
      await settle(entry, kind, {});
      return report(entry.key, 'done', '');
    }
    const outcome = classify(error, entry.kind as OutboxKind);
    const { attempts } = entry;
    if (outcome === 'retry') {
      const wait = Math.max(backoffMs(attempts), error.retryAfterMs ?? 0);
      await db.outbox.update(entry.seq!, { nextAttemptAt: now + wait, lastError: error.message });
    } else if (outcome === 'auth') {
      // Keep the operation; it goes out after the admin signs in again.
      await db.outbox.update(entry.seq!, { lastError: error.message });
      signOutWithNotice(error.message);
    } else {
      await db.outbox.update(entry.seq!, {
        status: outcome,
        lastError: error.message,
        serverCopy: outcome === 'conflict' ? serverCopyIn(kind, error) : undefined,
      });
    }
    return report(entry.key, outcome, error.message);
  }
}

export interface PushResult {
  sent: number;
  /** When the next retry is due, if some entry waits for one. */
  retryAt: number | null;
}

/**
 * Sends what is due, oldest first. An entry that is not sent holds back the later entries of the
 * same record (a create goes before its edits); other records go on. A network failure stops the
 * round: nothing else would get through either. No round runs while the browser knows it has no
 * network (its 'online' event starts the next): writes made meanwhile stay never sent, so they
 * can still merge.
 */
export async function pushOutbox(now: () => number = Date.now): Promise<PushResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { sent: 0, retryAt: null };
  let sent = 0;
  let retryAt: number | null = null;
  const entries = await db.outbox.orderBy('seq').toArray();
  const heldBack = new Set<string>();
  const apart = new Map<WriteKind, OutboxEntry[]>();
  for (const entry of entries) {
    const sendAll = kindOf(entry)?.sendAll;
    if (sendAll && entry.status === 'queued' && entry.nextAttemptAt <= now() && !heldBack.has(entry.recordId)) {
      const kind = kindOf(entry)!;
      const batch = apart.get(kind);
      if (batch) batch.push(entry);
      else apart.set(kind, [entry]);
      continue;
    }
    const waiting = entry.status !== 'queued' || (kindOf(entry)?.endpoint.admin === true && !getToken());
    if (heldBack.has(entry.recordId) || waiting || entry.nextAttemptAt > now()) {
      if (entry.status === 'queued' && entry.nextAttemptAt > now()) {
        retryAt = Math.min(retryAt ?? Infinity, entry.nextAttemptAt);
      }
      heldBack.add(entry.recordId);
      continue;
    }
    const claimed = await claim(entry.seq!);
    if (!claimed) continue;
    const outcome = await sendEntry(claimed, now());
    if (outcome === 'done') {
      sent += 1;
      continue;
    }
    heldBack.add(entry.recordId);
    if (outcome === 'retry') {
      const updated = await db.outbox.get(entry.seq!);
      retryAt = Math.min(retryAt ?? Infinity, updated?.nextAttemptAt ?? now());
      return { sent, retryAt };
    }
  }
  // Kinds that send many entries a request (study records), after the others.
  for (const [kind, due] of apart) {
    const tools = { now, backoffMs: (attempts: number) => backoffMs(attempts), report, classify: (error: ApiError) => classify(error, due[0]!.kind as OutboxKind) };
    const result = await kind.sendAll!(due, tools);
    sent += result.sent;
    if (result.retryAt !== null) retryAt = Math.min(retryAt ?? Infinity, result.retryAt);
  }
  return { sent, retryAt };
}

/** The person chose to try a refused operation again. */
export async function retryEntry(seq: number): Promise<void> {
  // A new key: the server stored its refusal under the old one and would replay it.
  await db.outbox.update(seq, { status: 'queued', key: newKey(), nextAttemptAt: 0, lastError: undefined });
  for (const listener of enqueueListeners) listener();
}

/** The person gave a refused operation up: drop it and forget its optimistic effect. The next
 * pull restores the server's view of the record. */
export async function discardEntry(seq: number): Promise<void> {
  const entry = await db.outbox.get(seq);
  if (!entry) return;
  await db.transaction('rw', [db.outbox, db.meta, ...writeTables()], async () => {
    await db.outbox.delete(seq);
    await kindOf(entry)?.forget?.(entry.recordId, entry.body);
    await releaseFeedCopies(entry.recordId, false);
  });
  for (const listener of enqueueListeners) listener();
}

/** A 409 on an edit: keep mine (re-sent on top of the server's version) or take the server's. */
export async function resolveConflict(seq: number, choice: 'mine' | 'theirs'): Promise<void> {
  const entry = await db.outbox.get(seq);
  if (!entry?.serverCopy) return;
  const server = entry.serverCopy;
  if (choice === 'mine') {
    await db.outbox.update(seq, {
      status: 'queued',
      key: newKey(),
      body: { ...entry.body, version: server.version },
      serverCopy: undefined,
      lastError: undefined,
      nextAttemptAt: 0,
    });
  } else {
    await db.transaction('rw', [db.outbox, db.meta, ...writeTables()], async () => {
      await db.outbox.delete(seq);
      await kindOf(entry)?.takeServerCopy?.(entry.recordId, entry.body, server);
      await releaseFeedCopies(entry.recordId, false);
    });
  }
  for (const listener of enqueueListeners) listener();
}
