// Login tokens: a JWT naming the user, valid for TOKEN_TTL_SECONDS; one without an expiry is
// refused. Who the user is now (still there, approved, admin) is checked against the database on
// every admin call, not trusted here.
import jwt from 'jsonwebtoken';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export function signToken(userId: string, secret: string): string {
  return jwt.sign({ sub: userId }, secret, { expiresIn: TOKEN_TTL_SECONDS, algorithm: 'HS256' });
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'expired' | 'invalid' };

export function verifyToken(token: string, secret: string): TokenCheck {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
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

/** The token from `Authorization` (raw, as the product's clients send it, or `Bearer <token>`) or `token`. */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();
  const authorization = pick(headers.authorization);
  if (authorization) return authorization.replace(/^Bearer\s+/i, '') || null;
  return pick(headers.token) || null;
}
