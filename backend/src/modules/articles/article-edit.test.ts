// Editing through POST /api/articles/add: in place with a version check, 409 with the server's
// copy when the version is stale, and repeats (same client _id, same fields) applied once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId, type Article } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { articleInput, createArticle, saveArticle } from '../../../test/content-fixtures.ts';
import { articleModel } from './article.model.ts';
import { SAVE_MESSAGES } from './article-save.ts';

describe('editing an article through POST /api/articles/add', () => {
  let app: TestApp;
  let admin: string;
  const countWithId = (id: string) => articleModel(app.connection).countDocuments({ _id: id });

  beforeAll(async () => {
    // Six saves at once below: the citation queue (modules/scripture/scripture-pool.ts, three
    // waiting by default) takes them all, so the version race alone decides their answers; on a
    // busy machine the default queue was full for one and answered it 503.
    app = await startTestApp({ scriptureLinking: { queueMax: 8 } });
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('updates in place: one document, version + 1, new fields, same createdAt', async () => {
    const original = await createArticle(app, admin, { title: 'Before' });
    const res = await saveArticle(app, admin, {
      _id: original._id,
      version: original.version,
      title: 'After',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: SAVE_MESSAGES.UPDATED });
    expect(res.body.article).toMatchObject({
      _id: original._id,
      title: 'After',
      version: 2,
      createdAt: original.createdAt,
    });
    expect(await countWithId(original._id)).toBe(1);
    const read = await app.request<{ article: Article }>('GET', `/api/articles/${original._id}`);
    expect(read.body.article).toMatchObject({ title: 'After', version: 2 });
  });

  it('edits an article made without a client id as one change: no second create is tried', async () => {
    const original = await createArticle(app, admin, { title: 'Server id' });
    const seqBefore = (await articleModel(app.connection).findById(original._id).lean())!.seq;
    const claimsBefore = await app.connection.collection('seq_claims').countDocuments({});
    const res = await saveArticle(app, admin, { _id: original._id, version: 1, title: 'Edited' });
    expect(res.status).toBe(200);
    // One change number for the edit: a create tried first would have claimed (and wasted) one.
    expect(await app.connection.collection('seq_claims').countDocuments({})).toBe(claimsBefore + 1);
    expect((await articleModel(app.connection).findById(original._id).lean())!.seq).toBe(
      seqBefore + 1,
    );
  });

  it('refuses a stale version with 409 and the server copy, and changes nothing', async () => {
    const original = await createArticle(app, admin, { title: 'V1' });
    const input = { _id: original._id, title: 'V2 by Ann' };
    expect((await saveArticle(app, admin, { ...input, version: 1 })).status).toBe(200);

    const stale = await saveArticle(app, admin, {
      _id: original._id,
      version: 1,
      title: 'V2 by Bob',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^This article was changed by someone else/),
      code: 'EDIT_CONFLICT',
      article: { _id: original._id, title: 'V2 by Ann', version: 2 },
    });
    const read = await app.request<{ article: Article }>('GET', `/api/articles/${original._id}`);
    expect(read.body.article).toMatchObject({ title: 'V2 by Ann', version: 2 });
  });

  it('lets exactly one of several concurrent edits of the same version win', async () => {
    const original = await createArticle(app, admin, { title: 'Race' });
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((who) =>
        saveArticle(app, admin, { _id: original._id, version: 1, title: `Race won by ${who}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.article;
    const read = await app.request<{ article: Article }>('GET', `/api/articles/${original._id}`);
    expect(read.body.article).toMatchObject({ title: winner.title, version: 2 });
  });

  it('creates with a client-made _id, and the same create twice applies once', async () => {
    const _id = newObjectId();
    const input = articleInput({ _id, title: 'Made offline' });
    const first = await saveArticle(app, admin, input);
    expect(first.status).toBe(201);
    expect(first.body.article).toMatchObject({ _id, version: 1 });

    const repeat = await saveArticle(app, admin, input);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({
      success: true,
      message: SAVE_MESSAGES.UNCHANGED,
      article: { _id, version: 1 },
    });
    expect(await countWithId(_id)).toBe(1);
  });

  it('applies the same new article sent several times at once only once', async () => {
    const input = articleInput({ _id: newObjectId() });
    const results = await Promise.all([1, 2, 3, 4].map(() => saveArticle(app, admin, input)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await countWithId(input._id!)).toBe(1);
  });

  it('without a version: equal fields are a repeat, different fields a 409 with the server copy', async () => {
    const original = await createArticle(app, admin, { title: 'Mine' });
    const { _id, title, subtitle, content, category, isPublished } = original;
    const same = await saveArticle(app, admin, {
      _id,
      title,
      subtitle,
      content,
      category,
      isPublished,
    });
    expect(same.status).toBe(200);
    expect(same.body.article.version).toBe(1);

    const different = await saveArticle(app, admin, {
      _id,
      title: 'Someone else',
      subtitle,
      content,
      category,
      isPublished,
    });
    expect(different.status).toBe(409);
    expect(different.body.article).toMatchObject({ _id, title: 'Mine', version: 1 });
  });

  it('treats a stale edit whose fields are already stored as done (a lost answer, retried)', async () => {
    const original = await createArticle(app, admin);
    const edit = articleInput({ _id: original._id, version: 1, title: 'Edited once' });
    expect((await saveArticle(app, admin, edit)).status).toBe(200);
    const retry = await saveArticle(app, admin, edit);
    expect(retry.status).toBe(200);
    expect(retry.body.article).toMatchObject({ title: 'Edited once', version: 2 });
  });

  it('never brings a deleted article back under its id', async () => {
    const original = await createArticle(app, admin);
    await app.request('DELETE', '/api/articles/delete', {
      token: admin,
      body: { id: original._id },
    });
    const res = await saveArticle(app, admin, {
      _id: original._id,
      version: 1,
      title: 'Edited after delete',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: SAVE_MESSAGES.DELETED, code: 'NOT_FOUND' });
    expect(await countWithId(original._id)).toBe(0);
  });
});
