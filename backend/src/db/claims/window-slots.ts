// Counted hits per fixed window, kept in the database (collection `rate_limits`) so several
// backend instances share the same counts; middleware/rate-limit.ts turns them into HTTP answers.
// FerretDB 1.24 loses `$inc` increments under concurrency (see db/claims/sequence.ts), so a hit
// is counted by inserting its slot `<bucket>:<key>:<window start>#<n>` (db/claims/claim.ts),
// which only one request can do.
//
// Constant cost whatever the collection holds: a hit is one insert in the usual case. Each
// instance remembers the highest slot it saw per window and starts probing above it, so a slot
// taken by another instance costs one extra insert, once; a full window is refused from memory.
// A limiter with `blockSize` (a budget shared by everyone, not a limit per person) takes its slots
// in blocks: one insert stands for that many hits, which the instance then hands out from memory.
// (No hint document: reading a missing _id would read the whole collection on FerretDB.)
// Expired windows are deleted now and then, not awaited, off the request's own work.
import type mongoose from 'mongoose';
import { insertClaim } from './claim.ts';

export const RATE_LIMIT_COLLECTION = 'rate_limits';
/** How often one limiter deletes expired windows (at most). */
const RATE_LIMIT_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Upper bound on a key taken from a request body, so a huge field cannot make a huge id. */
const KEY_MAX_CHARS = 254;
/** Windows remembered per limiter; past this the memory is cleared (it is only a starting point). */
const REMEMBERED_WINDOWS_MAX = 10_000;

interface SlotDoc {
  _id: string;
  expiresAt: Date;
}

interface Taken {
  allowed: boolean;
  /** The slot this hit took (1 … limit); 0 when refused. */
  slot: number;
  retryAfterSeconds: number;
}

export interface WindowSlots {
  /** Counts one hit for `who` in the current window. */
  take(who?: string): Promise<Taken>;
  /** True when this instance already knows `who`'s window is full (no database call). */
  knownFull(who?: string): boolean;
  /** Seconds until the current window ends (the same for every key). */
  secondsLeft(): number;
}

export interface WindowSlotOptions {
  connection: mongoose.Connection;
  /** Names the counted action, e.g. `register-ip`; part of the slot id. */
  bucket: string;
  /** Hits allowed per window and key. */
  limit: number;
  windowMs: number;
  /** Hits one inserted slot stands for (a shared budget); 1 counts every hit in the database. */
  blockSize?: number;
}

export function windowSlots({
  connection,
  bucket,
  limit,
  windowMs,
  blockSize = 1,
}: WindowSlotOptions): WindowSlots {
  const slots = () => connection.collection<SlotDoc>(RATE_LIMIT_COLLECTION);
  /** Hits per slot, and slots per window: never more hits than `limit`, whatever the instances. */
  const size = Math.max(1, Math.min(blockSize, limit));
  const slotsPerWindow = Math.floor(limit / size);
  /** Window id → highest slot this instance knows to be taken. */
  const highest = new Map<string, number>();
  /** Window id → the block this instance holds and the hits it handed out of it. */
  const open = new Map<string, { slot: number; used: number }>();
  let lastSweepMs = 0;

  function windowOf(who: string, nowMs: number) {
    const startMs = nowMs - (nowMs % windowMs);
    const endMs = startMs + windowMs;
    return {
      id: `${bucket}:${who.slice(0, KEY_MAX_CHARS)}:${startMs}`,
      endMs,
      retryAfterSeconds: Math.max(1, Math.ceil((endMs - nowMs) / 1000)),
    };
  }

  function sweepExpired(nowMs: number): void {
    if (nowMs - lastSweepMs < RATE_LIMIT_SWEEP_INTERVAL_MS) return;
    lastSweepMs = nowMs;
    if (highest.size > REMEMBERED_WINDOWS_MAX) highest.clear();
    if (open.size > REMEMBERED_WINDOWS_MAX) open.clear();
    // Not awaited: a slow or failed sweep must never delay or fail the request that triggered it.
    slots()
      .deleteMany({ expiresAt: { $lt: new Date(nowMs) } })
      .catch(() => {});
  }

  type Window = ReturnType<typeof windowOf>;
  const allowed = (slot: number, window: Window): Taken => ({
    allowed: true,
    slot,
    retryAfterSeconds: window.retryAfterSeconds,
  });
  const refused = (window: Window): Taken => ({
    allowed: false,
    slot: 0,
    retryAfterSeconds: window.retryAfterSeconds,
  });

  /** Inserts the next free slot of the window; its number, or 0 when the window is full. */
  async function claimSlot(window: Window): Promise<number> {
    const expiresAt = new Date(window.endMs);
    for (let slot = (highest.get(window.id) ?? 0) + 1; slot <= slotsPerWindow; slot++) {
      highest.set(window.id, slot);
      if (await insertClaim(slots(), { _id: `${window.id}#${slot}`, expiresAt })) return slot;
    }
    return 0;
  }

  /** Window id → the block claim in flight: callers arriving meanwhile wait for it, not race it. */
  const claiming = new Map<string, Promise<number>>();

  async function takeFromBlocks(window: Window): Promise<Taken> {
    for (;;) {
      const held = open.get(window.id);
      if (held && held.used < size) {
        held.used += 1;
        return allowed((held.slot - 1) * size + held.used, window);
      }
      let claim = claiming.get(window.id);
      if (!claim) {
        claim = claimSlot(window).then((slot) => {
          if (slot) open.set(window.id, { slot, used: 0 });
          return slot;
        });
        claiming.set(window.id, claim);
        void claim.finally(() => claiming.delete(window.id)).catch(() => {});
      }
      if (!(await claim)) return refused(window);
    }
  }

  return {
    async take(who = '') {
      const nowMs = Date.now();
      sweepExpired(nowMs);
      const window = windowOf(who, nowMs);
      if (size > 1) return takeFromBlocks(window);
      const slot = await claimSlot(window);
      return slot ? allowed(slot, window) : refused(window);
    },
    knownFull(who = '') {
      const id = windowOf(who, Date.now()).id;
      const held = open.get(id);
      return (highest.get(id) ?? 0) >= slotsPerWindow && !(held && held.used < size);
    },
    secondsLeft() {
      return windowOf('', Date.now()).retryAfterSeconds;
    },
  };
}
