// The reminder sender: every instance, on a timer, looks at each minute that has begun since its
// last look, and the one instance that claims a minute (inserting `reminder_runs` `<minute>`, the
// claim by insert of db/claims/claim.ts, like every race in the backend) sends that minute's
// reminders. A claim whose holder died before marking it done is taken over after
// CLAIM_STALE_MS; the subscriptions it had already sent moved on to their next minute, so the
// taker skips them. A push service answering 404 or 410 removes the subscription.
//
// Sending is bounded: SEND_CONCURRENCY subscriptions in flight and SENDS_PER_SECOND started, each
// one `_id` read and one encryption; a run renews its claim as it goes; the queue's slots are read a part at a time, the next part while the one before is
// sent, so reading never waits on sending; the sent ones are queued for their next minute
// together, a slot per SLOT_IDS_MAX (reminder-store.ts), so a day's reminders cost almost no
// writes, and public reads keep their share of the event loop and the database
// (bench/reminders.mjs measures both).
import type mongoose from 'mongoose';
import { REMINDER_PAGES, REMINDER_TEXTS, type ReminderKind, type ReminderMessage } from '@fw/contracts';
import { CLAIM_STALE_MS, claimOrHolder, isStale, winTakeOver } from '../../db/claims/index.ts';
import { sendPush, type PushOutcome, type PushSigner, type PushTarget } from './push-send.ts';
import { dueAt, reminderStore, type SubscriptionDoc } from './reminder-store.ts';
import { mapLimit } from '../../db/map-limit.ts';
import { localDate, minuteOf, msOfMinute, nextDueMinute } from './reminder-time.ts';

export const RUNS_COLLECTION = 'reminder_runs';
/** How often an instance looks for due minutes unless REMINDER_CHECK_MS says otherwise. */
const DEFAULT_REMINDER_CHECK_MS = 5_000;
/** Subscriptions handled at once within a minute. */
const SEND_CONCURRENCY = 32;
/**
 * Sends started per second at most: a minute of 10,000 reminders goes out in about 85 s (well
 * inside the two minutes a reminder may take) while readers keep most of the event loop, which
 * sending as fast as the CPU allows took from them (bench/reminders.mjs).
 */
const SENDS_PER_SECOND = 120;
/** A run renews its claim this often, so a run longer than CLAIM_STALE_MS is never taken over. */
const CLAIM_RENEW_MS = CLAIM_STALE_MS / 3;
const SEND_INTERVAL_MS = 1000 / SENDS_PER_SECOND;
/** Queue slots read at once (a slot holds one saved device, or up to 500 moved on together). */
const SLOTS_READ_MAX = 64;
/** Minutes an instance looks back when it starts (it may have been down; another may have sent). */
const CATCH_UP_MINUTES = 60;
/** A reminder found later than this (the servers were down) is not sent, only moved on. */
const LATE_MINUTES = 10;
/** First slots of a catch-up's minutes read at once (db/map-limit.ts). */
const SLOT_READS_AT_ONCE = 8;
/** Run claims are kept this long (past any catch-up), then deleted by `_id`. */
const RUN_KEEP_MINUTES = 2 * CATCH_UP_MINUTES;
const MINUTES_PER_DAY = 1440;

interface RunDoc {
  _id: string;
  at: Date;
  done: boolean;
}

interface MinuteReport {
  sent: number;
  gone: number;
  failed: number;
}

interface ReminderSender {
  /** Sends every begun minute not yet looked at (also what the timer runs). */
  check(): Promise<void>;
  /** Claims and sends one minute; null when another instance has it. */
  sendMinute(minute: number, nowMs?: number): Promise<MinuteReport | null>;
  stop(): void;
}

interface ReminderSenderOptions {
  signer: () => PushSigner;
  intervalMs?: number;
  /** How often a run renews its claim (CLAIM_RENEW_MS unless a test says otherwise). */
  renewMs?: number;
  log?: (...args: unknown[]) => void;
}

function message(kind: ReminderKind): ReminderMessage {
  return { kind, ...REMINDER_TEXTS[kind], url: REMINDER_PAGES[kind] };
}

export function startReminderSender(
  connection: mongoose.Connection,
  { signer, intervalMs = DEFAULT_REMINDER_CHECK_MS, renewMs = CLAIM_RENEW_MS, log = console.error }: ReminderSenderOptions,
): ReminderSender {
  const store = reminderStore(connection);
  const runs = () => connection.collection<RunDoc>(RUNS_COLLECTION);
  const lessonDates = () => connection.collection<{ _id: string }>('lesson_dates');
  let lastMinute = minuteOf(Date.now()) - CATCH_UP_MINUTES;
  let running: Promise<void> | null = null;

  async function claimMinute(minute: number): Promise<boolean> {
    const outcome = await claimOrHolder(runs(), { _id: String(minute), at: new Date(), done: false });
    if (outcome.mine) return true;
    const holder = outcome.holder;
    return !!holder && !holder.done && isStale(holder.at) && (await winTakeOver(runs(), holder, { done: false }));
  }

  /** What `doc` gets at `minute`: its daily reading, and the lesson notice on a lesson's date. */
  async function messagesFor(doc: SubscriptionDoc, minute: number, lessons: Map<string, Promise<boolean>>) {
    const out: ReminderMessage[] = [];
    if (doc.daily) out.push(message('daily'));
    if (doc.weekly) {
      // A lesson is up from its date in the family's own zone (contracts/src/lessons.ts).
      const day = localDate(minute, doc.zone);
      let known = lessons.get(day);
      if (!known) {
        known = lessonDates().findOne({ _id: day }).then((found) => !!found);
        lessons.set(day, known);
      }
      if (await known) out.push(message('weekly'));
    }
    return out;
  }

  /**
   * `firstSlot`: the minute's first slot, when already read (sendDue reads a catch-up's ahead).
   * A begun minute gets no new entries (a save queues the next minute its time comes, never one
   * already begun), so a slot read a moment before is still the minute's.
   */
  async function sendMinute(minute: number, nowMs = Date.now(), firstSlot?: string[] | null): Promise<MinuteReport | null> {
    // Most minutes have nobody due: one `_id` read, and no claim.
    const subs = firstSlot === undefined ? await store.slot(minute, 0) : firstSlot;
    if (subs === null) return { sent: 0, gone: 0, failed: 0 };
    if (!(await claimMinute(minute))) return null;
    const renew = setInterval(() => {
      runs().updateOne({ _id: String(minute) }, { $set: { at: new Date() } }).catch(() => {
        // The next renewal tries again; only a holder silent for CLAIM_STALE_MS is taken over.
      });
    }, renewMs);
    renew.unref();
    try {
      return await sendClaimed(minute, subs, minuteOf(nowMs) - minute > LATE_MINUTES);
    } finally {
      clearInterval(renew);
    }
  }

  /** Sends the claimed `minute`, whose first slot holds `subs`; a late minute is only moved on. */
  async function sendClaimed(minute: number, subs: string[], late: boolean): Promise<MinuteReport> {
    const report: MinuteReport = { sent: 0, gone: 0, failed: 0 };
    const lessons = new Map<string, Promise<boolean>>();
    const handled = new Set<string>();
    /** Next minute → the subscriptions sent now that are due then (mostly all: tomorrow). */
    const moves = new Map<number, string[]>();

    async function handle(id: string): Promise<void> {
      const doc = await store.find(id);
      // Removed, or its time changed since it was queued (its new minute has its own entry).
      if (!doc || !dueAt(doc, minute)) return;
      let outcome: PushOutcome = 'sent';
      if (!late) {
        const target: PushTarget = { endpoint: doc.endpoint, keys: doc.keys };
        for (const each of await messagesFor(doc, minute, lessons)) {
          outcome = await sendPush(target, each, signer());
          if (outcome !== 'sent') break;
        }
      }
      report[outcome] += 1;
      if (outcome === 'gone') return store.remove(id);
      const next = nextDueMinute(doc.time, doc.zone, msOfMinute(minute));
      moves.set(next, [...(moves.get(next) ?? []), id]);
    }

    let nextStartMs = Date.now();
    /** Waits for the next send's turn: SENDS_PER_SECOND, evenly spread (a late minute sends nothing). */
    async function turn(): Promise<void> {
      if (late) return;
      const wait = nextStartMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A send that waited on the database does not earn a burst afterwards.
      nextStartMs = Math.max(nextStartMs, Date.now() - SEND_INTERVAL_MS) + SEND_INTERVAL_MS;
    }

    /** Sends to `ids` (a part of the minute's queue), SEND_CONCURRENCY at a time. */
    async function handleAll(ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        if (handled.has(id)) continue;
        handled.add(id);
        if (inFlight.size >= SEND_CONCURRENCY) await Promise.race(inFlight);
        await turn();
        const job: Promise<void> = handle(id).finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
    }

    // Slots are read SLOTS_READ_MAX at a time, in order, until the first missing one.
    const inFlight = new Set<Promise<void>>();
    const readSlots = (from: number) => {
      const read = store.slots(minute, from, SLOTS_READ_MAX);
      // Awaited below; a failure while the part before is being sent must not go unhandled meanwhile.
      read.catch(() => undefined);
      return read;
    };
    let reading = readSlots(1);
    await handleAll(subs);
    for (let from = 1; ; from += SLOTS_READ_MAX) {
      const part = await reading;
      if (part.more) reading = readSlots(from + SLOTS_READ_MAX);
      await handleAll(part.subs.flat());
      if (!part.more) break;
    }
    await Promise.all(inFlight);
    for (const [next, ids] of moves) await store.enqueue(ids, next);
    await runs().updateOne({ _id: String(minute) }, { $set: { done: true } });
    await runs().deleteOne({ _id: String(minute - RUN_KEEP_MINUTES) });
    return report;
  }

  async function sendDue(): Promise<void> {
    const now = minuteOf(Date.now());
    // An instance that starts catches up CATCH_UP_MINUTES: their first slots are read a few at a
    // time, not one after another (sixty round trips in a row on a start), and only the minutes
    // with someone due are then sent, in order.
    const begun = Array.from({ length: Math.max(0, now - lastMinute) }, (_, i) => lastMinute + 1 + i);
    const firstSlots = await mapLimit(begun, SLOT_READS_AT_ONCE, (minute) => store.slot(minute, 0));
    for (const [i, minute] of begun.entries()) {
      await sendMinute(minute, Date.now(), firstSlots[i]);
      // At a day's last minute, the day before's queues: every minute of them is past any catch-up.
      if ((minute + 1) % MINUTES_PER_DAY === 0) await store.dropDay(minute - MINUTES_PER_DAY);
      lastMinute = minute;
    }
  }

  function check(): Promise<void> {
    running ??= sendDue().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => {
    check().catch((error: unknown) => {
      // The database away or closing: the next tick tries the same minute again.
      if (connection.readyState === 1) log('[reminders]', error);
    });
  }, intervalMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  connection.once('close', stop);
  return { check, sendMinute, stop };
}
