import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authResponseSchema } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, type CreatedUser } from '../../../test/fixtures.ts';
import { BCRYPT_COST, USER_MESSAGES } from './users.service.ts';

const LOGIN = '/api/admin/login';

describe('POST /api/admin/login', () => {
  let app: TestApp;
  let admin: CreatedUser;
  let pending: CreatedUser;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app, { email: 'admin@example.test', password: 'admin password' });
    pending = await createUser(app, { role: 'user', isApproved: false });
  });
  afterAll(() => app.close());

  it('answers an approved admin with a token that opens the admin calls', async () => {
    const res = await app.request('POST', LOGIN, { body: { email: 'admin@example.test', password: 'admin password' } });
    expect(res.status).toBe(200);
    const body = authResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: true, message: 'Logged in successfully!' });
    const users = await app.request('GET', '/api/admin/users', { token: body.token });
    expect(users.status).toBe(200);
  });

  it('ignores the case and surrounding spaces of the email', async () => {
    const res = await app.request('POST', LOGIN, { body: { email: ' ADMIN@Example.test ', password: 'admin password' } });
    expect(res.status).toBe(200);
  });

  it('gives a wrong password and an unknown email the very same 401', async () => {
    const wrongPassword = await app.request('POST', LOGIN, { body: { email: admin.user.email, password: 'not it at all' } });
    const unknownEmail = await app.request('POST', LOGIN, { body: { email: 'nobody@example.test', password: 'admin password' } });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Email or password is incorrect.', code: 'BAD_CREDENTIALS' });
    }
  });

  it('checks a password even for an unknown email, against a hash as costly as a real one', async () => {
    // Asserted on the compare itself, not on timings: a busy machine makes timings say anything.
    const compare = vi.spyOn(app.passwords, 'compare');
    try {
      const res = await app.request('POST', LOGIN, { body: { email: 'nobody@example.test', password: 'not it at all' } });
      expect(res.status).toBe(401);
      expect(compare).toHaveBeenCalledTimes(1);
      const [password, hash] = compare.mock.calls[0]!;
      expect(password).toBe('not it at all');
      // The same cost as the hash a registration stores, so both paths take as long.
      expect(bcrypt.getRounds(hash)).toBe(BCRYPT_COST);
    } finally {
      compare.mockRestore();
    }
  });

  it('lets an account made before the 72-byte limit log in with its longer password', async () => {
    const longPassword = 'é'.repeat(50);
    const older = await createUser(app, { password: longPassword });
    const res = await app.request('POST', LOGIN, { body: { email: older.user.email, password: longPassword } });
    expect(res.status).toBe(200);
  });

  it('refuses a correct password of a user waiting for approval with 403', async () => {
    const res = await app.request('POST', LOGIN, { body: { email: pending.user.email, password: pending.user.password } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: USER_MESSAGES.NOT_APPROVED, code: 'NOT_APPROVED' });
  });

  it('does not tell a pending user from a stranger when the password is wrong', async () => {
    const res = await app.request('POST', LOGIN, { body: { email: pending.user.email, password: 'wrong password' } });
    expect(res.status).toBe(401);
  });

  it.each([
    [{}, 'Email'],
    [{ email: 'admin@example.test' }, 'Password'],
    [{ email: 'admin@example.test', password: '' }, 'Password is required'],
    [{ email: 'not an email', password: 'admin password' }, 'Enter a valid email address'],
    [{ email: { $ne: null }, password: 'admin password' }, 'Email must be text'],
    [{ email: 'admin@example.test', password: { $gt: '' } }, 'Password must be text'],
    [{ email: 'admin@example.test', password: 'admin password', remember: true }, 'Unexpected field: remember'],
  ])('answers bad input %j with 400 and a message', async (body, message) => {
    const res = await app.request('POST', LOGIN, { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(message);
  });
});
