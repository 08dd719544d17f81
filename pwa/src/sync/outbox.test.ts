import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@fw/contracts/errors';
import { ApiError } from '../lib/api.ts';
import { setToken } from '../lib/auth.ts';
import { db } from '../db/db.ts';
import { ScriptedServer, articleBody, errorReply } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { RETRY_BASE_MS, RETRY_MAX_MS, backoffMs, classify, enqueue, pushOutbox, resolveConflict } from './outbox.ts';

const ID_A = '64f0000000000000000000e1';
const ID_B = '64f0000000000000000000e2';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer('admin-token');
});
afterEach(stopScriptedServer);

const article = articleBody;

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
  const refusal = (status: number, code: ErrorCode, extra: Record<string, unknown> = {}) =>
    new ApiError('x', status, { success: false, message: 'x', code, ...extra });

  it.each([
    ['IDEMPOTENCY_KEY_IN_PROGRESS', 'retry'],
    ['RATE_LIMITED', 'retry'],
    ['BUSY', 'retry'],
    ['SERVER_ERROR', 'retry'],
    ['INVALID_INPUT', 'failed'],
    ['NOT_FOUND', 'failed'],
    ['BODY_TOO_LARGE', 'failed'],
    ['ID_TAKEN', 'failed'],
    ['IDEMPOTENCY_KEY_REUSED', 'failed'],
    ['ADMIN_UNDELETABLE', 'failed'],
    ['TOKEN_EXPIRED', 'auth'],
    ['TOKEN_MISSING', 'auth'],
    ['NOT_ADMIN', 'auth'],
  ] as const)('code %s → %s', (code, outcome) => {
    expect(classify(refusal(ERROR_CODES[code].status, code), 'addComment')).toBe(outcome);
  });

  it('decides from the code, not from the status or which fields the body carries', () => {
    // A 409 without a server copy is not necessarily "still in progress".
    expect(classify(refusal(409, 'ID_TAKEN'), 'addComment')).toBe('failed');
    expect(classify(refusal(409, 'IDEMPOTENCY_KEY_IN_PROGRESS'), 'addComment')).toBe('retry');
    // A 403 that is not about the login is not a reason to sign out.
    expect(classify(refusal(403, 'ADMIN_UNDELETABLE'), 'deleteUser')).toBe('failed');
    expect(classify(refusal(409, 'EDIT_CONFLICT', { article: {} }), 'saveArticle')).toBe('conflict');
    expect(classify(refusal(409, 'EDIT_CONFLICT'), 'saveArticle')).toBe('failed');
  });

  it.each([
    [0, 'retry'],
    [502, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [400, 'failed'],
    [409, 'failed'],
  ])('an answer without a code (no connection, a proxy): status %i → %s', (status, outcome) => {
    expect(classify(new ApiError('x', status, status ? { message: 'from a proxy' } : null), 'addComment')).toBe(outcome);
  });
});

describe('pushOutbox', () => {
  it('sends in order, creates before edits, and rebases an edit made while the create was on its way', async () => {
    // Made before the create went out, the edit would merge into it (outbox-coalesce.test.ts).
    let during: Promise<unknown> | undefined;
    server.script = () => {
      during ??= (async () => {
        await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A, { title: 'T2', version: 0 }), label: 'edit A' });
        await enqueue({ kind: 'togglePublish', recordId: ID_A, body: { id: ID_A }, label: 'publish A' });
      })();
      return undefined;
    };
    await enqueue({ kind: 'saveArticle', recordId: ID_A, body: article(ID_A), label: 'create A' });
    const first = await pushOutbox();
    await during;
    const second = await pushOutbox();
    expect(first.sent + second.sent).toBe(3);
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
    server.script = () => ({ ...errorReply(429, 'RATE_LIMITED', 'Slow down'), headers: { 'Retry-After': '120' } });
    await enqueue({ kind: 'addComment', recordId: ID_A, body: { _id: ID_A, article: ID_B, name: 'N', content: 'C' }, label: 'c' });
    const now = Date.now();
    const result = await pushOutbox(() => now);
    expect(result.retryAt).toBeGreaterThanOrEqual(now + 120_000);
  });

  it('marks a refused operation failed, holds back later ones of the same record, lets other records through', async () => {
    server.script = (call) =>
      call.body?.id === ID_A ? errorReply(400, 'INVALID_INPUT', 'Bad id') : undefined;
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

  it('gives up on a 409 that says the id is taken, instead of retrying it forever', async () => {
    server.comments.set(ID_A, { _id: ID_A, article: ID_B, name: 'Someone else', content: 'Theirs' });
    await enqueue({ kind: 'addComment', recordId: ID_A, body: { _id: ID_A, article: ID_B, name: 'N', content: 'C' }, label: 'c' });
    const result = await pushOutbox();
    expect(result.retryAt).toBeNull();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'failed', lastError: 'A different comment already has this id.' });
    expect(server.calls).toHaveLength(1);
  });

  it('replays by method, path, key and body like the real server: the same key with another body is refused, not retried', async () => {
    let lose = true;
    server.script = () => (lose ? 'lose-response' : undefined);
    await enqueue({ kind: 'addComment', recordId: ID_A, body: { _id: ID_A, article: ID_B, name: 'N', content: 'C' }, label: 'c' });
    const first = await pushOutbox();
    lose = false;
    // The answer was lost; the entry then goes out again with the same key but another body.
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry!.seq!, { body: { ...entry!.body, content: 'Changed' } });
    const second = await pushOutbox(() => first.retryAt! + 1);
    expect(second.retryAt).toBeNull();
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'failed', lastError: expect.stringMatching(/already used/) })]);
    expect(server.applied).toHaveLength(1);
  });
});
