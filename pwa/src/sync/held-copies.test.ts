// @vitest-environment node
// A pull never overwrites a record with a write waiting in the outbox, and what the feed brought
// for it meanwhile is not lost: applied when the write is given up, dropped when the server's
// answer (newer) settles it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Article, Comment } from '@fw/contracts';
import { db } from '../db/db.ts';
import { ScriptedServer, errorReply } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { applyArticlePage, applyCommentPage } from './pull.ts';
import { discardEntry, enqueue, pushOutbox } from './outbox.ts';
import { storeArticle } from './article-store.ts';

const ID = '64f000000000000000000501';
const article = (extra: Partial<Article> = {}): Article => ({
  _id: ID,
  title: 'Server title',
  subtitle: 'Sub',
  category: 'Hope',
  content: '<p>Server text</p>',
  isPublished: true,
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});
const page = (articles: Article[], removed: string[] = []) => ({ articles, removed, cursor: 'c', hasMore: false });

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer('a-token');
});
afterEach(stopScriptedServer);

/** The admin edits a published article offline (the edit waits in the outbox). */
async function pendingEdit(title: string) {
  await storeArticle(article(), false);
  const { _id, title: _t, version, ...rest } = article();
  void _t;
  return enqueue({ kind: 'saveArticle', recordId: _id, body: { _id, ...rest, title, version }, label: `Edit ${title}` });
}

describe('a pull and a write waiting for the same record', () => {
  it('keeps a pending published edit when a feed page brings the older server copy', async () => {
    await pendingEdit('My edit');
    await applyArticlePage(page([article({ title: 'Server title, again' })]));
    expect((await db.articles.get(ID))?.title).toBe('My edit');
    expect((await db.bodies.get(ID))?.content).toBe('<p>Server text</p>');
  });

  it('applies what the feed brought meanwhile when the edit is given up', async () => {
    const entry = await pendingEdit('My edit');
    await applyArticlePage(page([article({ title: 'Edited elsewhere', version: 4 })]));
    expect((await db.articles.get(ID))?.title).toBe('My edit');
    await discardEntry(entry.seq!);
    expect((await db.articles.get(ID))?.title).toBe('Edited elsewhere');
  });

  it('applies a removal the feed brought meanwhile when the edit is given up', async () => {
    const entry = await pendingEdit('My edit');
    await applyArticlePage(page([], [ID]));
    expect(await db.articles.get(ID)).toBeDefined();
    await discardEntry(entry.seq!);
    expect(await db.articles.get(ID)).toBeUndefined();
    expect(await db.bodies.get(ID)).toBeUndefined();
  });

  it('drops the set-aside copy when the server answers the edit with its stored article', async () => {
    await pendingEdit('My edit');
    server.articles.set(ID, article());
    await applyArticlePage(page([article({ title: 'Before my edit landed' })]));
    await pushOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.articles.get(ID))?.title).toBe('My edit');
    expect(await db.meta.filter((m) => m.key.startsWith('heldFeedCopy:')).count()).toBe(0);
  });

  it('keeps a comment the admin is deleting out of the public list until the delete is settled or given up', async () => {
    const comment: Comment = { _id: '64f000000000000000000601', article: ID, name: 'Ann', content: 'Hi', createdAt: '2025-01-02T00:00:00.000Z', isApproved: true };
    await db.comments.put(comment);
    await db.adminComments.put({ ...comment, articleTitle: 'T' } as never);
    server.script = (call) => (call.path.startsWith('/api/admin/comments/delete') ? errorReply(400, 'INVALID_INPUT', 'Refused') : undefined);
    const entry = await enqueue({ kind: 'deleteComment', recordId: comment._id, body: { id: comment._id }, label: 'Delete' });
    await applyCommentPage({ comments: [comment], removed: [], cursor: 'c', reset: false });
    expect(await db.comments.get(comment._id)).toBeUndefined();
    await pushOutbox();
    expect((await db.outbox.get(entry.seq!))?.status).toBe('failed');
    await discardEntry(entry.seq!);
    expect(await db.comments.get(comment._id)).toEqual(comment);
  });
});
