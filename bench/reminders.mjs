// A day's reminders for SUBSCRIPTIONS devices, all due in one minute, sent by one server to a push
// service on this machine (an HTTP server in this process that counts what arrives), and one
// reader's GET /api/articles/:id, one read after another, while they go out against the same
// reads before (the baseline, measured in the same run). The server encrypts every message
// (web-push) and sends SEND_CONCURRENCY at a time (backend/src/modules/reminders/reminder-sender.ts).
import crypto from 'node:crypto';
import http from 'node:http';
import { log } from '../scripts/lib/proc.mjs';
import { api, createArticles, startBackend } from './lib/server.mjs';
import { ACCEPT_ENCODING, measuredGet } from './lib/http.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { percentile, round } from './lib/stats.mjs';

export const REMINDER_TARGETS = { lastDeliveryMs: 120_000, readP50VsAlone: 2 };
const SUBSCRIPTIONS = 10_000;
const SAVE_CONCURRENCY = 8;
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
    env: { PUSH_SERVICE_HOSTS: '127.0.0.1', RATE_LIMIT_REMINDER: `${SUBSCRIPTIONS * 2}/3600000`, REMINDER_CHECK_MS: '1000' },
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
    // Four minutes ahead: the saves (about a minute here) and the baseline reads end before it.
    const minute = Math.floor(Date.now() / MINUTE_MS) + 4;
    const time = new Date(minute * MINUTE_MS).toISOString().slice(11, 16);
    log(`reminders: saving ${SUBSCRIPTIONS} subscriptions due at ${time} UTC`);
    let next = 0;
    const savedStartMs = Date.now();
    await Promise.all(
      Array.from({ length: SAVE_CONCURRENCY }, async () => {
        while (next < SUBSCRIPTIONS) {
          const i = next++;
          const id = crypto.randomBytes(16).toString('base64url');
          await api(server.url, 'PUT', `/api/reminders/subscriptions/${id}`, {
            body: { endpoint: `${push.url}/push/${i}`, keys, time, zone: 'UTC', daily: true, weekly: false },
          });
        }
      }),
    );
    const saveSeconds = round((Date.now() - savedStartMs) / 1000, 1);
    if (Date.now() > minute * MINUTE_MS - READ_BASELINE_S * 1000) throw new Error(`saving took ${saveSeconds} s: past the minute`);
    log(`reminders: saved in ${saveSeconds} s; ${READ_BASELINE_S} s of reads alone`);
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
