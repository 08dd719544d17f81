// What one kind of write is, declared once: its endpoint and wire body, the change the device
// shows at once, how the server's answer settles it, how it is forgotten when the person gives it
// up, and which records a pull must leave alone while it waits. The outbox, the pulls and the
// outbox panel are generic over these declarations (registry.ts lists them); a new kind of write
// is one more declaration in a family file here.
import type { ErrorCode } from '@fw/contracts/errors';
import type { OutboxEntry, Table } from '../../db/db.ts';
import type { ApiError } from '../../lib/api.ts';

interface Endpoint {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Only admin writes need a token; a visitor's comment goes out without one. */
  admin: boolean;
}

type Body = Record<string, unknown>;

/** A write as the outbox holds it, for a kind deciding whether two writes can become one. */
export interface QueuedWrite {
  kind: string;
  body: Body;
  label: string;
}

/**
 * What becomes of two writes of one record when the later one covers the earlier: one write of
 * the later one's kind with this body and label, sent in the earlier one's place under its key;
 * or `cancel`, when together they leave nothing to send (a create and then its delete).
 */
export type Coalesced = { body: Body; label: string } | 'cancel';

export interface WriteKind {
  endpoint: Endpoint;
  /** The request body that goes over the wire (default: the stored body as it is). */
  wire?: (body: Body) => Body;
  /** The change a person sees at once, before the server has answered. Runs in the outbox's transaction. */
  optimistic: (recordId: string, body: Body) => Promise<void>;
  /** Settles the device's copy with the server's answer. Runs in the outbox's transaction. */
  confirmed?: (recordId: string, answer: Body) => Promise<void>;
  /**
   * The answer's field holding the stored record with its new version (`article`, `lesson`):
   * later queued edits of the same record are rebased on it.
   */
  recordField?: string;
  /** A 409 carrying the server's copy in `recordField` is a conflict the person resolves. */
  conflicts?: boolean;
  /** Whether this kind's body names the version it was based on (so it is rebased and conflicts). */
  versioned?: boolean;
  /** Takes the server's copy on "Take theirs". Runs in a transaction over every kind's tables. */
  takeServerCopy?: (recordId: string, body: Body, copy: Body) => Promise<void>;
  /** Drops what the write showed when the person gives it up. Runs in a transaction. */
  forget?: (recordId: string, body: Body) => Promise<void>;
  /** Refusals that mean the write's effect already holds (deleting something already gone). */
  alreadyDone?: readonly ErrorCode[];
  /**
   * The server's confirmation is the record's latest state on the device (its stored copy, or its
   * deletion), so what the delta feeds brought for it while the write waited is older and dropped.
   * Otherwise that is applied once the write leaves (see held-copies.ts).
   */
  supersedesFeed?: boolean;
  /** The records a pull must not overwrite while this write waits (default: its own record). */
  heldIds?: (recordId: string, body: Body) => readonly string[];
  /**
   * Merges a new write of this kind into the write of the same record queued just before it, when
   * that one has never been sent (the outbox checks that, and that nothing else refers to a
   * record whose writes cancel). Undefined, or no such function: both are sent, in order.
   */
  coalesce?: (earlier: QueuedWrite, later: QueuedWrite) => Coalesced | undefined;
  /**
   * Sends the due entries of this kind its own way (many in one request), instead of one request
   * per entry; it claims, settles, refuses or schedules them itself and reports each.
   */
  sendAll?: (entries: OutboxEntry[], tools: SendTools) => Promise<{ sent: number; retryAt: number | null }>;
  /** The device tables its optimistic change, confirmation and forgetting touch. */
  tables: () => Table[];
}

/** What the outbox lends a kind that sends its entries itself. */
export interface SendTools {
  now: () => number;
  /** The outbox's reading of a refusal (outbox.ts classify): 'retry' is tried again later. */
  classify: (error: ApiError) => string;
  backoffMs: (attempts: number) => number;
  report: (key: string, outcome: 'done' | 'retry' | 'failed', message: string) => void;
}

/** Declares a family's kinds, keeping their names as a type. */
export function defineKinds<K extends string>(kinds: Record<K, WriteKind>): Record<K, WriteKind> {
  return kinds;
}
