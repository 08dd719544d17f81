// Reminder subscriptions in the database. Every operation is by `_id` (docs/architecture.md,
// "What each request costs"), so neither a save nor the sender reads a collection that grows:
// - `reminder_subscriptions`: `{ _id: <device's random id>, endpoint, keys, time, zone, daily,
//   weekly, due }`: what the push service needs and the person's choices, nothing else. `due` is
//   the UTC minute (minutes since 1970) of the next reminder.
// - `reminder_due`: the minute's queue, `<minute>#<n>` → `{ sub }`, slots 0, 1, 2… taken by
//   inserting (db/claims/claim.ts), so two saves never take one slot and the slots of a minute
//   have no gaps: the sender reads them in order until the first missing one. An entry whose
//   subscription moved to another minute or was removed is skipped. `<minute>#top` holds about
//   the highest slot taken (raised every TOP_EVERY slots), where a fresh instance starts looking.
import type mongoose from 'mongoose';
import type { ReminderInput } from '@fw/contracts';
import { insertClaim } from '../../db/claims/index.ts';
import { nextDueMinute } from './reminder-time.ts';

export const SUBSCRIPTIONS_COLLECTION = 'reminder_subscriptions';
export const DUE_COLLECTION = 'reminder_due';
/** The top is raised when a save takes a slot that is a multiple of this. */
const TOP_EVERY = 16;
/** Minutes whose next free slot an instance remembers; past this it forgets (only a hint). */
const REMEMBERED_MINUTES_MAX = 50_000;

export interface SubscriptionDoc extends ReminderInput {
  _id: string;
  due: number;
  updatedAt: Date;
}

interface DueDoc {
  _id: string;
  sub?: string;
  top?: number;
}

export const slotId = (minute: number, n: number) => `${minute}#${n}`;

export function reminderStore(connection: mongoose.Connection) {
  const subscriptions = () => connection.collection<SubscriptionDoc>(SUBSCRIPTIONS_COLLECTION);
  const dueSlots = () => connection.collection<DueDoc>(DUE_COLLECTION);
  /** Per minute, the slot to try first: past every slot this instance saw taken. */
  const nextSlot = new Map<number, number>();

  /** Puts `sub` in `minute`'s queue: one insert when this instance knows the minute. */
  async function enqueue(sub: string, minute: number): Promise<void> {
    let n = nextSlot.get(minute);
    if (n === undefined) n = ((await dueSlots().findOne({ _id: `${minute}#top` }))?.top ?? -1) + 1;
    while (!(await insertClaim(dueSlots(), { _id: slotId(minute, n), sub }))) n += 1;
    if (nextSlot.size >= REMEMBERED_MINUTES_MAX) nextSlot.clear();
    nextSlot.set(minute, n + 1);
    // `$max` may lose a race with another instance's raise; the top is only a starting point.
    if (n % TOP_EVERY === 0) await dueSlots().updateOne({ _id: `${minute}#top` }, { $max: { top: n } }, { upsert: true });
  }

  return {
    enqueue,

    /** Saves a device's choices and queues its next reminder (a changed time moves it). */
    async save(id: string, input: ReminderInput, nowMs = Date.now()): Promise<SubscriptionDoc> {
      const due = nextDueMinute(input.time, input.zone, nowMs);
      const old = await subscriptions().findOne({ _id: id });
      const doc: SubscriptionDoc = { _id: id, ...input, due, updatedAt: new Date(nowMs) };
      await subscriptions().replaceOne({ _id: id }, doc, { upsert: true });
      // The old minute's entry stays and is skipped (its `due` no longer matches).
      if (old?.due !== due) await enqueue(id, due);
      return doc;
    },

    /** Removes a device's reminders; its queued entry is skipped when its minute comes. */
    async remove(id: string): Promise<void> {
      await subscriptions().deleteOne({ _id: id });
    },

    find(id: string): Promise<SubscriptionDoc | null> {
      return subscriptions().findOne({ _id: id });
    },

    /** Slot `n` of `minute`'s queue: the subscription id, or null past the last one. */
    async slot(minute: number, n: number): Promise<string | null> {
      return (await dueSlots().findOne({ _id: slotId(minute, n) }))?.sub ?? null;
    },

    /**
     * Moves a sent subscription to its next minute. By `_id` alone (a second condition would read
     * the whole collection on FerretDB): a save racing it at worst gets one reminder by its old time.
     */
    async reschedule(id: string, due: number): Promise<void> {
      await enqueue(id, due);
      await subscriptions().updateOne({ _id: id }, { $set: { due } });
    },

    /** Forgets one handled entry of a minute's queue. */
    async dropSlot(minute: number, n: number): Promise<void> {
      await dueSlots().deleteOne({ _id: slotId(minute, n) });
    },

    /** Forgets a minute once its queue was sent. */
    async closeMinute(minute: number): Promise<void> {
      await dueSlots().deleteOne({ _id: `${minute}#top` });
      nextSlot.delete(minute);
    },
  };
}

export type ReminderStore = ReturnType<typeof reminderStore>;
