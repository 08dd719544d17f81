// Writes of one record queued on top of each other become one before they are sent, but only while
// none of them may have reached the server: an entry that went out keeps its body under its key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@fw/contracts/paths';
import { db } from '../db/db.ts';
import { ScriptedServer, articleBody } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { enqueue, pushOutbox, queueWrite, type NewOperation } from './outbox.ts';
import { WRITE_KINDS } from './write-kinds/registry.ts';

const ID_A = '64f0000000000000000000c1';
const ID_C = '64f0000000000000000000c2';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer('admin-token');
});
afterEach(() => {
  stopScriptedServer();
  vi.restoreAllMocks();
});

const article = (extra: Record<string, unknown>) => articleBody(ID_A, extra);
const onServer = (version: number, title = 'On the server') =>
  server.articles.set(ID_A, { ...article({ title }), version, createdAt: '', updatedAt: '' } as never);
const edit = (title: string, version: number): NewOperation => ({
  kind: 'saveArticle',
  recordId: ID_A,
  body: article({ title, content: `<p>${title}</p>`, version }),
  label: `Update “${title}”`,
});
const create = (title: string): NewOperation => ({ kind: 'saveArticle', recordId: ID_A, body: article({ title }), label: `Create “${title}”` });
const remove: NewOperation = { kind: 'deleteArticle', recordId: ID_A, body: { id: ID_A }, label: 'Delete' };
const sentArticles = () => server.calls.map((call) => JSON.parse(String(call.body?.article)) as Record<string, unknown>);

describe('coalescing queued writes of one record', () => {
  it('sends five edits of a never-sent article as one, with the latest content and the first edit’s base version', async () => {
    onServer(2);
    for (const n of [1, 2, 3, 4, 5]) await enqueue(edit(`Edit ${n}`, 2));
    // One entry is what the outbox panel counts as waiting.
    expect(await db.outbox.count()).toBe(1);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ label: 'Update “Edit 5”', attempts: 0 })]);
    expect((await pushOutbox()).sent).toBe(1);
    expect(sentArticles()).toEqual([expect.objectContaining({ title: 'Edit 5', content: '<p>Edit 5</p>', version: 2 })]);
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'Edit 5', version: 3 });
    expect(await db.adminArticles.get(ID_A)).toMatchObject({ title: 'Edit 5', version: 3 });
  });

  it('keeps the earliest edit’s version even when a later one names another', () => {
    const merged = WRITE_KINDS.saveArticle.coalesce!(
      { kind: 'saveArticle', body: article({ title: 'First', version: 4 }), label: 'first' },
      { kind: 'saveArticle', body: article({ title: 'Later', version: 9 }), label: 'later' },
    );
    expect(merged).toEqual({ body: article({ title: 'Later', version: 4 }), label: 'later' });
  });

  it('does not merge into an entry already sent whose answer was lost: it goes again unchanged under its key', async () => {
    onServer(2);
    let lose = true;
    server.script = () => (lose ? 'lose-response' : undefined);
    await enqueue(edit('First', 2));
    const first = await pushOutbox();
    lose = false;
    await enqueue(edit('Second', 2));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.body.title, e.attempts])).toEqual([
      ['First', 1],
      ['Second', 0],
    ]);
    await pushOutbox(() => first.retryAt! + 1);
    expect(sentArticles().map((a) => a.title)).toEqual(['First', 'First', 'Second']);
    expect(server.calls[1]?.key).toBe(server.calls[0]?.key);
    // The repeat was answered from the key's record; the second edit went on top of the first.
    expect(server.applied).toHaveLength(2);
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'Second', version: 4 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not merge into an entry on its way to the server', async () => {
    onServer(2);
    let during: Promise<unknown> | undefined;
    // The next edit is made while the first one's request is out.
    server.script = () => {
      during ??= enqueue(edit('During', 2));
      return undefined;
    };
    await enqueue(edit('First', 2));
    await pushOutbox();
    await during;
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ attempts: 0, body: expect.objectContaining({ title: 'During', version: 3 }) })]);
    await pushOutbox();
    expect(sentArticles().map((a) => [a.title, a.version])).toEqual([
      ['First', 2],
      ['During', 3],
    ]);
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'During', version: 4 });
  });

  it('still surfaces a conflict when someone else changed the record meanwhile', async () => {
    onServer(5, 'Theirs');
    for (const n of [1, 2, 3]) await enqueue(edit(`Mine ${n}`, 4));
    await pushOutbox();
    expect(server.calls).toHaveLength(1);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        status: 'conflict',
        body: expect.objectContaining({ title: 'Mine 3', version: 4 }),
        serverCopy: expect.objectContaining({ title: 'Theirs', version: 5 }),
      }),
    ]);
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'Theirs', version: 5 });
  });

  it('sends a create followed by edits as one create with the latest content', async () => {
    await enqueue(create('Draft'));
    // The editor bases an edit of the device's own new article on its local version 0.
    await enqueue(edit('Draft 2', 0));
    await enqueue(edit('Final', 0));
    const [entry, ...rest] = await db.outbox.toArray();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ label: 'Create “Draft”', body: { title: 'Final' } });
    expect(entry?.body).not.toHaveProperty('version');
    expect((await pushOutbox()).sent).toBe(1);
    expect(server.calls).toHaveLength(1);
    expect(server.articles.get(ID_A)).toMatchObject({ title: 'Final', version: 1 });
  });

  it('turns an edit followed by a delete into the delete', async () => {
    onServer(2);
    await enqueue(edit('Soon gone', 2));
    await enqueue(remove);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ kind: 'deleteArticle', body: { id: ID_A } })]);
    await pushOutbox();
    expect(server.calls.map((call) => call.path)).toEqual([API_PATHS.deleteArticle]);
    expect(server.articles.has(ID_A)).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('drops a never-sent create together with its delete', async () => {
    await enqueue(create('Never mind'));
    expect(await db.adminArticles.get(ID_A)).toBeDefined();
    const queued = await queueWrite(remove);
    expect(queued.waiting).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.adminArticles.get(ID_A)).toBeUndefined();
    expect((await pushOutbox()).sent).toBe(0);
    expect(server.calls).toHaveLength(0);
  });

  it('keeps a create and its delete when another queued write refers to the article', async () => {
    await enqueue(create('Commented'));
    await enqueue({ kind: 'addComment', recordId: ID_C, body: { _id: ID_C, article: ID_A, name: 'N', content: 'C' }, label: 'c' });
    const queued = await queueWrite(remove);
    expect(queued.waiting).toBe(true);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.kind)).toEqual(['saveArticle', 'addComment', 'deleteArticle']);
  });

  it('leaves comment moderation as it was queued', async () => {
    const moderation = (kind: 'approveComment' | 'deleteComment'): NewOperation => ({ kind, recordId: ID_C, body: { id: ID_C }, label: kind });
    await enqueue(moderation('approveComment'));
    await enqueue(moderation('deleteComment'));
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.kind)).toEqual(['approveComment', 'deleteComment']);
  });

  it('sends nothing while the browser is offline, so edits made then still merge', async () => {
    onServer(2);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueue(edit('Offline 1', 2));
    expect(await pushOutbox()).toEqual({ sent: 0, retryAt: null });
    await enqueue(edit('Offline 2', 2));
    expect(server.calls).toHaveLength(0);
    vi.restoreAllMocks();
    expect((await pushOutbox()).sent).toBe(1);
    expect(sentArticles()).toEqual([expect.objectContaining({ title: 'Offline 2', version: 2 })]);
  });
});
