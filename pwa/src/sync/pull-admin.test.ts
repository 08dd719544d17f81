import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminChanges } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { db, getMeta } from '../db/db.ts';
import { getSignOutNotice, getToken, setToken, subscribeAuth } from '../lib/auth.ts';
import { ScriptedServer, errorReply } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { pullAdmin } from './pull-admin.ts';
import { ADMIN_CURSOR, ADMIN_REPLAY_FROM, ADMIN_SYNCED_AT, ADMIN_WALK, ADMIN_WALK_COUNTS } from '../db/meta-keys.ts';
import { SETTLED_COUNT_KEY, enqueue } from './outbox.ts';
import { getAdminPullProgress, subscribeAdminPullProgress } from './admin-progress.ts';

const user = { _id: '64f000000000000000000301', name: 'Ann', email: 'ann@example.com', role: 'admin' as const, isApproved: true };

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer('a-token');
});
afterEach(stopScriptedServer);

/** A page of the admin change feed. */
function changes(extra: Partial<AdminChanges> = {}): { status: number; body: AdminChanges } {
  return {
    status: 200,
    body: {
      success: true,
      articles: [],
      comments: [],
      users: [],
      removed: { articles: [], comments: [], users: [] },
      cursor: 'e1.1',
      hasMore: false,
      ...extra,
    },
  };
}
const sinceOf = (call: { path: string }) => new URL(call.path, 'http://x').searchParams.get('since');
/** Where a call asks from: `since` after a cursor, or `before` in the first walk. */
const placeOf = (call: { path: string }) => {
  const params = new URL(call.path, 'http://x').searchParams;
  return params.has('before') ? `before ${params.get('before')}` : `since ${params.get('since')}`;
};

describe('pullAdmin', () => {
  it('walks the view newest change first, then asks from the cursor the walk began at, and records the pull', async () => {
    const other = { ...user, _id: '64f000000000000000000305', name: 'Ben' };
    await db.users.put({ ...other, _id: '64f000000000000000000399', name: 'Left from before' });
    server.script = (call) =>
      placeOf(call) === 'before latest'
        ? changes({ users: [user], cursor: 'e1.9', hasMore: true, before: 'e1.4.9' })
        : changes({ users: [other], cursor: 'e1.9' });
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map((c) => c.path)).toEqual([`${API_PATHS.adminChanges}?before=latest&limit=200`, `${API_PATHS.adminChanges}?before=e1.4.9&limit=200`]);
    expect((await db.users.toArray()).map((u) => u.name).sort()).toEqual(['Ann', 'Ben']);
    expect(await getMeta(ADMIN_CURSOR)).toBe('e1.9');
    expect(await getMeta(ADMIN_WALK)).toBeUndefined();
    expect(await getMeta(ADMIN_SYNCED_AT)).toEqual(expect.any(Number));

    // The next round: one request from the cursor, its removal applied, the rest kept.
    server.calls = [];
    server.script = () => changes({ removed: { articles: [], comments: [], users: [other._id] }, cursor: 'e1.10' });
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map((c) => c.path)).toEqual([`${API_PATHS.adminChanges}?since=e1.9&limit=200`]);
    expect(await db.users.toArray()).toEqual([user]);
  });

  it('goes on with a first walk that stopped where it got to, keeping what it brought', async () => {
    const serverCounts = { articles: 120, published: 100, drafts: 15, scheduled: 5, commentsWaiting: 30, commentsApproved: 70, usersWaiting: 2, users: 40 };
    const other = { ...user, _id: '64f000000000000000000305', name: 'Ben' };
    server.script = (call) =>
      placeOf(call) === 'before latest'
        ? changes({ users: [user], cursor: 'e1.9', hasMore: true, before: 'e1.4.9', counts: serverCounts })
        : errorReply(500, 'SERVER_ERROR', 'Boom');
    await expect(pullAdmin()).rejects.toThrow('Boom');
    expect(await db.users.toArray()).toEqual([user]);
    expect(await getMeta(ADMIN_WALK)).toBe('e1.4.9');
    // Until the walk ends, the screens count with the server: the device holds one user of 40.
    expect(await getMeta(ADMIN_WALK_COUNTS)).toEqual(serverCounts);
    expect(await getMeta(ADMIN_CURSOR)).toBeUndefined();
    // The screens show what came: the newest changes.
    expect(await getMeta(ADMIN_SYNCED_AT)).toEqual(expect.any(Number));

    server.calls = [];
    server.script = () => changes({ users: [other], cursor: 'e1.9' });
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map(placeOf)).toEqual(['before e1.4.9']);
    expect((await db.users.toArray()).map((u) => u.name).sort()).toEqual(['Ann', 'Ben']);
    expect(await getMeta(ADMIN_CURSOR)).toBe('e1.9');
    expect(await getMeta(ADMIN_WALK)).toBeUndefined();
    expect(await getMeta(ADMIN_WALK_COUNTS)).toBeUndefined();
  });

  it('walks again from the start once the outbox is empty, when a page of the first walk held back a change', async () => {
    const held = { ...user, _id: '64f000000000000000000308', name: 'Held', isApproved: false };
    await db.users.put(held);
    await enqueue({ kind: 'approveUser', recordId: held._id, body: { userId: held._id }, label: 'approve' });
    server.script = (call) =>
      call.method !== 'GET' ? 'offline' : changes({ users: [user, { ...held, name: 'Older' }], cursor: 'e1.9' });
    expect(await pullAdmin()).toBe(true);
    expect((await db.users.get(held._id))?.name).toBe('Held');
    expect(await getMeta(ADMIN_REPLAY_FROM)).toBe('0');
    await db.outbox.clear();
    server.calls = [];
    server.script = () => changes({ users: [user, { ...held, name: 'From the server' }], cursor: 'e1.11' });
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map(placeOf)).toEqual(['since 0']);
    expect((await db.users.get(held._id))?.name).toBe('From the server');
    expect(await getMeta(ADMIN_CURSOR)).toBe('e1.11');
  });

  it('says how far a walk of several pages has come, by what the server says is left, and nothing once it ends', async () => {
    const a = { ...user, _id: '64f000000000000000000311' };
    const b = { ...user, _id: '64f000000000000000000312' };
    const c = { ...user, _id: '64f000000000000000000313' };
    server.script = (call) =>
      placeOf(call) === 'before latest'
        ? changes({ users: [user, a], cursor: 'e1.6', hasMore: true, left: 4, before: 'e1.4.6' })
        : placeOf(call) === 'before e1.4.6'
          ? changes({ users: [b], removed: { articles: [], comments: ['64f000000000000000000399'], users: [] }, cursor: 'e1.6', hasMore: true, left: 2, before: 'e1.2.6' })
          : changes({ users: [c], cursor: 'e1.6', left: 0 });
    const seen: ({ done: number; total: number } | null)[] = [];
    const stop = subscribeAdminPullProgress(() => seen.push(getAdminPullProgress()));
    expect(await pullAdmin()).toBe(true);
    stop();
    // The last page's answer ends the round: no count is left on screen.
    expect(seen).toEqual([{ done: 2, total: 6 }, { done: 4, total: 6 }, null]);
    expect(await db.users.count()).toBe(4);

    // A server that does not say what is left: busy, with no count.
    server.calls = [];
    server.script = (call) => (sinceOf(call) === 'e1.6' ? changes({ users: [user], cursor: 'e1.7', hasMore: true }) : changes({ cursor: 'e1.8' }));
    seen.length = 0;
    const stopAgain = subscribeAdminPullProgress(() => seen.push(getAdminPullProgress()));
    expect(await pullAdmin()).toBe(true);
    stopAgain();
    expect(seen).toEqual([]);
  });

  it('starts over on a reset, keeping what the outbox still holds', async () => {
    const held = { ...user, _id: '64f000000000000000000306', name: 'Held', isApproved: false };
    const stale = { ...user, _id: '64f000000000000000000307', name: 'Stale' };
    await db.users.bulkPut([held, stale]);
    await db.meta.put({ key: ADMIN_CURSOR, value: 'old.40' });
    await enqueue({ kind: 'approveUser', recordId: held._id, body: { userId: held._id }, label: 'approve' });
    server.script = (call) =>
      call.method === 'GET' ? changes({ users: [user, { ...held, name: 'From the server' }], reset: true, cursor: 'e2.3' }) : 'offline';
    expect(await pullAdmin()).toBe(true);
    const names = (await db.users.toArray()).map((u) => u.name).sort();
    expect(names).toEqual(['Ann', 'Held']);
    expect(await getMeta(ADMIN_CURSOR)).toBe('e2.3');
  });

  it('reads again a change it held back for the outbox once the outbox is empty', async () => {
    const held = { ...user, _id: '64f000000000000000000308', name: 'Held', isApproved: false };
    await db.users.put(held);
    await db.meta.put({ key: ADMIN_CURSOR, value: 'e1.5' });
    await enqueue({ kind: 'approveUser', recordId: held._id, body: { userId: held._id }, label: 'approve' });
    // Another admin deleted the user meanwhile: the outbox still holds it, so it stays for now.
    server.script = (call) =>
      call.method !== 'GET' ? 'offline' : sinceOf(call) === 'e1.5' ? changes({ removed: { articles: [], comments: [], users: [held._id] }, cursor: 'e1.6' }) : changes({ cursor: 'e1.6' });
    expect(await pullAdmin()).toBe(true);
    expect(await db.users.get(held._id)).toBeDefined();
    expect(await getMeta(ADMIN_CURSOR)).toBe('e1.6');
    // Still held: the next round goes on from its cursor.
    server.calls = [];
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map((c) => sinceOf(c))).toEqual(['e1.6']);
    // The write is dropped (discarded): the feed is read again from before the held-back change.
    await db.outbox.clear();
    server.calls = [];
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map((c) => sinceOf(c))).toEqual(['e1.5']);
    expect(await db.users.get(held._id)).toBeUndefined();
    expect(await getMeta(ADMIN_REPLAY_FROM)).toBeUndefined();
  });

  it('applies nothing when a write was confirmed while the page was on its way', async () => {
    const local = { ...user, _id: '64f000000000000000000302', name: 'Just approved' };
    await db.users.put(local);
    await db.meta.put({ key: ADMIN_CURSOR, value: 'e1.5' });
    server.script = () => {
      // Another tab (or this one) settles a write while the request is in flight.
      void db.meta.put({ key: SETTLED_COUNT_KEY, value: 1 });
      return changes({ users: [{ ...local, name: 'Older' }], cursor: 'e1.6' });
    };
    expect(await pullAdmin()).toBe(false);
    expect(await db.users.toArray()).toEqual([local]);
    expect(await getMeta(ADMIN_CURSOR)).toBe('e1.5');
    server.script = () => changes({ users: [user], cursor: 'e1.7' });
    expect(await pullAdmin()).toBe(true);
    expect(await db.users.toArray()).toEqual([local, user].sort((a, b) => a._id.localeCompare(b._id)));
  });

  it('asks for the next page while it writes one, and drops it unused when the round ends', async () => {
    server.script = (call) => {
      if (placeOf(call) === 'before latest') {
        // A write settles while the first page is on its way: that page is not applied.
        void db.meta.put({ key: SETTLED_COUNT_KEY, value: 1 });
        return changes({ users: [user], cursor: 'e1.4', hasMore: true, before: 'e1.3.4' });
      }
      // The page asked ahead fails: nobody waits for it, and nothing breaks.
      return errorReply(500, 'SERVER_ERROR', 'Boom');
    };
    expect(await pullAdmin()).toBe(false);
    expect(server.calls.map(placeOf)).toEqual(['before latest', 'before e1.3.4']);
    expect(await db.users.count()).toBe(0);
    expect(await getMeta(ADMIN_CURSOR)).toBeUndefined();
    // The next round starts where the device got to, not from the page asked ahead.
    server.calls = [];
    server.script = () => changes({ users: [user], cursor: 'e1.4' });
    expect(await pullAdmin()).toBe(true);
    expect(server.calls.map(placeOf)).toEqual(['before latest']);
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
    server.script = () => {
      setToken(null);
      return changes({ users: [user] });
    };
    await pullAdmin();
    expect(await db.users.count()).toBe(0);
  });
});
