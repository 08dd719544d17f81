import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { setToken } from '../lib/auth.ts';
import { db } from '../db/db.ts';
import { ScriptedServer } from '../../test/scripted-server.ts';
import { resetDb } from '../../test/reset-db.ts';
import { RETRY_BASE_MS, RETRY_MAX_MS, backoffMs, classify, enqueue, pushOutbox, resolveConflict } from './outbox.ts';

const ID_A = '64f0000000000000000000e1';
const ID_B = '64f0000000000000000000e2';

let server: ScriptedServer;
beforeEach(async () => {
  await resetDb();
  server = new ScriptedServer();
  vi.stubGlobal('fetch', server.fetch);
  setToken('admin-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

const article = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  title: 'T',
  subtitle: 'S',
  content: '<p>x</p>',
  category: 'Life',
  isPublished: false,
  ...extra,
});

describe('backoffMs', () => {
  it('doubles from the base with jitter in the upper half, up to the maximum', () => {
    expect(backoffMs(1, () => 0)).toBe(RETRY_BASE_MS / 2);
    expect(backoffMs(1, () => 1)).toBe(RETRY_BASE_MS);
    expect(backoffMs(4, () => 1)).toBe(RETRY_BASE_MS * 8);
    expect(backoffMs(4, () => 0.5)).toBe(RETRY_BASE_MS * 6);
    expect(backoffMs(40, () => 1)).toBe(RETRY_MAX_MS);
  });
});

describe('classify', () => {
  it.each([
    [0, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [400, 'failed'],
    [404, 'failed'],
    [413, 'failed'],
  ])('status %i → %s', (status, outcome) => {
    expect(classify(new ApiError('x', status), 'addComment')).toBe(outcome);
  });
  it('asks for a login on auth refusals and shows conflicts on edits', () => {
    expect(classify(new ApiError('x', 401, { reauth: true }), 'saveArticle')).toBe('auth');
    expect(classify(new ApiError('x', 403, { reauth: true }), 'deleteUser')).toBe('auth');
    expect(classify(new ApiError('x', 403, {}), 'deleteUser')).toBe('failed');
    expect(classify(new ApiError('x', 409, { article: {} }), 'saveArticle')).toBe('conflict');
    expect(classify(new ApiError('still being processed', 409, {}), 'addComment')).toBe('retry');
  });
});

describe('pushOutbox', () => {
  it('sends in order, creates before edits, and rebases an edit made before the create reached the server', async () => {
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A), label: 'create A' });
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A, { title: 'T2', version: 0 }), label: 'edit A' });
    await enqueue({ kind: 'togglePublish', recordId: ID_A, body: { id: ID_A }, label: 'publish A' });
    const result = await pushOutbox();
    expect(result.sent).toBe(3);
    expect(server.applied.map((c) => c.path)).toEqual(['/api/articles/add', '/api/articles/add', '/api/articles/toggle-publish']);
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'T2', isPublished: true, version: 3 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.adminArticles.get(ID_A)).toMatchObject({ title: 'T2', isPublished: true, version: 3 });
    expect((await db.adminArticles.get(ID_A))?.pending).toBeUndefined();
  });

  it('keeps everything and schedules a retry while offline, then sends once', async () => {
    server.script = () => 'offline';
    await enqueue({ kind: 'addComment', recordId: ID_A, body: { _id: ID_A, article: ID_B, name: 'N', content: 'C' }, label: 'c' });
    const start = Date.now();
    const first = await pushOutbox();
    expect(first.sent).toBe(0);
    expect(first.retryAt).toBeGreaterThan(start);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.comments.get(ID_A)).toMatchObject({ pending: 1, own: 1 });
    server.script = () => undefined;
    expect((await pushOutbox(() => first.retryAt! + 1)).sent).toBe(1);
    expect(server.applied).toHaveLength(1);
    expect((await db.comments.get(ID_A))?.pending).toBeUndefined();
  });

  it('applies once when the answer is lost after the server applied the write (crash between send and ack)', async () => {
    let lose = true;
    server.script = (call) => (call.path === '/api/articles/add-comment' && lose ? 'lose-response' : undefined);
    await enqueue({ kind: 'addComment', recordId: ID_A, body: { _id: ID_A, article: ID_B, name: 'N', content: 'C' }, label: 'c' });
    const first = await pushOutbox();
    expect(server.applied).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
    lose = false;
    await pushOutbox(() => first.retryAt! + 1);
    expect(server.calls.filter((c) => c.path === '/api/articles/add-comment')).toHaveLength(2);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(1);
    expect(server.applied).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('honours Retry-After on 429', async () => {
    server.script = () => ({ status: 429, body: { success: false, message: 'Slow down' }, headers: { 'Retry-After': '120' } });
    await enqueue({ kind: 'addComment', recordId: ID_A, body: { _id: ID_A, article: ID_B, name: 'N', content: 'C' }, label: 'c' });
    const now = Date.now();
    const result = await pushOutbox(() => now);
    expect(result.retryAt).toBeGreaterThanOrEqual(now + 120_000);
  });

  it('marks a refused operation failed, holds back later ones of the same record, lets other records through', async () => {
    server.script = (call) =>
      call.body?.id === ID_A ? { status: 400, body: { success: false, message: 'Bad id' } } : undefined;
    server.articles.set(ID_B, { ...article(ID_B), version: 1, createdAt: '', updatedAt: '' } as never);
    await enqueue({ kind: 'togglePublish', recordId: ID_A, body: { id: ID_A }, label: 'a' });
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A, { version: 1 }), label: 'a2' });
    await enqueue({ kind: 'togglePublish', recordId: ID_B, body: { id: ID_B }, label: 'b' });
    await pushOutbox();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.recordId, e.status])).toEqual([
      [ID_A, 'failed'],
      [ID_A, 'queued'],
    ]);
    expect(entries[0]?.lastError).toBe('Bad id');
    expect(server.articles.get(ID_B)?.isPublished).toBe(true);
  });

  it('holds admin operations while signed out and sends them after login', async () => {
    setToken(null);
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A), label: 'a' });
    expect((await pushOutbox()).sent).toBe(0);
    expect(server.calls).toHaveLength(0);
    setToken('again');
    expect((await pushOutbox()).sent).toBe(1);
  });

  it('keeps a 409 for the admin to resolve, and "keep mine" re-sends on top of the server version', async () => {
    server.articles.set(ID_A, { ...article(ID_A, { title: 'Theirs' }), version: 5, createdAt: '', updatedAt: '' } as never);
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A, { title: 'Mine', version: 4 }), label: 'a' });
    await pushOutbox();
    const [conflict] = await db.outbox.toArray();
    expect(conflict).toMatchObject({ status: 'conflict', serverCopy: { title: 'Theirs', version: 5 } });
    await resolveConflict(conflict!.seq!, 'mine');
    await pushOutbox();
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'Mine', version: 6 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('"take theirs" drops the local edit and shows the server copy', async () => {
    server.articles.set(ID_A, { ...article(ID_A, { title: 'Theirs' }), version: 5, createdAt: '', updatedAt: '' } as never);
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A, { title: 'Mine', version: 4 }), label: 'a' });
    await pushOutbox();
    const [conflict] = await db.outbox.toArray();
    await resolveConflict(conflict!.seq!, 'theirs');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.adminArticles.get(ID_A)).toMatchObject({ title: 'Theirs', version: 5 });
  });
});
