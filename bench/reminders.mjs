// A day's reminders for SUBSCRIPTIONS devices, all due in one minute, sent by one server to a push
// service on this machine (an HTTP server in this process that counts what arrives), and one
// reader's GET /api/articles/:id, one read after another, while they go out against the same
// reads before (the baseline, measured in the same run). The server encrypts every message
// (web-push) and sends SEND_CONCURRENCY at a time (backend/src/modules/reminders/reminder-sender.ts).
import crypto from 'node:crypto';
import http from 'node:http';
import { MongoClient } from 'mongodb';
import { log } from '../scripts/lib/proc.mjs';
import { api, createArticles, startBackend } from './lib/server.mjs';
import { ACCEPT_ENCODING, measuredGet } from './lib/http.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { percentile, round } from './lib/stats.mjs';

export const REMINDER_TARGETS = { lastDeliveryMs: 120_000, readP50VsAlone: 2 };
const SUBSCRIPTIONS = 10_000;
const INSERT_BATCH = 1000;
const READ_BASELINE_S = 5;
const MINUTE_MS = 60_000;

/** A push service: answers 201 and notes when each message came. */
async function pushService() {
  let count = 0;
  let lastMs = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      lastMs = Date.now();
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    get count() {
      return count;
    },
    get lastMs() {
      return lastMs;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Reads `path` one after another until `until()` says stop: time to the last byte. */
async function reads(url, path, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  while (!until()) {
    const res = await measuredGet(url, path, ACCEPT_ENCODING, agent);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    times.push(res.ms);
  }
  agent.destroy();
  return { count: times.length, p50Ms: round(percentile(times, 50), 2), p99Ms: round(percentile(times, 99), 1) };
}

const sleepUntil = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

/** `database` from bench/lib/server.mjs startDatabase(). */
export async function benchReminders(database) {
  const push = await pushService();
  const server = await startBackend(database, {
    name: 'bench_reminders',
    seed: false,
    env: { PUSH_SERVICE_HOSTS: '127.0.0.1', REMINDER_CHECK_MS: '1000' },
  });
  try {
    const { token } = await api(server.url, 'POST', '/api/admin/register', {
      body: { name: 'Bench Reminders', email: 'bench-reminders@example.org', password: crypto.randomBytes(12).toString('hex') },
    });
    const [article] = await createArticles(server.url, token, 0, 1, (n) => articleInput(n));
    const path = `/api/articles/${article._id}`;
    // One device's keys for all: the server encrypts each message anew whatever the keys.
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    // Two minutes ahead: the writes and the baseline reads end before it.
    const minute = Math.floor(Date.now() / MINUTE_MS) + 2;
    const time = new Date(minute * MINUTE_MS).toISOString().slice(11, 16);
    log(`reminders: writing ${SUBSCRIPTIONS} subscriptions due at ${time} UTC`);
    const savedStartMs = Date.now();
    const client = new MongoClient(server.mongoUri);
    try {
      const db = client.db();
      const ids = Array.from({ length: SUBSCRIPTIONS }, () => crypto.randomBytes(16).toString('base64url'));
      const docs = ids.map((id, i) => ({
        _id: id,
        endpoint: `${push.url}/push/${i}`,
        keys,
        time,
        zone: 'UTC',
        daily: true,
        weekly: false,
        updatedAt: new Date(),
      }));
      const slots = ids.map((id, n) => ({ _id: `${minute}#${n}`, subs: [id] }));
      for (let i = 0; i < SUBSCRIPTIONS; i += INSERT_BATCH) {
        await db.collection('reminder_subscriptions').insertMany(docs.slice(i, i + INSERT_BATCH));
        await db.collection(`reminder_due_${Math.floor(minute / 1440)}`).insertMany(slots.slice(i, i + INSERT_BATCH));
      }
    } finally {
      await client.close();
    }
    const saveSeconds = round((Date.now() - savedStartMs) / 1000, 1);
    if (Date.now() > minute * MINUTE_MS - READ_BASELINE_S * 1000) throw new Error(`writing took ${saveSeconds} s: past the minute`);
    log(`reminders: written in ${saveSeconds} s; ${READ_BASELINE_S} s of reads alone`);
    const baselineEndMs = Date.now() + READ_BASELINE_S * 1000;
    const alone = await reads(server.url, path, () => Date.now() >= baselineEndMs);
    await sleepUntil(minute * MINUTE_MS);
    log('reminders: the minute has come; reading while they go out');
    const giveUpMs = minute * MINUTE_MS + 5 * MINUTE_MS;
    const during = await reads(server.url, path, () => push.count >= SUBSCRIPTIONS || Date.now() > giveUpMs);
    const lastDeliveryMs = push.count >= SUBSCRIPTIONS ? push.lastMs - minute * MINUTE_MS : null;
    const ratio = round(during.p50Ms / alone.p50Ms, 2);
    log(`reminders: ${push.count} delivered, the last ${lastDeliveryMs} ms after the minute; reads p50 ${alone.p50Ms} → ${during.p50Ms} ms (${ratio}×)`);
    return {
      subscriptions: SUBSCRIPTIONS,
      delivered: push.count,
      saveSeconds,
      lastDeliveryMs,
      alone,
      during,
      ratio,
      met: lastDeliveryMs !== null && lastDeliveryMs <= REMINDER_TARGETS.lastDeliveryMs && ratio <= REMINDER_TARGETS.readP50VsAlone,
    };
  } finally {
    await server.stop();
    await push.close();
  }
}
