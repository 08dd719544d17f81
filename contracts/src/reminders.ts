// Reminders by Web Push: a device tells the server where its browser's push service reaches it
// (endpoint and keys, from PushSubscription#toJSON) and what it wants: the daily reading at a time
// of day in its own time zone, and/or a word when the week's Family Worship lesson is up. The
// server keeps only that, under an opaque id the device made at random, and sends at that minute.
import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

export * from './reminder-texts.ts';

const base64url = (label: string, chars: number) =>
  z
    .string({ error: `${label} must be text` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}$`), `${label} must be ${chars} characters of base64url`);

/** 16 random bytes the device made: names its subscription, links it to nothing else. */
export const reminderParamsSchema = z.strictObject({ id: base64url('id', 22) });

/** An IANA time zone this runtime knows ("Europe/Berlin"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const reminderInputSchema = z
  .strictObject({
    endpoint: z
      .string({ error: 'endpoint must be text' })
      .max(2048, 'endpoint must be at most 2048 characters')
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'endpoint must be an http(s) address'),
    keys: z.strictObject({
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, as PushSubscription#toJSON gives them.
      p256dh: base64url('keys.p256dh', 87),
      auth: base64url('keys.auth', 22),
    }),
    time: z
      .string({ error: 'time must be text' })
      .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'time must be a time of day written HH:MM, like 07:00'),
    zone: z
      .string({ error: 'zone must be text' })
      .max(64, 'zone must be at most 64 characters')
      .refine(isTimeZone, 'zone must be a time zone name like Europe/Berlin'),
    daily: z.boolean({ error: 'daily must be true or false' }),
    weekly: z.boolean({ error: 'weekly must be true or false' }),
  })
  .refine((v) => v.daily || v.weekly, 'Choose the daily reading, the weekly lesson or both (to stop all, remove the reminders)');
export type ReminderInput = z.output<typeof reminderInputSchema>;

const reminderKeyResponseSchema = envelope({ publicKey: base64url('publicKey', 87) });
const reminderSavedResponseSchema = envelope({
  reminder: z.object({
    time: z.string(),
    zone: z.string(),
    daily: z.boolean(),
    weekly: z.boolean(),
    /** When the next reminder is due (ISO, UTC). */
    nextAt: z.string(),
  }),
});

export const reminderRoutes = {
  reminderKey: { method: 'GET', path: API_PATHS.reminderKey, admin: false, response: reminderKeyResponseSchema },
  saveReminder: {
    method: 'PUT',
    path: API_PATHS.saveReminder,
    admin: false,
    body: reminderInputSchema,
    response: reminderSavedResponseSchema,
  },
  removeReminder: { method: 'DELETE', path: API_PATHS.removeReminder, admin: false, response: envelope({}) },
} as const satisfies Record<string, RouteSpec>;
