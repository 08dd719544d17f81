// Revisions: every save that changes an article's text keeps the version it replaced (who saved
// it and when), the last REVISIONS_KEPT per article, read by `_id` only; a restore is an ordinary
// edit with a version, so a stale one is the usual 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS_KEPT, revisionResponseSchema, revisionsResponseSchema, type Article } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle, saveArticle } from '../../../test/content-fixtures.ts';
import { SAVE_MESSAGES } from './article-save.ts';
import { ARTICLE_MESSAGES } from './articles.service.ts';

describe('article revisions', () => {
  let app: TestApp;
  let admin: string;
  let adminName: string;
  let other: string;

  beforeAll(async () => {
    app = await startTestApp({}, { monitorCommands: true });
    const first = await createUser(app, { name: 'Ruth Writer' });
    admin = first.token;
    adminName = 'Ruth Writer';
    ({ token: other } = await createUser(app, { name: 'Boaz Editor' }));
  });
  afterAll(() => app.close());

  const list = async (id: string, token = admin) => {
    const res = await app.request('GET', `/api/admin/articles/${id}/revisions`, { token });
    expect(res.status).toBe(200);
    return revisionsResponseSchema.parse(res.body).revisions;
  };
  const one = (id: string, n: number | string) => app.request('GET', `/api/admin/articles/${id}/revisions/${n}`, { token: admin });

  async function edit(article: Article, changes: Partial<Article>, token = admin): Promise<Article> {
    const res = await saveArticle(app, token, {
      _id: article._id,
      version: article.version,
      title: article.title,
      subtitle: article.subtitle,
      content: article.content,
      category: article.category,
      isPublished: article.isPublished,
      ...changes,
    } as never);
    expect(res.status).toBe(200);
    return res.body.article;
  }

  it('keeps the replaced version of every save, with who saved it and when, newest first', async () => {
    const v1 = await createArticle(app, admin, { title: 'First title', content: '<p>One.</p><p>Two.</p>' });
    const v2 = await edit(v1, { title: 'Second title' }, other);
    const v3 = await edit(v2, { content: '<p>One.</p><p>Two, changed.</p>', category: 'Hope' });
    const revisions = await list(v1._id);
    expect(revisions.map((r) => [r.n, r.version, r.title, r.category, r.by])).toEqual([
      [2, 2, 'Second title', 'Life', 'Boaz Editor'],
      [1, 1, 'First title', 'Life', adminName],
    ]);
    expect(revisions[1]!.at).toBe(v1.updatedAt);
    expect(revisions[0]!.at).toBe(v2.updatedAt);
    // The list carries no content; one revision does.
    expect(revisions[0]).not.toHaveProperty('content');
    const res = await one(v1._id, 1);
    expect(res.status).toBe(200);
    expect(revisionResponseSchema.parse(res.body).revision).toMatchObject({
      n: 1,
      title: 'First title',
      content: '<p>One.</p><p>Two.</p>',
    });
    expect(v3.version).toBe(3);
  });

  it('keeps none for a save that changes no text: a publish toggle, a repeat, a new schedule', async () => {
    const article = await createArticle(app, admin);
    await app.request('POST', '/api/articles/toggle-publish', { token: admin, body: { id: article._id } });
    const { title, subtitle, content, category } = article;
    const repeat = await saveArticle(app, admin, { _id: article._id, title, subtitle, content, category, isPublished: false });
    expect(repeat.body).toMatchObject({ message: SAVE_MESSAGES.UNCHANGED, article: { version: 2 } });
    const scheduled = await edit(repeat.body.article, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.version).toBe(3);
    expect(await list(article._id)).toEqual([]);
  });

  it(`keeps the last ${REVISIONS_KEPT} and reads them by id, whatever else is stored`, async () => {
    let article = await createArticle(app, admin, { title: 'Edit 0' });
    const total = REVISIONS_KEPT + 3;
    for (let i = 1; i <= total; i++) article = await edit(article, { title: `Edit ${i}` });
    const revisions = await list(article._id);
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    expect(revisions[0]).toMatchObject({ n: total, title: `Edit ${total - 1}` });
    expect(revisions.at(-1)).toMatchObject({ n: total - REVISIONS_KEPT + 1, title: `Edit ${total - REVISIONS_KEPT}` });
    const stored = await app.connection.collection('article_revisions').countDocuments({ article: article._id });
    expect(stored).toBe(REVISIONS_KEPT);
    const dropped = await one(article._id, 1);
    expect(dropped.status).toBe(404);
    expect(dropped.body).toMatchObject({ success: false, message: ARTICLE_MESSAGES.REVISION_NOT_FOUND });

    // Listing is `_id` reads only: never a find on anything else, nor a whole-collection read.
    const commands: { name: string; filter?: Record<string, unknown> }[] = [];
    const client = app.connection.getClient();
    const watch = (event: { commandName: string; command: Record<string, unknown> }) => {
      if (event.command.find === 'article_revisions' || event.command.aggregate === 'article_revisions')
        commands.push({ name: event.commandName, filter: event.command.filter as Record<string, unknown> });
    };
    client.on('commandStarted', watch);
    try {
      await list(article._id);
    } finally {
      client.off('commandStarted', watch);
    }
    expect(commands).toHaveLength(REVISIONS_KEPT);
    for (const command of commands) expect(Object.keys(command.filter ?? {})).toEqual(['_id']);
    for (const command of commands) expect(typeof command.filter!._id).toBe('string');
  });

  it('restore is an ordinary edit with a version: it becomes the new version, and a stale one is a conflict', async () => {
    const v1 = await createArticle(app, admin, { title: 'Kept', content: '<p>Original words.</p>' });
    const v2 = await edit(v1, { title: 'Changed', content: '<p>New words.</p>' });
    const revision = revisionResponseSchema.parse((await one(v1._id, 1)).body).revision;
    const restored = await edit(v2, {
      title: revision.title,
      subtitle: revision.subtitle,
      category: revision.category,
      content: revision.content,
    });
    expect(restored).toMatchObject({ version: 3, title: 'Kept', content: '<p>Original words.</p>' });
    // What it replaced is kept in turn, so the restore can be undone.
    expect((await list(v1._id)).map((r) => r.title)).toEqual(['Changed', 'Kept']);
    // The same restore sent from a device that still holds version 2, after another edit: 409.
    await edit(restored, { title: 'Edited again' });
    const stale = await saveArticle(app, admin, {
      _id: v1._id,
      version: 2,
      title: revision.title,
      subtitle: revision.subtitle,
      content: revision.content,
      category: revision.category,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.article).toMatchObject({ title: 'Edited again', version: 4 });
  });

  it('answers clearly for unknown articles and revisions, and needs an admin', async () => {
    const article = await createArticle(app, admin);
    expect((await one(article._id, 0)).status).toBe(400);
    expect((await one(article._id, 'x')).status).toBe(400);
    expect((await one(article._id, 1.5)).status).toBe(400);
    expect((await one(article._id, 7)).status).toBe(404);
    const nowhere = '0123456789abcdef01234567';
    const missing = await app.request('GET', `/api/admin/articles/${nowhere}/revisions`, { token: admin });
    expect(missing.status).toBe(404);
    expect((await app.request('GET', `/api/admin/articles/${article._id}/revisions`)).status).toBe(401);
  });

  it('drops the revisions of a deleted article', async () => {
    const article = await createArticle(app, admin);
    await edit(article, { title: 'Once more' });
    const res = await app.request('DELETE', '/api/articles/delete', { token: admin, body: { id: article._id } });
    expect(res.status).toBe(200);
    expect(await app.connection.collection('article_revisions').countDocuments({ article: article._id })).toBe(0);
  });
});
