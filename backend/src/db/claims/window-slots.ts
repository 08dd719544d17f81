// Counted hits per fixed window, kept in the database (collection `rate_limits`, or the one a
// limiter names) so several backend instances share the same counts; middleware/rate-limit.ts
// turns them into HTTP answers.
// FerretDB 1.24 loses `$inc` increments under concurrency (see db/claims/sequence.ts), so a hit
// is counted by inserting its slot `<bucket>:<key>:<window start>#<n>` (db/claims/claim.ts),
// which only one request can do.
//
// Constant cost whatever the collection holds and whatever other instances counted: a hit is one
// insert in the usual case. Each instance remembers the highest slot it saw per window and starts
// probing above it. A window with many slots (a shared budget) also keeps a top document
// `<window>#top` holding about the highest slot taken, raised with `$max` by the claim of every
// TOP_EVERY-th slot (so a hit pays one insert, and one raise in TOP_EVERY): an instance that does
// not know the window, or whose insert lost past the last top it read, reads it (one `_id` lookup)
// and jumps there instead of paying one failed insert per slot the others took (so a fresh
// instance's first hit is at most TOP_EVERY + 2 calls: read the top, walk the few slots above it,
// raise; the read of a window with no top yet is an `_id` lookup that scripts/ferretdb/idindex
// keeps indexed on SQLite). The top is only a
// starting point (FerretDB may lose a `$max` raced by another, as it loses `$inc`); the insert
// still decides, so a lagging top costs a few failed inserts, never a wrong count. Small windows
// (a limit per person) skip it: walking their few slots is cheaper than a second document.
// A limiter with `blockSize` (a budget shared by everyone, not a limit per person) takes its slots
// in blocks: one insert stands for that many hits, which the instance then hands out from memory.
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
/** Windows with more slots than this keep a top document; smaller ones walk their slots. */
const TOP_FROM_SLOTS = 16;
/** The top is raised when a claim takes a slot that is a multiple of this. */
export const TOP_EVERY = 8;

interface SlotDoc {
  _id: string;
  expiresAt: Date;
  /** On a window's top document only: about the highest slot taken. */
  top?: number;
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
  /**
   * Where the slots live (`rate_limits` unless said): a limit whose slot is sent with another
   * claim as one insert lives in that claim's collection (db/batched-insert.ts).
   */
  collection?: string;
}

export function windowSlots({
  connection,
  bucket,
  limit,
  windowMs,
  blockSize = 1,
  collection = RATE_LIMIT_COLLECTION,
}: WindowSlotOptions): WindowSlots {
  const slots = () => connection.collection<SlotDoc>(collection);
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

  const topOf = (window: Window) => `${window.id}#top`;

  /** The window's top document's slot (0 when it has none yet): one lookup by `_id`. */
  async function readTop(window: Window): Promise<number> {
    const doc = await slots().findOne({ _id: topOf(window) }, { projection: { top: 1 } });
    return doc?.top ?? 0;
  }

  /** Raises the top to `slot`; a failed raise only leaves the next search a little lower. */
  async function raiseTop(window: Window, slot: number): Promise<void> {
    await slots()
      .updateOne(
        { _id: topOf(window) },
        { $max: { top: slot }, $setOnInsert: { expiresAt: new Date(window.endMs) } },
        { upsert: true },
      )
      // Swallowed (two first raises may race the upsert, or the database may blink): the hit is
      // already counted by its slot, and a lower top only costs the next search a failed insert.
      .catch(() => {});
  }

  /** Inserts the next free slot of the window; its number, or 0 when the window is full. */
  async function claimSlot(window: Window): Promise<number> {
    const expiresAt = new Date(window.endMs);
    const topped = slotsPerWindow > TOP_FROM_SLOTS;
    const known = highest.get(window.id);
    let below = known ?? (topped ? await readTop(window) : 0);
    // Slots below this were raised past already: the top, read again, would tell nothing new.
    let readAgainFrom = known === undefined ? below + TOP_EVERY : 0;
    for (;;) {
      // Above every slot this instance tried meanwhile: callers at once try different slots, and a
      // loser moves past those its neighbours took instead of trying each of them in turn.
      const slot = Math.max(below, highest.get(window.id) ?? 0) + 1;
      if (slot > slotsPerWindow) break;
      highest.set(window.id, slot);
      if (await insertClaim(slots(), { _id: `${window.id}#${slot}`, expiresAt })) {
        if (topped && slot % TOP_EVERY === 0) await raiseTop(window, slot);
        return slot;
      }
      // Taken: another instance is ahead; past the last top read, its top says how far, so one
      // read replaces a walk.
      below = slot;
      if (topped && slot >= readAgainFrom) {
        below = Math.max(slot, await readTop(window));
        readAgainFrom = below + TOP_EVERY;
      }
    }
    highest.set(window.id, Math.max(highest.get(window.id) ?? 0, slotsPerWindow));
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
