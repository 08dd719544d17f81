// Reminder subscriptions in the database. Every operation is by `_id` (docs/architecture.md,
// "What each request costs"), so neither a save nor the sender reads a collection that grows:
// - `reminder_subscriptions`: `{ _id: <device's random id>, endpoint, keys, time, zone, daily,
//   weekly }`: what the push service needs and the person's choices, nothing else.
// - `reminder_due_<day>`: the queues of one UTC day's minutes (day = minutes since 1970 / 1440).
//   A minute's queue is slots `<minute>#0`, `#1`… → `{ subs: [ids] }`, taken by inserting
//   (db/claims/claim.ts), so two saves never take one slot and a minute's slots have no gaps: the
//   sender reads them in order until the first missing one. A save queues one id; the sender
//   queues everyone it sent in one minute for the same next minute in slots of SLOT_IDS_MAX.
//   `<minute>#top` holds about the highest slot taken (raised every TOP_EVERY slots), where an
//   instance that does not know the minute starts. A day's collection is dropped once it is past
//   (no per-entry deletes); an entry whose subscription moved or was removed is skipped.
import type mongoose from 'mongoose';
import type { ReminderInput } from '@fw/contracts';
import { insertClaim } from '../../db/claims/index.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { nextDueMinute } from './reminder-time.ts';

export const SUBSCRIPTIONS_COLLECTION = 'reminder_subscriptions';
const DUE_COLLECTION_PREFIX = 'reminder_due_';
const MINUTES_PER_DAY = 1440;
/** The top is raised when a save takes a slot that is a multiple of this. */
const TOP_EVERY = 16;
/** Ids one slot holds when the sender moves a minute's subscriptions on. */
const SLOT_IDS_MAX = 500;
/** Slot reads in flight at once when the sender reads a part of a minute's queue. */
const SLOT_READS_AT_ONCE = 16;
/** Minutes whose next free slot an instance remembers; past this it forgets (only a hint). */
const REMEMBERED_MINUTES_MAX = 50_000;

export interface SubscriptionDoc extends ReminderInput {
  _id: string;
  updatedAt: Date;
}

interface DueDoc {
  _id: string;
  subs?: string[];
  top?: number;
}

const dayOf = (minute: number) => Math.floor(minute / MINUTES_PER_DAY);

/** Whether `doc`'s choices make it due at `minute` (a queued entry of a changed subscription is not). */
export function dueAt(doc: Pick<SubscriptionDoc, 'time' | 'zone'>, minute: number): boolean {
  return nextDueMinute(doc.time, doc.zone, (minute - 1) * 60_000) === minute;
}

export function reminderStore(connection: mongoose.Connection) {
  const subscriptions = () => connection.collection<SubscriptionDoc>(SUBSCRIPTIONS_COLLECTION);
  const dueSlots = (minute: number) => connection.collection<DueDoc>(`${DUE_COLLECTION_PREFIX}${dayOf(minute)}`);
  /** Per minute, the slot to try first: past every slot this instance saw taken. */
  const nextSlot = new Map<number, number>();

  /** Puts `subs` in `minute`'s queue: one insert when this instance knows the minute. */
  async function enqueueSlot(subs: string[], minute: number): Promise<void> {
    const slots = dueSlots(minute);
    let n = nextSlot.get(minute);
    if (n === undefined) n = ((await slots.findOne({ _id: `${minute}#top` }))?.top ?? -1) + 1;
    while (!(await insertClaim(slots, { _id: `${minute}#${n}`, subs }))) n += 1;
    if (nextSlot.size >= REMEMBERED_MINUTES_MAX) nextSlot.clear();
    nextSlot.set(minute, Math.max(n + 1, nextSlot.get(minute) ?? 0));
    // `$max` may lose a race with another instance's raise; the top is only a starting point.
    if (n % TOP_EVERY === 0) {
      await slots.updateOne({ _id: `${minute}#top` }, { $max: { top: n } }, { upsert: true }).catch((error: unknown) => {
        // Two first raises at once: one upsert inserts, the other finds the id taken. Either top will do.
        if (!isDuplicateKey(error)) throw error;
      });
    }
  }

  return {
    /** Queues `ids` at `minute`, SLOT_IDS_MAX to a slot. */
    async enqueue(ids: string[], minute: number): Promise<void> {
      for (let i = 0; i < ids.length; i += SLOT_IDS_MAX) await enqueueSlot(ids.slice(i, i + SLOT_IDS_MAX), minute);
    },

    /** Saves a device's choices and queues its next reminder (a changed time queues the new one). */
    async save(id: string, input: ReminderInput, nowMs = Date.now()): Promise<{ doc: SubscriptionDoc; due: number }> {
      const due = nextDueMinute(input.time, input.zone, nowMs);
      const old = await subscriptions().findOne({ _id: id });
      const doc: SubscriptionDoc = { _id: id, ...input, updatedAt: new Date(nowMs) };
      await subscriptions().replaceOne({ _id: id }, doc, { upsert: true });
      // The same minute as before: already queued there (the sender dedupes within a minute anyway).
      if (!old || nextDueMinute(old.time, old.zone, nowMs) !== due) await enqueueSlot([id], due);
      return { doc, due };
    },

    /** Removes a device's reminders; its queued entry is skipped when its minute comes. */
    async remove(id: string): Promise<void> {
      await subscriptions().deleteOne({ _id: id });
    },

    find(id: string): Promise<SubscriptionDoc | null> {
      return subscriptions().findOne({ _id: id });
    },

    /** Slot `n` of `minute`'s queue: its subscription ids, or null past the last one. */
    async slot(minute: number, n: number): Promise<string[] | null> {
      return (await dueSlots(minute).findOne({ _id: `${minute}#${n}` }))?.subs ?? null;
    },

    /**
     * Slots `from` to `from + count - 1` of `minute`'s queue, read SLOT_READS_AT_ONCE at a time,
     * each by `_id` (a filter on several `_id`s reads the whole collection on SQLite,
     * docs/architecture.md): their ids in slot order up to the first missing slot; `more` says
     * whether every asked slot was there.
     */
    async slots(minute: number, from: number, count: number): Promise<{ subs: string[][]; more: boolean }> {
      const subs: string[][] = [];
      for (let start = from; start < from + count; start += SLOT_READS_AT_ONCE) {
        const numbers = Array.from({ length: Math.min(SLOT_READS_AT_ONCE, from + count - start) }, (_, i) => start + i);
        const found = await Promise.all(numbers.map((n) => dueSlots(minute).findOne({ _id: `${minute}#${n}` })));
        for (const slot of found) {
          if (!slot) return { subs, more: false };
          subs.push(slot.subs ?? []);
        }
      }
      return { subs, more: true };
    },

    /** Drops the queues of the day `minute` falls in, once every minute of it is handled. */
    async dropDay(minute: number): Promise<void> {
      await connection.db
        ?.dropCollection(`${DUE_COLLECTION_PREFIX}${dayOf(minute)}`)
        .catch(() => {
          // Never made (no reminders that day) or already dropped by another instance.
        });
      for (const known of nextSlot.keys()) if (dayOf(known) <= dayOf(minute)) nextSlot.delete(known);
    },
  };
}
