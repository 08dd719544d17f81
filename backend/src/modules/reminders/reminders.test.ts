// Reminders end to end against the real database and a push service on this machine: a saved
// subscription gets its reminder at its minute, encrypted so that only the device can read it
// (decrypted here per RFC 8291), once although two instances look; a subscription the push
// service calls gone is removed; bad input is refused with nothing stored.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_PAGES, REMINDER_TEXTS, reminderPath, type ReminderInput } from '@fw/contracts';
import { startTestApp, testDatabaseUri, type TestApp } from '../../../test/harness.ts';
import { connectDatabase } from '../../db/connection.ts';
import { createUser } from '../../../test/fixtures.ts';
import { decryptPush, deviceKeys, startPushEndpoint, type DeviceKeys, type PushEndpoint } from '../../../test/push-endpoint.ts';
import { REMINDER_MESSAGES } from './reminders.routes.ts';
import { RUNS_COLLECTION, startReminderSender } from './reminder-sender.ts';
import { reminderStore, SUBSCRIPTIONS_COLLECTION } from './reminder-store.ts';
import { minuteOf, msOfMinute, nextDueMinute } from './reminder-time.ts';
import { vapidSigner } from './vapid-keys.ts';

/** Short, so the timer test waits well under a second per look; production looks every 5 s. */
const CHECK_MS = 200;
const newId = () => crypto.randomBytes(16).toString('base64url');
/** The UTC wall time of a minute, "HH:MM". */
const hhmm = (minute: number) => new Date(msOfMinute(minute)).toISOString().slice(11, 16);

describe('reminders, two instances on one database', () => {
  const apps: TestApp[] = [];
  let push: PushEndpoint;

  /** The daily reminder the first sending test waits for, saved before the instances start. */
  const daily = { device: deviceKeys(), id: newId(), minute: 0 };

  beforeAll(async () => {
    push = await startPushEndpoint();
    const mongoUri = testDatabaseUri();
    // Due this very minute, saved as if a minute ago, and before either instance starts: a sender
    // looks at each begun minute once, so a reminder put into the current minute after its first
    // look (200 ms after its start; later than that on a busy machine) would wait a day. A save
    // through the API never does that: it queues the next minute its time comes.
    daily.minute = minuteOf(Date.now());
    const early = await connectDatabase(mongoUri);
    try {
      const subscriptionOf = subscription(daily.device, `/daily/${daily.id}`, { time: hhmm(daily.minute) });
      const saved = await reminderStore(early).save(daily.id, subscriptionOf, msOfMinute(daily.minute) - 60_000);
      expect(saved.due).toBe(daily.minute);
    } finally {
      await early.close();
    }
    const reminders = { pushHosts: ['127.0.0.1'], checkMs: CHECK_MS };
    apps.push(await startTestApp({ mongoUri, reminders }));
    apps.push(await startTestApp({ mongoUri, reminders, jwtSecret: apps[0]!.config.jwtSecret }));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await push.close();
  });

  const subscription = (device: DeviceKeys, path: string, choices: Partial<ReminderInput> = {}): ReminderInput => ({
    endpoint: `${push.url}${path}`,
    keys: device.keys,
    time: '07:00',
    zone: 'UTC',
    daily: true,
    weekly: false,
    ...choices,
  });
  const stored = (id: string) => apps[0]!.connection.collection(SUBSCRIPTIONS_COLLECTION).findOne({ _id: id as never });
  const pushesTo = (path: string) => push.received.filter((p) => p.path === path);

  it('answers the public key the pushes are signed with', async () => {
    const res = await apps[1]!.request<{ publicKey: string }>('GET', '/api/reminders/key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toBe(apps[0]!.config.reminders?.vapid?.publicKey);
  });

  it('sends the daily reminder at its minute, readable only with the device keys, once from two instances', async () => {
    const { device, id, minute } = daily;
    await push.waitFor(1);
    // Both instances have looked at the minute and one has finished it: no second push can come.
    for (;;) {
      const run = await apps[1]!.connection.collection(RUNS_COLLECTION).findOne({ _id: String(minute) as never });
      if (run?.done) break;
      await new Promise((r) => setTimeout(r, CHECK_MS));
    }
    const received = pushesTo(`/daily/${id}`);
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    expect(headers['content-encoding']).toBe('aes128gcm');
    // Signed with the server's VAPID key (RFC 8292): the key in the header is the published one.
    expect(headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${apps[0]!.config.reminders?.vapid?.publicKey}$`));
    expect(JSON.parse(decryptPush(body, device))).toEqual({ kind: 'daily', ...REMINDER_TEXTS.daily, url: REMINDER_PAGES.daily });
    // Queued for the same time tomorrow.
    expect(await reminderStore(apps[0]!.connection).slot(minute + 24 * 60, 0)).toEqual([id]);
  });

  it('claims a minute once when both instances send it at the same moment', async () => {
    const device = deviceKeys();
    const id = newId();
    const res = await apps[0]!.request<{ reminder: { nextAt: string } }>('PUT', reminderPath(id), {
      body: subscription(device, `/race/${id}`, { time: hhmm(minuteOf(Date.now()) + 30) }),
    });
    expect(res.status).toBe(200);
    const minute = minuteOf(Date.parse(res.body.reminder.nextAt));
    const senders = apps.map((app) => startReminderSender(app.connection, { signer: vapidSigner(app.config), intervalMs: 60_000 }));
    const reports = await Promise.all(senders.map((s) => s.sendMinute(minute, msOfMinute(minute))));
    for (const s of senders) s.stop();
    expect(reports.filter((r) => r !== null)).toEqual([{ sent: 1, gone: 0, failed: 0 }]);
    expect(pushesTo(`/race/${id}`)).toHaveLength(1);
  });

  it('sends a minute queued in more slots than one read takes, each device once, paced, renewing its claim, with one signed token for the push service', async () => {
    const minute = minuteOf(Date.now()) + 300;
    const store = reminderStore(apps[0]!.connection);
    const device = deviceKeys();
    // One slot per save: more than the sender reads at once (64).
    const ids = Array.from({ length: 70 }, newId);
    for (const id of ids) await store.save(id, subscription(device, `/many/${id}`, { time: hhmm(minute) }), msOfMinute(minute) - 60_000);
    await store.enqueue([ids[3]!], minute);
    await store.remove(ids[5]!);
    const sender = startReminderSender(apps[0]!.connection, { signer: vapidSigner(apps[0]!.config), intervalMs: 60_000, renewMs: 100 });
    const run = () => apps[0]!.connection.collection(RUNS_COLLECTION).findOne({ _id: String(minute) as never });
    const started = Date.now();
    expect(await sender.sendMinute(minute, msOfMinute(minute))).toEqual({ sent: 69, gone: 0, failed: 0 });
    sender.stop();
    // The run renewed its claim as it sent (every 100 ms here), so a long minute is never taken
    // for a dead one: its time is that of a renewal well after the claim.
    expect(((await run())!.at as Date).getTime() - started).toBeGreaterThanOrEqual(250);
    // Started at most 120 a second, spread evenly.
    expect(Date.now() - started).toBeGreaterThanOrEqual((68 / 120) * 1000);
    for (const [n, id] of ids.entries()) expect(pushesTo(`/many/${id}`), `device ${n}`).toHaveLength(n === 5 ? 0 : 1);
    const tokens = new Set(push.received.filter((p) => p.path.startsWith('/many/')).map((p) => p.headers.authorization));
    expect(tokens.size).toBe(1);
    const claims = JSON.parse(Buffer.from(String([...tokens][0]).split(/[ .]/)[2]!, 'base64url').toString()) as { aud: string; exp: number };
    expect(claims.aud).toBe(new URL(push.url).origin);
    // Valid for hours (RFC 8292 allows up to a day), so the one signature serves the whole run.
    expect(claims.exp * 1000 - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
  });

  it('tells weekly subscribers on the day a lesson is dated, and only then', async () => {
    const { token } = await createUser(apps[0]!);
    const minute = minuteOf(Date.now()) + 90;
    const day = new Date(msOfMinute(minute)).toISOString().slice(0, 10);
    const lesson = await apps[0]!.request('POST', '/api/lessons/save', { token, body: { lesson: { date: day, title: 'Ruth', text: 'Ruth 1' } } });
    expect(lesson.status).toBe(201);
    const device = deviceKeys();
    const [withLesson, without] = [newId(), newId()];
    const store = reminderStore(apps[1]!.connection);
    await store.save(withLesson, subscription(device, `/weekly/${withLesson}`, { daily: false, weekly: true, time: hhmm(minute) }), msOfMinute(minute) - 60_000);
    // Zone where that minute is already the next day: no lesson is dated there.
    await store.save(without, subscription(device, `/weekly/${without}`, { daily: false, weekly: true, zone: 'Pacific/Kiritimati', time: '00:00' }), msOfMinute(minute) - 60_000);
    const sender = startReminderSender(apps[1]!.connection, { signer: vapidSigner(apps[1]!.config), intervalMs: 60_000 });
    const kiritimati = nextDueMinute('00:00', 'Pacific/Kiritimati', msOfMinute(minute) - 60_000);
    await sender.sendMinute(minute, msOfMinute(minute));
    if (kiritimati !== minute) await sender.sendMinute(kiritimati, msOfMinute(kiritimati));
    sender.stop();
    const [one] = pushesTo(`/weekly/${withLesson}`);
    expect(JSON.parse(decryptPush(one!.body, device))).toEqual({ kind: 'weekly', ...REMINDER_TEXTS.weekly, url: REMINDER_PAGES.weekly });
    expect(pushesTo(`/weekly/${without}`)).toHaveLength(0);
  });

  it('removes a subscription the push service answers 410 (gone)', async () => {
    const id = newId();
    const res = await apps[1]!.request<{ reminder: { nextAt: string } }>('PUT', reminderPath(id), {
      body: subscription(deviceKeys(), `/gone/${id}`, { time: hhmm(minuteOf(Date.now()) + 200) }),
    });
    expect(res.status).toBe(200);
    const minute = minuteOf(Date.parse(res.body.reminder.nextAt));
    const sender = startReminderSender(apps[0]!.connection, { signer: vapidSigner(apps[0]!.config), intervalMs: 60_000 });
    expect(await sender.sendMinute(minute, msOfMinute(minute))).toEqual({ sent: 0, gone: 1, failed: 0 });
    sender.stop();
    expect(pushesTo(`/gone/${id}`)).toHaveLength(1);
    expect(await stored(id)).toBeNull();
  });

  it('refuses bad input with a 400 that says what is wrong, and stores nothing', async () => {
    const id = newId();
    const good = subscription(deviceKeys(), `/x/${id}`);
    const cases: [unknown, string][] = [
      [{ ...good, time: '7am' }, 'time must be a time of day written HH:MM, like 07:00'],
      [{ ...good, zone: 'Mars/Olympus' }, 'zone must be a time zone name like Europe/Berlin'],
      [{ ...good, daily: false, weekly: false }, 'Choose the daily reading, the weekly lesson or both'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'keys.auth must be 22 characters of base64url'],
      [{ ...good, endpoint: 'https://internal.example/' }, REMINDER_MESSAGES.PUSH_HOST],
      [{ ...good, extra: 1 }, 'Unexpected field: extra'],
    ];
    for (const [body, message] of cases) {
      const res = await apps[0]!.request<{ message: string }>('PUT', reminderPath(id), { body });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: expect.stringContaining(message) });
    }
    const badId = await apps[0]!.request('PUT', '/api/reminders/subscriptions/not-random', { body: good });
    expect(badId.status).toBe(400);
    expect(await stored(id)).toBeNull();
  });

  it('stops a device’s reminders on DELETE', async () => {
    const id = newId();
    expect((await apps[0]!.request('PUT', reminderPath(id), { body: subscription(deviceKeys(), `/x/${id}`) })).status).toBe(200);
    expect(await stored(id)).not.toBeNull();
    expect((await apps[1]!.request('DELETE', reminderPath(id))).status).toBe(200);
    expect(await stored(id)).toBeNull();
  });
});
