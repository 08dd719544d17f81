import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, getMeta } from '../db/db.ts';
import { getSignOutNotice, getToken, setToken, subscribeAuth } from '../lib/auth.ts';
import { ScriptedServer, errorReply } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { pullAdmin } from './pull-admin.ts';
import { ADMIN_SYNCED_AT } from './meta-keys.ts';
import { SETTLED_COUNT_KEY, enqueue } from './outbox.ts';

const user = { _id: '64f000000000000000000301', name: 'Ann', email: 'ann@example.com', role: 'admin' as const, isApproved: true };

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer('a-token');
});
afterEach(stopScriptedServer);

describe('pullAdmin', () => {
  it('fills the admin view and records the first pull', async () => {
    server.script = (call) => {
      if (call.path === '/api/admin/users') return { status: 200, body: { success: true, users: [user] } };
      if (call.path === '/api/admin/articles') return { status: 200, body: { success: true, articles: [] } };
      return { status: 200, body: { success: true, comments: [] } };
    };
    await pullAdmin();
    expect(await db.users.toArray()).toEqual([user]);
    expect(await getMeta(ADMIN_SYNCED_AT)).toEqual(expect.any(Number));
  });

  it('applies nothing when a write was confirmed while the lists were on their way', async () => {
    const local = { ...user, _id: '64f000000000000000000302', name: 'Just approved' };
    await db.users.put(local);
    server.script = (call) => {
      // Another tab (or this one) settles a write while the request is in flight.
      if (call.path === '/api/admin/users') void db.meta.put({ key: SETTLED_COUNT_KEY, value: 1 });
      if (call.path === '/api/admin/users') return { status: 200, body: { success: true, users: [user] } };
      if (call.path === '/api/admin/articles') return { status: 200, body: { success: true, articles: [] } };
      return { status: 200, body: { success: true, comments: [] } };
    };
    expect(await pullAdmin()).toBe(false);
    expect(await db.users.toArray()).toEqual([local]);
    server.script = (call) =>
      call.path === '/api/admin/users' ? { status: 200, body: { success: true, users: [user] } } : { status: 200, body: { success: true, articles: [], comments: [] } };
    expect(await pullAdmin()).toBe(true);
    expect(await db.users.toArray()).toEqual([user]);
  });

  it('signs out with the server’s reason when the token is refused, keeping the outbox', async () => {
    const message = 'Your session has expired. Please log in again.';
    const comment = { _id: '64f000000000000000000303', article: '64f000000000000000000304', name: 'N', content: 'C' };
    await enqueue({ kind: 'addComment', recordId: comment._id, body: comment, label: 'comment' });
    server.script = () => errorReply(401, 'TOKEN_EXPIRED', message);
    const seen: Array<string | null> = [];
    const stop = subscribeAuth(() => seen.push(getToken()));
    await pullAdmin();
    stop();
    expect(getToken()).toBeNull();
    expect(getSignOutNotice()).toBe(message);
    expect(localStorage.getItem('token')).toBeNull();
    expect(seen).toEqual([null]);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ recordId: comment._id, status: 'queued' })]);
  });

  it('does not sign out on a refusal that is not about the login', async () => {
    server.script = () => errorReply(403, 'ORIGIN_NOT_ALLOWED', 'Not from here');
    await expect(pullAdmin()).rejects.toThrow('Not from here');
    expect(getToken()).toBe('a-token');
  });

  it('leaves other failures to the engine (shown as a sync error), still signed in', async () => {
    server.script = () => errorReply(500, 'SERVER_ERROR', 'Boom');
    await expect(pullAdmin()).rejects.toThrow('Boom');
    expect(getToken()).toBe('a-token');
  });

  it('does not refill the admin view when a logout happened during the requests', async () => {
    server.script = (call) => {
      setToken(null);
      if (call.path === '/api/admin/users') return { status: 200, body: { success: true, users: [user] } };
      return { status: 200, body: { success: true, articles: [], comments: [] } };
    };
    await pullAdmin();
    expect(await db.users.count()).toBe(0);
  });
});
