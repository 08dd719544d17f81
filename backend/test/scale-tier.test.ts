// The scale-tier loader (test/scale-tier.ts) on a small tier: what it writes straight into the
// database is what the public and admin calls, the read model and the delta feeds answer, and a
// write through the API afterwards continues the change sequence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, Comment, DashboardData, User } from '@fw/contracts';
import { sanitizeArticleHtml } from '../src/modules/articles/sanitize.ts';
import { linkScriptureHtml } from '../src/modules/scripture/link-html.ts';
import { articleModel } from '../src/modules/articles/article.model.ts';
import { startTestApp, testDatabaseUri, type TestApp } from './harness.ts';
import { connectDatabase } from '../src/db/connection.ts';
import { scripturePool } from '../src/modules/scripture/scripture-pool.ts';
import { loadScaleTier, type ScaleTier } from './scale-tier.ts';
import { signToken } from '../src/modules/users/tokens.ts';
import { approveComment, createArticle } from './content-fixtures.ts';
import { readModelOn } from '../src/modules/sync/read-model.ts';

const SIZES = { articles: 300, comments: 1500, users: 40, lessons: 30 };

type Feed = { articles?: Article[]; comments?: Comment[]; removed: string[]; cursor: string; hasMore: boolean };
type Thing = { _id: string };

describe('the scale tier', () => {
  let app: TestApp;
  let tier: ScaleTier;
  let token: string;

  beforeAll(async () => {
    // Loaded before any server reads the database, as the loader requires: a server that has
    // seen the sequence lately would not look below the numbers it already knows.
    const mongoUri = testDatabaseUri();
    const connection = await connectDatabase(mongoUri);
    const pool = scripturePool();
    try {
      tier = await loadScaleTier(connection, SIZES, { pool, seed: 7 });
    } finally {
      await pool.close();
      await connection.close();
    }
    app = await startTestApp({ mongoUri });
    token = signToken(tier.admin._id, app.config.jwtSecret);
  }, 120_000);
  afterAll(() => app?.close());

  async function wholeFeed(kind: 'articles' | 'comments'): Promise<Feed> {
    const all: Feed = { [kind]: [], removed: [], cursor: '0', hasMore: true };
    const things: Thing[] = all[kind]!;
    while (all.hasMore) {
      const res = await app.request<Feed>('GET', `/api/sync/${kind}?since=${all.cursor}&limit=500`);
      expect(res.status).toBe(200);
      things.push(...(res.body[kind] as Thing[]));
      all.removed.push(...res.body.removed);
      all.cursor = res.body.cursor;
      all.hasMore = res.body.hasMore;
    }
    return all;
  }

  it('loads the sizes asked for, drafts and scheduled articles and waiting comments among them', () => {
    const { published, drafts, scheduled, unpublished } = tier;
    expect(published.length + drafts.length + scheduled.length + unpublished.length).toBe(SIZES.articles);
    expect(drafts.length).toBeGreaterThan(0);
    expect(scheduled.length).toBeGreaterThan(0);
    expect(tier.approvedComments + tier.waitingComments).toBe(SIZES.comments);
    // A third waiting, give or take the draw.
    expect(tier.waitingComments / SIZES.comments).toBeGreaterThan(0.28);
    expect(tier.waitingComments / SIZES.comments).toBeLessThan(0.39);
  });

  it('is the same library for the same seed', async () => {
    const small = { articles: 4, comments: 6, users: 2, lessons: 2 };
    const texts = async (target: TestApp) => {
      await loadScaleTier(target.connection, small, { pool: target.scripture, seed: 11 });
      const docs = (await articleModel(target.connection).find({}).lean()) as { _id: unknown; title: string; content: string }[];
      return docs.map((d) => `${String(d._id)} ${d.title} ${d.content}`).sort();
    };
    const [one, two] = [await startTestApp(), await startTestApp()];
    try {
      const first = await texts(one);
      expect(first).toHaveLength(small.articles);
      expect(await texts(two)).toEqual(first);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('writes article HTML as a save leaves it: sanitised, citations linked, 2 to 8 KB', async () => {
    const docs = (await articleModel(app.connection).find({}).lean()) as { content: string; scripture?: string[] }[];
    const sizes = docs.map((d) => Buffer.byteLength(d.content));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...sizes)).toBeLessThan(9000);
    const cited = docs.filter((d) => d.scripture?.length);
    expect(cited.length).toBeGreaterThan(docs.length / 4);
    for (const doc of cited.slice(0, 5)) {
      expect(sanitizeArticleHtml(doc.content)).toBe(doc.content);
      const linked = await linkScriptureHtml(doc.content, app.scripture);
      expect(linked.html).toBe(doc.content);
      expect(linked.scripture).toEqual(doc.scripture);
    }
  });

  it('answers the admin dashboard, lists and users with what was loaded', async () => {
    const dashboard = await app.request<{ dashboardData: DashboardData }>('GET', '/api/admin/dashboard', { token });
    expect(dashboard.body.dashboardData.totalArticles).toBe(SIZES.articles);
    expect(dashboard.body.dashboardData.totalComments).toBe(SIZES.comments);
    expect(dashboard.body.dashboardData.totalDrafts).toBe(SIZES.articles - tier.published.length);

    const articles = await app.request<{ articles: Article[] }>('GET', '/api/admin/articles', { token });
    expect(articles.body.articles).toHaveLength(SIZES.articles);
    const scheduled = articles.body.articles.find((a) => a._id === tier.scheduled[0]);
    expect(scheduled?.publishAt).toBeDefined();

    const comments = await app.request<{ comments: (Comment & { article: { title: string } | null })[] }>('GET', '/api/admin/comments', { token });
    expect(comments.body.comments).toHaveLength(SIZES.comments);
    expect(comments.body.comments.filter((c) => !c.isApproved)).toHaveLength(tier.waitingComments);
    expect(comments.body.comments.every((c) => c.article !== null)).toBe(true);

    const users = await app.request<{ users: User[] }>('GET', '/api/admin/users', { token });
    expect(users.body.users).toHaveLength(SIZES.users);
    const login = await app.request('POST', '/api/admin/login', { body: { email: tier.admin.email, password: tier.admin.password } });
    expect(login.status).toBe(200);
  });

  it('shows the public only published articles and approved comments', async () => {
    const list = await app.request<{ articles: Article[] }>('GET', '/api/articles/all');
    expect(list.body.articles.map((a) => a._id).sort()).toEqual([...tier.published].sort());
    expect((await app.request('GET', `/api/articles/${tier.drafts[0]}`)).status).toBe(404);
    expect((await app.request('GET', `/api/articles/${tier.scheduled[0]}`)).status).toBe(404);

    const [busiest, count] = [...tier.approvedOf].sort((a, b) => b[1] - a[1])[0]!;
    const shown = await app.request<{ comments: Comment[] }>('POST', '/api/articles/comments', { body: { articleId: busiest } });
    expect(shown.body.comments).toHaveLength(count);
    expect(shown.body.comments.every((c) => c.isApproved)).toBe(true);
  });

  it('lists every published article, approved comment and removal in the delta feeds', async () => {
    const articles = await wholeFeed('articles');
    expect(articles.articles!.map((a) => a._id).sort()).toEqual([...tier.published].sort());
    expect(articles.removed.sort()).toEqual([...tier.unpublished, ...tier.removedArticles].sort());
    const comments = await wholeFeed('comments');
    expect(comments.comments).toHaveLength(tier.approvedComments);
    expect(comments.removed.sort()).toEqual([...tier.removedComments].sort());
    // Caught up: the cursor is the last number loaded.
    expect(Number(articles.cursor.split('.').pop())).toBeLessThanOrEqual(tier.seq);
    expect(Number(comments.cursor.split('.').pop())).toBe(tier.seq);
  });

  it('lists the lessons in the schedule', async () => {
    const schedule = await app.request<{ lessons?: unknown[] } & Record<string, unknown>>('GET', '/api/schedule');
    expect(schedule.status).toBe(200);
    expect(JSON.stringify(schedule.body)).toContain('2015-01-02');
  });

  it('numbers a change through the API after the loaded ones, and the feed brings it', async () => {
    const before = await wholeFeed('articles');
    const created = await createArticle(app, token, { title: 'After the tier' });
    const res = await app.request<Feed>('GET', `/api/sync/articles?since=${before.cursor}`);
    expect(res.body.articles!.map((a) => a._id)).toEqual([created._id]);
    expect(Number(res.body.cursor.split('.').pop())).toBe(tier.seq + 1);
  });

  it('catches up on a burst of changes by reading each, not by reading the whole library again', async () => {
    const model = readModelOn(app.connection);
    const held = await model.current();
    // The model moves in place when it catches up; a build makes a new one.
    const startHorizon = held.horizon;
    // The bound follows the library (sync/read-model.ts): here above the 64 it never goes under.
    const bound = Math.max(64, Math.floor((held.articles.size + held.comments.size) / 8));
    expect(bound).toBeGreaterThan(100);
    const burst = 100;
    const waiting = await app.connection
      .collection('comments')
      .find({ isApproved: false }, { projection: { _id: 1 } })
      .limit(burst)
      .toArray();
    expect(waiting).toHaveLength(burst);
    // Approvals one after another, nothing read in between: the model is `burst` changes behind.
    for (const { _id } of waiting) await approveComment(app, token, String(_id));
    const after = await model.current();
    expect(after).toBe(held);
    expect(after.horizon).toBeGreaterThanOrEqual(startHorizon + burst);
    for (const { _id } of waiting) expect(after.admin.commentState(String(_id))).toBe('approved');
  });
});
