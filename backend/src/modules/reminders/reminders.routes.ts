// Web Push reminders (contracts/src/reminders.ts). No login: a device names its subscription by an
// id it made at random, and nothing links it to a person.
// - GET    /api/reminders/key                 the server's VAPID public key, to subscribe with
// - PUT    /api/reminders/subscriptions/:id   save the device's endpoint, keys and choices
// - DELETE /api/reminders/subscriptions/:id   stop its reminders
// Saving and removing are limited per address; the sender is reminder-sender.ts.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type mongoose from 'mongoose';
import { reminderInputSchema, reminderParamsSchema } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config-reminders.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { parseWith } from '../../http/validate.ts';
import { reminderRateLimit } from '../../middleware/rate-limit.ts';
import type { PushSigner } from './push-send.ts';
import { reminderStore } from './reminder-store.ts';
import { msOfMinute } from './reminder-time.ts';

export const REMINDER_MESSAGES = {
  PUSH_HOST: 'endpoint must be the address of a browser’s push service (from PushManager.subscribe)',
} as const;

interface RemindersRouterDeps {
  connection: mongoose.Connection;
  config: Pick<Config, 'rateLimits' | 'reminders'>;
  signer: () => PushSigner;
  idempotent: Middleware;
}

/** Whether the server may send to `endpoint`: https to a listed push service (`*.` any sub-domain). */
function isPushService(endpoint: string, hosts: readonly string[]): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const listed = hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) : host === h));
  // Plain http only to a listed loopback address (a push service on this machine: tests, benches).
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  return listed && (url.protocol === 'https:' || loopback);
}

export function remindersRouter({ connection, config, signer, idempotent }: RemindersRouterDeps): Router {
  const router = new Router();
  const store = reminderStore(connection);
  const limited = reminderRateLimit({ connection, config });
  const hosts = config.reminders?.pushHosts ?? DEFAULT_PUSH_SERVICE_HOSTS;

  router.get(API_PATHS.reminderKey, (ctx) => {
    ctx.body = { success: true, publicKey: signer().publicKey };
  });

  router.put(API_PATHS.saveReminder, limited, idempotent, async (ctx) => {
    const { id } = parseWith(reminderParamsSchema, ctx.params);
    const input = parseWith(reminderInputSchema, ctx.request.body);
    if (!isPushService(input.endpoint, hosts)) throw new HttpError('INVALID_INPUT', REMINDER_MESSAGES.PUSH_HOST);
    const { doc, due } = await store.save(id, input);
    const { time, zone, daily, weekly } = doc;
    ctx.body = { success: true, reminder: { time, zone, daily, weekly, nextAt: new Date(msOfMinute(due)).toISOString() } };
  });

  router.delete(API_PATHS.removeReminder, limited, idempotent, async (ctx) => {
    const { id } = parseWith(reminderParamsSchema, ctx.params);
    await store.remove(id);
    ctx.body = { success: true, message: 'Reminders are off on this device.' };
  });

  return router;
}
