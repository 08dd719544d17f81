// Login tokens: a JWT naming the user, valid for TOKEN_TTL_SECONDS; one without an expiry is
// refused. Who the user is now (still there, approved, admin) is checked against the database on
// every admin call, not trusted here.
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

const keys = new Map<string, KeyObject>();

/**
 * The secret as a key object, made once. Given a string, jsonwebtoken first tries to read it as a
 * public key and throws that attempt away on every call: 7% of the event loop's busy time in a CPU
 * profile of 300 article saves, about half a millisecond each.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(userId: string, secret: string): string {
  return jwt.sign({ sub: userId }, keyOf(secret), { expiresIn: TOKEN_TTL_SECONDS, algorithm: 'HS256' });
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'expired' | 'invalid' };

export function verifyToken(token: string, secret: string): TokenCheck {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
    // Every token this server signs expires; one without `exp` (jsonwebtoken accepts it) would be
    // good forever, so it is not one of ours.
    if (typeof payload === 'object' && typeof payload.sub === 'string' && typeof payload.exp === 'number') {
      return { ok: true, userId: payload.sub };
    }
    return { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
