// The demo seed: runs once per database, survives a second run unchanged, never brings back what
// an admin deleted, and creates a demo admin who can log in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_ARTICLES, type Article, type ArticleFeed } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { articleModel } from '../modules/articles/article.model.ts';
import { commentModel } from '../modules/comments/comment.model.ts';
import { userModel } from '../modules/users/user.model.ts';
import { loadSeedContent } from './seed-data.ts';
import { seedDemo } from './seed.ts';

const { articles: SEED_ARTICLES, comments: SEED_COMMENTS, admin: DEMO_ADMIN } = loadSeedContent();

describe('seedDemo', () => {
  let app: TestApp;
  const counts = async () => ({
    articles: await articleModel(app.connection).countDocuments({}),
    comments: await commentModel(app.connection).countDocuments({}),
    users: await userModel(app.connection).countDocuments({}),
  });

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('inserts the seed content and the demo admin once; a second run changes nothing', async () => {
    expect(await seedDemo(app.connection)).toEqual({ seeded: true });
    const first = await counts();
    expect(first).toEqual({
      articles: SEED_ARTICLES.length,
      comments: SEED_COMMENTS.length,
      users: 1,
    });
    expect(await seedDemo(app.connection)).toEqual({ seeded: false });
    expect(await counts()).toEqual(first);
  });

  it('serves the featured articles under their fixed ids with their own dates', async () => {
    for (const featured of FEATURED_ARTICLES) {
      const res = await app.request<{ article: Article }>('GET', `/api/articles/${featured.id}`);
      expect(res.status).toBe(200);
      expect(res.body.article.title).toBe(featured.title);
      const seeded = SEED_ARTICLES.find((a) => a._id === featured.id)!;
      expect(res.body.article.createdAt).toBe(new Date(seeded.createdAt).toISOString());
    }
  });

  it('puts the seed into the delta feeds (published articles, approved comments)', async () => {
    const articles = (await app.request<ArticleFeed>('GET', '/api/sync/articles?limit=500')).body;
    expect(articles.articles).toHaveLength(SEED_ARTICLES.filter((a) => a.isPublished).length);
    const publishedIds = new Set(SEED_ARTICLES.filter((a) => a.isPublished).map((a) => a._id));
    const comments = (
      await app.request<{ comments: unknown[] }>('GET', '/api/sync/comments?limit=500')
    ).body;
    expect(comments.comments).toHaveLength(
      SEED_COMMENTS.filter((c) => c.isApproved && publishedIds.has(c.article)).length,
    );
  });

  it('lets the demo admin log in', async () => {
    const res = await app.request('POST', '/api/admin/login', {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String) });
  });

  it('does not bring back a seeded article an admin deleted, even when an unfinished seed completes', async () => {
    const login = await app.request<{ token: string }>('POST', '/api/admin/login', {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const id = FEATURED_ARTICLES[2].id;
    const deleted = await app.request('DELETE', '/api/articles/delete', {
      token: login.body.token,
      body: { id },
    });
    expect(deleted.status).toBe(200);

    expect(await seedDemo(app.connection)).toEqual({ seeded: false });
    // As if the process had died before recording the seed as done:
    await app.connection.collection<{ _id: string }>('meta').deleteOne({ _id: 'seed' });
    expect(await seedDemo(app.connection)).toEqual({ seeded: true });
    expect(await articleModel(app.connection).exists({ _id: id })).toBeNull();
    expect(await articleModel(app.connection).countDocuments({})).toBe(SEED_ARTICLES.length - 1);
  });
});
