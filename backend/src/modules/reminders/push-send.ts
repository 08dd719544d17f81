// One Web Push message: encrypted for the device (RFC 8291, aes128gcm) and signed with the
// server's VAPID key by `web-push`, then sent with fetch, which keeps connections to a push
// service open between messages (web-push's own sender opens one per message).
import webpush from 'web-push';
import type { ReminderMessage } from '@fw/contracts';
import type { VapidKeys } from '../../config-reminders.ts';

/** A push service that has not answered by then is given up for this reminder. */
const PUSH_TIMEOUT_MS = 10_000;
/** A reminder a phone receives a day late is no reminder: the push service may drop it after this. */
const PUSH_TTL_SECONDS = 6 * 3600;

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSigner extends VapidKeys {
  subject: string;
}

/** `sent`; `gone` when the push service says the subscription no longer exists; else `failed`. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export async function sendPush(target: PushTarget, message: ReminderMessage, signer: PushSigner): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(target, JSON.stringify(message), {
    vapidDetails: signer,
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
  });
  // fetch sets the length of the body itself.
  const headers = Object.fromEntries(Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: headers as Record<string, string>,
      body: details.body as Uint8Array,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 section 7.3).
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
