// @vitest-environment node
// Logout as the admin's button runs it: the token goes, the admin's view kept on the device goes
// (lists and when they were last pulled), the visitor's own tables and the outbox stay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, getMeta } from '../../db/db.ts';
import { getToken, setToken } from '../../lib/auth.ts';
import { ScriptedServer } from '../../../test/scripted-server.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { pullAdmin } from '../../sync/pull-admin.ts';
import { ADMIN_CURSOR, ADMIN_SYNCED_AT } from '../../db/meta-keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { paths } from '../../lib/paths.ts';
import { logout } from './logout.ts';

const user = { _id: '64f000000000000000000301', name: 'Ann', email: 'ann@example.com', role: 'admin' as const, isApproved: true };
const draft = {
  _id: '64f000000000000000000311',
  title: 'A draft',
  subtitle: 'Only admins see it',
  content: '<p>Draft</p>',
  category: 'Life',
  isPublished: false,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const comment = { _id: '64f000000000000000000321', article: draft._id, name: 'Bo', content: 'Hello', isApproved: false, createdAt: '2026-01-01T00:00:00.000Z' };

beforeEach(async () => {
  await resetDb();
  setToken('a-token');
  const server = new ScriptedServer();
  server.script = () => ({
    status: 200,
    body: {
      success: true,
      articles: [draft],
      comments: [{ ...comment, article: { _id: draft._id, title: draft.title } }],
      users: [user],
      removed: { articles: [], comments: [], users: [] },
      cursor: 'e1.3',
      hasMore: false,
    },
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('logout', () => {
  it('forgets the token and the admin view, goes home, and keeps the outbox', async () => {
    await pullAdmin();
    expect(await db.users.count()).toBe(1);
    expect(await db.adminArticles.count()).toBe(1);
    expect(await db.adminComments.count()).toBe(1);
    expect(await getMeta(ADMIN_SYNCED_AT)).toEqual(expect.any(Number));
    // A visitor's comment still waiting to be sent is not the admin's view: it stays.
    const queued = '64f000000000000000000331';
    await enqueue({
      kind: 'addComment',
      recordId: queued,
      body: { _id: queued, article: draft._id, name: 'Cy', content: 'Queued' },
      label: 'Comment by Cy',
    });

    const navigate = vi.fn();
    await logout(navigate);

    expect(navigate).toHaveBeenCalledWith(paths.home);
    expect(getToken()).toBeNull();
    expect(await db.users.count()).toBe(0);
    expect(await db.adminArticles.count()).toBe(0);
    expect(await db.adminComments.count()).toBe(0);
    expect(await getMeta(ADMIN_SYNCED_AT)).toBeUndefined();
    // The next admin on this device walks the feed from the start.
    expect(await getMeta(ADMIN_CURSOR)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});
