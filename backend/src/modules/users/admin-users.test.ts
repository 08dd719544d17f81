import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, type CreatedUser } from '../../../test/fixtures.ts';
import { userModel } from './user.model.ts';
import { USER_MESSAGES } from './users.service.ts';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('admin user calls', () => {
  let app: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app, { role: 'admin' });
  });
  afterAll(() => app.close());

  describe('GET /api/admin/users', () => {
    it('lists every user in the contract shape and never a password hash', async () => {
      const pending = await createUser(app, { role: 'user', isApproved: false });
      const res = await app.request('GET', '/api/admin/users', { token: admin.token });
      expect(res.status).toBe(200);
      const body = adminRoutes.users.response.parse(res.body);
      expect(body.success).toBe(true);
      const ids = body.users.map((u) => u._id);
      expect(ids).toEqual(expect.arrayContaining([admin.user._id, pending.user._id]));
      const raw = JSON.stringify(res.body);
      expect(raw).not.toMatch(/passwordHash|\$2[aby]\$/);
      expect(raw).not.toContain(pending.user.password);
    });

    it('ignores a query it does not need: an operator in it filters nothing', async () => {
      const plain = await app.request('GET', '/api/admin/users', { token: admin.token });
      const res = await app.request('GET', '/api/admin/users?role[$ne]=admin', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plain.body);
      expect(adminRoutes.users.response.parse(res.body).users.map((u) => u._id)).toContain(admin.user._id);
    });
  });

  describe('DELETE /api/admin/delete', () => {
    it('deletes a user who is not an admin', async () => {
      const victim = await createUser(app, { role: 'user', isApproved: false });
      const res = await app.request('DELETE', '/api/admin/delete', { token: admin.token, body: { userId: victim.user._id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: USER_MESSAGES.DELETED });
      expect(await userModel(app.connection).exists({ _id: victim.user._id })).toBeNull();
    });

    it('refuses to delete another admin', async () => {
      const other = await createUser(app, { role: 'admin' });
      const res = await app.request('DELETE', '/api/admin/delete', { token: admin.token, body: { userId: other.user._id } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: 'Administrators cannot be deleted.', code: 'ADMIN_UNDELETABLE' });
      expect(await userModel(app.connection).exists({ _id: other.user._id })).not.toBeNull();
    });

    it('refuses an admin deleting themself', async () => {
      const res = await app.request('DELETE', '/api/admin/delete', { token: admin.token, body: { userId: admin.user._id } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: USER_MESSAGES.ADMIN_UNDELETABLE, code: 'ADMIN_UNDELETABLE' });
      expect(await userModel(app.connection).exists({ _id: admin.user._id })).not.toBeNull();
    });

    it('answers an unknown user with 404', async () => {
      const res = await app.request('DELETE', '/api/admin/delete', { token: admin.token, body: { userId: UNKNOWN_ID } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: USER_MESSAGES.USER_NOT_FOUND, code: 'NOT_FOUND' });
    });
  });

  describe('POST /api/admin/approve', () => {
    it('makes a waiting user an approved admin who can then log in', async () => {
      const waiting = await createUser(app, { role: 'user', isApproved: false });
      const res = await app.request('POST', '/api/admin/approve', { token: admin.token, body: { userId: waiting.user._id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: USER_MESSAGES.APPROVED });
      const now = await userModel(app.connection).findById(waiting.user._id).lean();
      expect(now).toMatchObject({ role: 'admin', isApproved: true });
      const login = await app.request('POST', '/api/admin/login', {
        body: { email: waiting.user.email, password: waiting.user.password },
      });
      expect(login.status).toBe(200);
      // Approval cannot be undone: the new admin is now undeletable.
      const del = await app.request('DELETE', '/api/admin/delete', { token: admin.token, body: { userId: waiting.user._id } });
      expect(del.status).toBe(403);
    });

    it('treats approving an approved admin as a harmless success', async () => {
      const res = await app.request('POST', '/api/admin/approve', { token: admin.token, body: { userId: admin.user._id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: USER_MESSAGES.ALREADY_ADMIN });
    });

    it('answers an unknown user with 404', async () => {
      const res = await app.request('POST', '/api/admin/approve', { token: admin.token, body: { userId: UNKNOWN_ID } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: USER_MESSAGES.USER_NOT_FOUND, code: 'NOT_FOUND' });
    });
  });

  describe.each([
    ['DELETE', '/api/admin/delete'],
    ['POST', '/api/admin/approve'],
  ])('%s %s refuses bad input with 400', (method, path) => {
    it.each([
      [undefined, 'userId'],
      [{}, 'userId'],
      [{ userId: 42 }, 'userId must be a text id'],
      [{ userId: ['0123456789abcdef01234567'] }, 'userId must be a text id'],
      [{ userId: { $ne: null } }, 'userId must be a text id'],
      [{ userId: 'not-an-id' }, 'userId must be a 24-character hexadecimal id'],
      [{ userId: UNKNOWN_ID, $set: { role: 'admin' } }, 'Unexpected field: $set'],
      [{ userId: UNKNOWN_ID, role: 'user' }, 'Unexpected field: role'],
    ])('body %j', async (body, message) => {
      const res = await app.request(method, path, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    });
  });
});
