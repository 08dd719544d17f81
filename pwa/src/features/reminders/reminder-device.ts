// This device's reminders: the random id its subscription is saved under and the choices last
// saved (localStorage: a few fields, read before the screen draws), and the calls that turn them
// on and off. Turning on needs the network whatever we do (the browser asks its push service for
// an address), so there is no outbox entry to wait in: the screen says so instead.
import { API_PATHS } from '@fw/contracts/paths';
import { REMINDER_DEFAULT_TIME, reminderPath } from '@fw/contracts/reminder-texts';
import { api } from '../../lib/api.ts';

const STORAGE_KEY = 'reminders:device';

interface ReminderChoices {
  time: string;
  daily: boolean;
  weekly: boolean;
}

interface Stored extends ReminderChoices {
  id: string;
  /** Whether the server has these choices (false once turned off). */
  on: boolean;
}

/** The time zone the device's clock is in ("Europe/Berlin"), which the reminders follow. */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function storedReminders(): Stored {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : {};
    if (typeof parsed.id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(parsed.id)) {
      return {
        id: parsed.id,
        on: parsed.on === true,
        time: typeof parsed.time === 'string' && /^\d\d:\d\d$/.test(parsed.time) ? parsed.time : REMINDER_DEFAULT_TIME,
        daily: parsed.daily !== false,
        weekly: parsed.weekly === true,
      };
    }
  } catch {
    // Blocked or damaged storage: start afresh.
  }
  return { id: randomId(), on: false, time: REMINDER_DEFAULT_TIME, daily: true, weekly: false };
}

function store(value: Stored): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Full or blocked: the server still has the choices; the screen forgets them after a reload.
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Subscribes this browser with the server's key and saves the choices; answers when the next one comes. */
export async function turnOn(choices: ReminderChoices): Promise<string> {
  const current = storedReminders();
  const registration = await navigator.serviceWorker.ready;
  const { data } = await api<{ publicKey: string }>('GET', API_PATHS.reminderKey);
  let subscription = await registration.pushManager.getSubscription();
  const key = keyBytes(data.publicKey);
  const sameKey = subscription?.options.applicationServerKey
    ? new Uint8Array(subscription.options.applicationServerKey).every((b, i) => b === key[i])
    : false;
  // Made with another server key (the site's keys changed): the push service would refuse ours.
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  const saved = await api<{ reminder: { nextAt: string } }>('PUT', reminderPath(current.id), {
    body: { endpoint, keys, zone: deviceZone(), ...choices },
    idempotencyKey: `reminder-${crypto.randomUUID()}`,
  });
  store({ ...current, ...choices, on: true });
  return saved.data.reminder.nextAt;
}

/** Stops this device's reminders on the server and in the browser. */
export async function turnOff(): Promise<void> {
  const current = storedReminders();
  await api('DELETE', reminderPath(current.id), { idempotencyKey: `reminder-${crypto.randomUUID()}` });
  store({ ...current, on: false });
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
