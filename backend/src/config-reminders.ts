// Web Push reminders' settings (modules/reminders/), read from the environment by config.ts:
// - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: the server's push key pair (base64url, as web-push's
//   generate-vapid-keys writes them). Both or neither; without them a pair is made once and kept
//   in DATA_DIR/vapid-keys.json (0600), so every instance sharing DATA_DIR signs with one key.
//   Instances on separate machines must be given the pair.
// - VAPID_SUBJECT: how a push service reaches the site's operator, `mailto:` or `https:`;
//   default: PUBLIC_URL when it is https, else a mailto: of the site's host.
// - PUSH_SERVICE_HOSTS: host names a subscription's endpoint may point at, comma-separated,
//   `*.` for any sub-domain; default: the browsers' push services. The server sends requests
//   there, so an address anyone could name (a host inside the network) is refused.
// - REMINDER_CHECK_MS: how often an instance looks for due reminders (default 5 s).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface ReminderOptions {
  /** Missing: made once under DATA_DIR (modules/reminders/vapid-keys.ts). */
  vapid?: VapidKeys;
  /** Missing: from PUBLIC_URL. */
  subject?: string;
  /** Missing: DEFAULT_PUSH_SERVICE_HOSTS. */
  pushHosts?: string[];
  /** Missing: modules/reminders/reminder-sender.ts's default. */
  checkMs?: number;
}

/** Chrome and Edge (FCM, WNS), Firefox (autopush) and Safari (Apple's push service). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function vapidFromEnv(publicKey: string | undefined, privateKey: string | undefined): VapidKeys | undefined {
  const given = [publicKey?.trim(), privateKey?.trim()];
  if (!given[0] && !given[1]) return undefined;
  // A P-256 public point is 65 bytes (87 characters), its private key 32 bytes (43 characters).
  if (!given[0] || !given[1] || given[0].length !== 87 || given[1].length !== 43 || !given.every((k) => BASE64URL.test(k!))) {
    throw new Error(
      'Bad configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together, base64url (87 and 43 characters), as `npx web-push generate-vapid-keys` writes them.',
    );
  }
  return { publicKey: given[0], privateKey: given[1] };
}

function subjectFrom(value: string | undefined): string | undefined {
  const subject = value?.trim();
  if (!subject) return undefined;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error('Bad configuration: VAPID_SUBJECT must be a mailto: address or an https: address of the site’s operator.');
  }
  return subject;
}

export function reminderOptionsFrom(env: Record<string, string | undefined>): ReminderOptions {
  const checkMs = env.REMINDER_CHECK_MS?.trim() ? Number(env.REMINDER_CHECK_MS) : undefined;
  if (checkMs !== undefined && !(Number.isInteger(checkMs) && checkMs >= 100 && checkMs <= 30_000)) {
    throw new Error('Bad configuration: REMINDER_CHECK_MS must be a whole number of milliseconds from 100 to 30000.');
  }
  const hosts = env.PUSH_SERVICE_HOSTS?.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const options: ReminderOptions = {
    vapid: vapidFromEnv(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    subject: subjectFrom(env.VAPID_SUBJECT),
    pushHosts: hosts?.length ? hosts : undefined,
    checkMs,
  };
  // Only what was set: the rest falls back where it is used.
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

/** The key pair kept in `dataDir`, made on first use (0600, like the development JWT secret). */
export function storedVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  fs.mkdirSync(dataDir, { recursive: true });
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
  // `wx`: of two instances starting together on one DATA_DIR, the second reads the first's pair.
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    throw error;
  }
  return keys;
}
