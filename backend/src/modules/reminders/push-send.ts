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

/** How long one signed VAPID token is used for a push service (RFC 8292 allows up to 24 h). */
const VAPID_TOKEN_SECONDS = 12 * 3600;
/** A token is signed anew this long before it would expire, so none reaches a push service stale. */
const VAPID_RENEW_SECONDS = 3600;
/** Push services a token is kept for at once; past this the cache starts over (browsers use a few). */
const VAPID_CACHE_MAX = 64;

interface SignedHeaders {
  headers: Record<string, string>;
  expires: number;
}
const signedHeaders = new Map<string, SignedHeaders>();

/**
 * The VAPID headers for the push service at `endpoint`'s origin, signed once and used for every
 * message until near their expiry: signing is two thirds of each message's CPU (web-push signs
 * anew on every call otherwise), and a day's reminders go to a handful of push services.
 */
function vapidHeaders(endpoint: string, signer: PushSigner, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  const audience = new URL(endpoint).origin;
  const key = `${signer.publicKey} ${signer.subject} ${audience}`;
  const kept = signedHeaders.get(key);
  if (kept && kept.expires - VAPID_RENEW_SECONDS > nowSeconds) return kept.headers;
  const expires = nowSeconds + VAPID_TOKEN_SECONDS;
  const headers = webpush.getVapidHeaders(audience, signer.subject, signer.publicKey, signer.privateKey, 'aes128gcm', expires);
  if (signedHeaders.size >= VAPID_CACHE_MAX) signedHeaders.clear();
  signedHeaders.set(key, { headers: { ...headers }, expires });
  return headers;
}

export async function sendPush(target: PushTarget, message: ReminderMessage, signer: PushSigner): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(target, JSON.stringify(message), {
    headers: vapidHeaders(target.endpoint, signer),
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
