// Who may call the admin user calls: every way a token can be missing, wrong or not enough.
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@fw/contracts';
import { AUTH_MESSAGES } from '../../middleware/require-admin.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, type CreatedUser } from '../../../test/fixtures.ts';
import { userModel } from './user.model.ts';

const UNKNOWN_ID = '0123456789abcdef01234567';
const CALLS = [
  { method: 'GET', path: '/api/admin/users', body: undefined },
  { method: 'DELETE', path: '/api/admin/delete', body: { userId: UNKNOWN_ID } },
  { method: 'POST', path: '/api/admin/approve', body: { userId: UNKNOWN_ID } },
] as const;

describe.each(CALLS)('$method $path guard', ({ method, path, body }) => {
  let app: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app, { role: 'admin' });
  });
  afterAll(() => app.close());

  const expectRefused = async (status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) => {
    const res = await app.request(method, path, { body, headers });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, message, code });
  };

  it('401 without a token', () => expectRefused(401, 'TOKEN_MISSING', AUTH_MESSAGES.MISSING));

  it('401 with a token that is not a JWT', () => expectRefused(401, 'TOKEN_INVALID', AUTH_MESSAGES.INVALID, { authorization: 'garbage' }));

  it('401 with a token signed by another secret', () => {
    const forged = jwt.sign({ sub: admin.user._id }, 'some-other-secret-of-enough-length-000000');
    return expectRefused(401, 'TOKEN_INVALID', AUTH_MESSAGES.INVALID, { authorization: forged });
  });

  it('401 with an expired token', () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = jwt.sign({ sub: admin.user._id, exp: past }, app.config.jwtSecret);
    return expectRefused(401, 'TOKEN_EXPIRED', AUTH_MESSAGES.EXPIRED, { authorization: expired });
  });

  it('401 with a token signed with the right secret but no expiry (it would never lapse)', () => {
    const forever = jwt.sign({ sub: admin.user._id }, app.config.jwtSecret, { algorithm: 'HS256' });
    expect(jwt.decode(forever)).not.toHaveProperty('exp');
    return expectRefused(401, 'TOKEN_INVALID', AUTH_MESSAGES.INVALID, { authorization: forever });
  });

  it('401 with the token of a user who no longer exists', async () => {
    const gone = await createUser(app, { role: 'user', isApproved: false });
    await userModel(app.connection).deleteOne({ _id: gone.user._id });
    return expectRefused(401, 'ACCOUNT_GONE', AUTH_MESSAGES.GONE, { authorization: gone.token });
  });

  it('403 with the token of a user not yet approved', async () => {
    const { token } = await createUser(app, { role: 'user', isApproved: false });
    return expectRefused(403, 'NOT_APPROVED', AUTH_MESSAGES.NOT_APPROVED, { authorization: token });
  });

  it('403 with the token of an approved user who is not an admin', async () => {
    const { token } = await createUser(app, { role: 'user', isApproved: true });
    return expectRefused(403, 'NOT_ADMIN', AUTH_MESSAGES.NOT_ADMIN, { authorization: token });
  });

  it.each([
    ['the raw Authorization header', (t: string) => ({ authorization: t })],
    ['Authorization: Bearer', (t: string) => ({ authorization: `Bearer ${t}` })],
    ['the token header', (t: string) => ({ token: t })],
  ])('accepts an admin token in %s', async (_how, headers) => {
    const res = await app.request(method, path, { body, headers: headers(admin.token) });
    // The unknown id makes delete and approve answer 404: past the guard, which is the point.
    expect(res.status).toBe(method === 'GET' ? 200 : 404);
  });
});
