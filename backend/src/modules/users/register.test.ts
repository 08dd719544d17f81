import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { BOOTSTRAP_CLAIMS_COLLECTION, FIRST_ADMIN_CLAIM_ID, type ClaimDoc } from './first-admin.ts';
import { userModel } from './user.model.ts';
import { USER_MESSAGES } from './users.service.ts';
import { PASSWORD_TOO_LONG_MESSAGE } from '@fw/contracts/password';

const REGISTER = '/api/admin/register';
const person = (n: number) => ({ name: `Person ${n}`, email: `person${n}@example.test`, password: 'correct horse' });

describe('POST /api/admin/register', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(() => app.close());
  const claims = () => app.connection.collection<ClaimDoc>(BOOTSTRAP_CLAIMS_COLLECTION);

  it('makes the first registered user an approved admin with a token', async () => {
    const res = await app.request('POST', REGISTER, { body: person(1) });
    expect(res.status).toBe(201);
    const body = authResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: true, message: USER_MESSAGES.REGISTERED_FIRST_ADMIN });
    expect(body.token).toEqual(expect.any(String));
    const users = await app.request('GET', '/api/admin/users', { token: body.token });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual([expect.objectContaining({ email: 'person1@example.test', role: 'admin', isApproved: true })]);
  });

  it('lets later users wait for approval, without a token, and refuses their login', async () => {
    await app.request('POST', REGISTER, { body: person(1) });
    const res = await app.request('POST', REGISTER, { body: person(2) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: USER_MESSAGES.REGISTERED_PENDING });
    const login = await app.request('POST', '/api/admin/login', { body: { email: person(2).email, password: person(2).password } });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ success: false, message: 'Your account is waiting for approval by an administrator.', code: 'NOT_APPROVED' });
  });

  it('stores a bcrypt hash (cost 10) and a lower-cased email, never the password', async () => {
    await app.request('POST', REGISTER, { body: { ...person(1), email: '  Mixed.Case@Example.TEST ' } });
    const stored = await userModel(app.connection).findOne().lean();
    expect(stored?.email).toBe('mixed.case@example.test');
    expect(stored?.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(JSON.stringify(stored)).not.toContain(person(1).password);
  });

  it('answers a taken email (whatever its case) as it answers a new account, and leaves that account as it was', async () => {
    await app.request('POST', REGISTER, { body: person(1) });
    const fresh = await app.request('POST', REGISTER, { body: person(2) });
    const Users = userModel(app.connection);
    const before = await Users.findOne({ email: person(1).email }).lean();
    const intruder = { ...person(3), email: 'PERSON1@Example.Test', password: 'an intruder password' };
    const taken = await app.request('POST', REGISTER, { body: intruder });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ success: true, message: USER_MESSAGES.REGISTERED_PENDING });
    expect(await Users.findOne({ email: person(1).email }).lean()).toEqual(before);
    expect(await Users.countDocuments()).toBe(2);
    const login = (password: string) => app.request('POST', '/api/admin/login', { body: { email: person(1).email, password } });
    expect((await login(person(1).password)).status).toBe(200);
    expect((await login(intruder.password)).status).toBe(401);
  });

  it('makes exactly one admin when the first registrations arrive together', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((n) => app.request('POST', REGISTER, { body: person(n) })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((a) => typeof a.body.token === 'string')).toHaveLength(1);
    expect(await userModel(app.connection).countDocuments({ role: 'admin' })).toBe(1);
  });

  it('answers two concurrent registrations of one email alike, keeping one account', async () => {
    await createUser(app, { role: 'admin' });
    const answers = await Promise.all([1, 2].map(() => app.request('POST', REGISTER, { body: person(7) })));
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [201, { success: true, message: USER_MESSAGES.REGISTERED_PENDING }],
      [201, { success: true, message: USER_MESSAGES.REGISTERED_PENDING }],
    ]);
    expect(await userModel(app.connection).countDocuments({ email: person(7).email })).toBe(1);
  });

  it('refuses a password longer than the 72 bytes bcrypt reads, and takes one of exactly 72', async () => {
    const tooLong = await app.request('POST', REGISTER, { body: { ...person(1), password: `${'é'.repeat(36)}x` } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ success: false, message: PASSWORD_TOO_LONG_MESSAGE, code: 'INVALID_INPUT' });
    expect(await userModel(app.connection).countDocuments()).toBe(0);
    const fits = await app.request('POST', REGISTER, { body: { ...person(1), password: 'é'.repeat(36) } });
    expect(fits.status).toBe(201);
    const login = await app.request('POST', '/api/admin/login', { body: { email: person(1).email, password: 'é'.repeat(36) } });
    expect(login.status).toBe(200);
  });

  it('does not make a first admin when one already exists (e.g. seeded)', async () => {
    await createUser(app, { role: 'admin' });
    const res = await app.request('POST', REGISTER, { body: person(1) });
    expect(res.body).toEqual({ success: true, message: USER_MESSAGES.REGISTERED_PENDING });
  });

  it('recovers from a first-admin claim whose user vanished', async () => {
    await claims().insertOne({ _id: FIRST_ADMIN_CLAIM_ID, userId: '0123456789abcdef01234567', claimedAt: new Date() });
    const res = await app.request('POST', REGISTER, { body: person(1) });
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('rolls forward a claim whose user was never promoted: that user was first', async () => {
    const { user } = await createUser(app, { role: 'user', isApproved: false });
    await claims().insertOne({ _id: FIRST_ADMIN_CLAIM_ID, userId: user._id, claimedAt: new Date() });
    const res = await app.request('POST', REGISTER, { body: person(1) });
    expect(res.body).toEqual({ success: true, message: USER_MESSAGES.REGISTERED_PENDING });
    const first = await userModel(app.connection).findById(user._id).lean();
    expect(first).toMatchObject({ role: 'admin', isApproved: true });
  });

  it.each([
    [{}, 'Name'],
    [{ ...person(1), name: '   ' }, 'Name is required'],
    [{ ...person(1), email: 'not-an-email' }, 'Enter a valid email address'],
    [{ ...person(1), email: { $gt: '' } }, 'Email must be text'],
    [{ ...person(1), password: 'short' }, 'Password must be at least 8 characters'],
    [{ ...person(1), password: 'a'.repeat(73) }, PASSWORD_TOO_LONG_MESSAGE],
    [{ ...person(1), role: 'admin' }, 'Unexpected field: role'],
    [{ ...person(1), $where: '1' }, 'Unexpected field: $where'],
  ])('answers bad input %j with 400 and a message', async (body, message) => {
    const res = await app.request('POST', REGISTER, { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(message);
    expect(await userModel(app.connection).countDocuments()).toBe(0);
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await app.request('POST', REGISTER, { rawBody: '["a"]' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });
});
