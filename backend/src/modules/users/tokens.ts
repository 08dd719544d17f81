// Login tokens: a JWT naming the user, valid for TOKEN_TTL_SECONDS; one without an expiry is
// refused. Who the user is now (still there, approved, admin) is checked against the database on
// every admin call, not trusted here.
import jwt from 'jsonwebtoken';

const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

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
