// The comment calls: visitors add comments that wait for approval, the public sees approved
// comments of published articles only, administrators list, approve and delete them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  adminCommentSchema,
  commentSchema,
  newObjectId,
  type AdminComment,
  type Article,
  type Comment,
} from '@fw/contracts';
import { runLongWindowMs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import {
  NO_COMMENT_LIMIT,
  addComment,
  approveComment,
  createArticle,
} from '../../../test/content-fixtures.ts';
import { commentModel } from './comment.model.ts';
import { COMMENT_MESSAGES } from './comments.service.ts';

describe('comment calls', () => {
  let app: TestApp;
  let admin: string;
  let article: Article;
  let draft: Article;

  const publicComments = (articleId: string) =>
    app.request<{ success: boolean; comments: Comment[] }>('POST', '/api/articles/comments', {
      body: { articleId },
    });

  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT);
    ({ token: admin } = await createUser(app));
    article = await createArticle(app, admin, { title: 'With comments' });
    draft = await createArticle(app, admin, { title: 'A draft', isPublished: false });
  });
  afterAll(() => app.close());

  describe('POST /api/articles/add-comment', () => {
    it('stores a comment waiting for approval and answers 201 with the thank-you message', async () => {
      const res = await app.request('POST', '/api/articles/add-comment', {
        body: { article: article._id, name: '  Ruth ', content: 'Lovely article.' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Thank you! Your comment will appear once an administrator approves it.',
        comment: {
          article: article._id,
          name: 'Ruth',
          content: 'Lovely article.',
          isApproved: false,
        },
      });
      commentSchema.parse(res.body.comment);
      const listed = await publicComments(article._id);
      expect(listed.body.comments.map((c) => c.content)).not.toContain('Lovely article.');
    });

    it('refuses bad input with 400 and a message', async () => {
      const good = { article: article._id, name: 'N', content: 'C' };
      const cases: [unknown, RegExp][] = [
        [{ ...good, name: '' }, /Name is required/],
        [{ ...good, content: '   ' }, /Comment is required/],
        [{ ...good, name: 'x'.repeat(LIMITS.COMMENT_NAME_MAX_CHARS + 1) }, /at most 80/],
        [{ ...good, content: 'x'.repeat(LIMITS.COMMENT_TEXT_MAX_CHARS + 1) }, /at most 2000/],
        [{ ...good, article: 'nope' }, /24-character/],
        [{ ...good, article: { $ne: null } }, /article/],
        [{ ...good, isApproved: true }, /Unexpected field: isApproved/],
        [{ name: 'N', content: 'C' }, /article/],
      ];
      for (const [body, message] of cases) {
        const res = await app.request('POST', '/api/articles/add-comment', { body });
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
      }
    });

    it('is 404 for a draft or an unknown article', async () => {
      for (const id of [draft._id, newObjectId()]) {
        const res = await app.request('POST', '/api/articles/add-comment', {
          body: { article: id, name: 'N', content: 'C' },
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: COMMENT_MESSAGES.ARTICLE_NOT_FOUND, code: 'NOT_FOUND' });
      }
      expect(await commentModel(app.connection).countDocuments({ article: draft._id })).toBe(0);
    });

    it('is 404 right after the article is unpublished, though readers had just seen it published', async () => {
      const soonDraft = await createArticle(app, admin);
      // Read: the read model holds it as published (comments.service.ts requirePublished).
      expect((await app.request('GET', `/api/articles/${soonDraft._id}`)).status).toBe(200);
      await addComment(app, soonDraft._id);
      const toggled = await app.request('POST', '/api/articles/toggle-publish', { token: admin, body: { id: soonDraft._id } });
      expect(toggled.status).toBe(200);
      const res = await app.request('POST', '/api/articles/add-comment', {
        body: { article: soonDraft._id, name: 'N', content: 'Too late' },
      });
      expect(res.status).toBe(404);
      expect(await commentModel(app.connection).countDocuments({ article: soonDraft._id })).toBe(1);
    });

    it('applies a repeated comment with the same client _id once; another text under it is a 409', async () => {
      const _id = newObjectId();
      const first = await addComment(app, article._id, { _id, content: 'Once only' });
      const again = await addComment(app, article._id, { _id, content: 'Once only' });
      expect(again).toEqual(first);
      expect(await commentModel(app.connection).countDocuments({ _id })).toBe(1);
      const clash = await app.request('POST', '/api/articles/add-comment', {
        body: { _id, article: article._id, name: 'Ann', content: 'Something else' },
      });
      expect(clash.status).toBe(409);
      expect(clash.body).toEqual({ success: false, message: COMMENT_MESSAGES.ID_TAKEN, code: 'ID_TAKEN' });
    });
  });

  describe('POST /api/articles/comments', () => {
    it('lists the approved comments of a published article, newest first', async () => {
      const older = await addComment(app, article._id, { content: 'Older' });
      const newer = await addComment(app, article._id, { content: 'Newer' });
      await addComment(app, article._id, { content: 'Never approved' });
      await approveComment(app, admin, older._id);
      await approveComment(app, admin, newer._id);
      const res = await publicComments(article._id);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.comments.map((c) => c.content)).toEqual(['Newer', 'Older']);
      expect(res.body.comments.every((c) => c.isApproved)).toBe(true);
    });

    it('is 404 for a draft, even one with approved comments', async () => {
      const soonDraft = await createArticle(app, admin);
      const comment = await addComment(app, soonDraft._id);
      await approveComment(app, admin, comment._id);
      await app.request('POST', '/api/articles/toggle-publish', {
        token: admin,
        body: { id: soonDraft._id },
      });
      const res = await publicComments(soonDraft._id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: COMMENT_MESSAGES.ARTICLE_NOT_FOUND, code: 'NOT_FOUND' });
    });

    it('is 400 for a bad or missing articleId', async () => {
      for (const body of [
        {},
        { articleId: 'x' },
        { articleId: [article._id] },
        { articleId: article._id, more: 1 },
      ]) {
        const res = await app.request('POST', '/api/articles/comments', { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    });
  });

  describe('admin: GET /api/admin/comments, PUT approve, DELETE delete', () => {
    it('lists every comment with its article title', async () => {
      const comment = await addComment(app, article._id, { content: 'For the admin list' });
      const res = await app.request<{ success: boolean; comments: AdminComment[] }>(
        'GET',
        '/api/admin/comments',
        { token: admin },
      );
      expect(res.status).toBe(200);
      const listed = res.body.comments.find((c) => c._id === comment._id)!;
      expect(adminCommentSchema.parse(listed)).toMatchObject({
        article: { _id: article._id, title: 'With comments' },
        isApproved: false,
      });
    });

    it('approves once and for good; approving again is harmless', async () => {
      const comment = await addComment(app, article._id, { content: 'Approve me' });
      for (let i = 0; i < 2; i++) {
        const res = await app.request('PUT', '/api/admin/comments/approve', {
          token: admin,
          body: { id: comment._id },
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, message: COMMENT_MESSAGES.APPROVED });
      }
      expect((await publicComments(article._id)).body.comments.map((c) => c._id)).toContain(
        comment._id,
      );
    });

    it('deletes a comment in either state', async () => {
      const waiting = await addComment(app, article._id);
      const approved = await addComment(app, article._id);
      await approveComment(app, admin, approved._id);
      for (const { _id } of [waiting, approved]) {
        const res = await app.request('DELETE', '/api/admin/comments/delete', {
          token: admin,
          body: { id: _id },
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, message: COMMENT_MESSAGES.DELETED });
        expect(await commentModel(app.connection).countDocuments({ _id })).toBe(0);
      }
    });

    it('answers 400 for bad ids and 404 for unknown ones', async () => {
      for (const [method, path] of [
        ['PUT', '/api/admin/comments/approve'],
        ['DELETE', '/api/admin/comments/delete'],
      ] as const) {
        const bad = await app.request(method, path, { token: admin, body: { id: 'abc' } });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ success: false, message: expect.stringContaining('id') });
        const unknown = await app.request(method, path, {
          token: admin,
          body: { id: newObjectId() },
        });
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({ success: false, message: COMMENT_MESSAGES.NOT_FOUND, code: 'NOT_FOUND' });
      }
    });
  });

  it('deleting an article deletes its comments', async () => {
    const doomed = await createArticle(app, admin);
    const a = await addComment(app, doomed._id);
    await addComment(app, doomed._id);
    await approveComment(app, admin, a._id);
    expect(await commentModel(app.connection).countDocuments({ article: doomed._id })).toBe(2);
    await app.request('DELETE', '/api/articles/delete', { token: admin, body: { id: doomed._id } });
    expect(await commentModel(app.connection).countDocuments({ article: doomed._id })).toBe(0);
    const admins = await app.request<{ comments: AdminComment[] }>('GET', '/api/admin/comments', {
      token: admin,
    });
    expect(admins.body.comments.filter((c) => c.article?._id === doomed._id)).toEqual([]);
  });
});

describe('comment rate limit', () => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('answers 429 with a message once one address has commented too often, storing nothing and holding no change back', async () => {
    app = await startTestApp({
      rateLimits: { ...NO_COMMENT_LIMIT.rateLimits, comment: { limit: 3, windowMs: runLongWindowMs() } },
    });
    const { token } = await createUser(app);
    const article = await createArticle(app, token);
    const send = (content = 'C') =>
      app.request<{ comment: { _id: string } }>('POST', '/api/articles/add-comment', {
        body: { article: article._id, name: 'N', content },
      });
    // A malformed comment is refused before it counts (nothing is read or written for it).
    expect((await send('')).status).toBe(400);
    // One for an article the server does not hold as published counts: finding out costs a read.
    expect(
      (await app.request('POST', '/api/articles/add-comment', { body: { article: newObjectId(), name: 'N', content: 'C' } })).status,
    ).toBe(404);
    const first = await send('first');
    const second = await send('second');
    expect([first.status, second.status]).toEqual([201, 201]);
    const limited = await send('third');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      message: expect.stringContaining('Too many'),
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await commentModel(app.connection).find({ article: article._id }).lean()).map((c) => c.content).sort()).toEqual([
      'first',
      'second',
    ]);
    // The refused comment's change number was given up at once: an approval made after it is public at once.
    await approveComment(app, token, first.body.comment._id);
    const shown = await app.request<{ comments: Comment[] }>('POST', '/api/articles/comments', { body: { articleId: article._id } });
    expect(shown.body.comments.map((c) => c.content)).toEqual(['first']);
  });
});
