// The admin screens at a library size where a whole-collection read would show: the paged answers
// and the dashboard come from the admin view held in memory (backend/src/modules/admin/), so they
// are pages with right totals, their counters equal a recount of the database, and neither they
// nor the admin's writes read the articles, comments or users collections other than by `_id`,
// the same at two library sizes. Two instances: a change through one reaches the other's pages.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ObjectId, type CommandStartedEvent } from 'mongodb';
import type { AdminChanges, AdminComment, AdminCommentPage, AdminCounts, AdminUserPage, Article, ArticlePage, DashboardData, User } from '@fw/contracts';
import { compareNewestFirst } from '@fw/contracts/order';
import {
  ADMIN_CHANGES_MAX_ITEMS,
  ADMIN_PAGE_MAX_ITEMS,
  API_PATHS,
  DASHBOARD_RECENT_ARTICLES,
  adminChangesSchema,
  adminCommentPageSchema,
  adminUserPageSchema,
  articlePageSchema,
} from '@fw/contracts';
import { startTestApp, startTwoInstances, testDatabaseUri, type TestApp } from './harness.ts';
import { connectDatabase } from '../src/db/connection.ts';
import { scripturePool } from '../src/modules/scripture/scripture-pool.ts';
import { signToken } from '../src/modules/users/tokens.ts';
import { readModelOn } from '../src/modules/sync/read-model.ts';
import { loadScaleTier, type ScaleSizes } from './scale-tier.ts';
import { NO_COMMENT_LIMIT, addComment, createArticle, newKey, saveArticle } from './content-fixtures.ts';
import { createUser } from './fixtures.ts';
import { readsDuring } from './reads-during.ts';

const SMALL: ScaleSizes = { articles: 40, comments: 200, users: 10, lessons: 5 };
const LARGE: ScaleSizes = { articles: 1200, comments: 12_000, users: 150, lessons: 10 };
/** The collections that grow with the library: only `_id` reads and writes may touch them. */
const GROWING = new Set(['articles', 'comments', 'users', 'tombstones']);

interface Loaded {
  app: TestApp;
  token: string;
  /** A published article's public read (a reader's request). */
  readPath: string;
  /** Commands sent to the growing collections while `watching` is on. */
  commands: { name: string; collection: string; filters: unknown[] }[];
  watching: boolean;
}

async function loaded(sizes: ScaleSizes, seed: number): Promise<Loaded> {
  // Loaded before any server reads the database (test/scale-tier.ts).
  const mongoUri = testDatabaseUri();
  const connection = await connectDatabase(mongoUri);
  const pool = scripturePool();
  let adminId: string;
  let readPath: string;
  try {
    const tier = await loadScaleTier(connection, sizes, { pool, seed });
    adminId = tier.admin._id;
    readPath = `/api/articles/${tier.published[0]}`;
  } finally {
    await pool.close();
    await connection.close();
  }
  const app = await startTestApp({ mongoUri, ...NO_COMMENT_LIMIT }, { monitorCommands: true });
  // Built once before the first call (as a server's start does), not under a call's deadline.
  await readModelOn(app.connection).current();
  const state: Loaded = { app, token: signToken(adminId, app.config.jwtSecret), readPath, commands: [], watching: false };
  const database = app.connection.name;
  app.connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
    const collection = String(event.command[event.commandName]);
    if (!state.watching || event.databaseName !== database || !GROWING.has(collection)) return;
    const c = event.command;
    const filters = [
      ...(c.filter ? [c.filter] : []),
      ...(c.query ? [c.query] : []),
      ...((c.updates as { q: unknown }[] | undefined) ?? []).map((u) => u.q),
      ...((c.deletes as { q: unknown }[] | undefined) ?? []).map((d) => d.q),
    ];
    state.commands.push({ name: event.commandName, collection, filters });
  });
  return state;
}

/** The commands `work` sent to the growing collections. */
async function watched(at: Loaded, work: () => Promise<unknown>) {
  at.commands = [];
  at.watching = true;
  try {
    await work();
  } finally {
    at.watching = false;
  }
  return at.commands;
}

/** Each command is an insert, or names exactly one `_id` (no `$in`, no other field, no count or sort). */
function expectOnlyIdAccess(commands: Loaded['commands']) {
  for (const command of commands) {
    expect(['find', 'insert', 'update', 'delete', 'findAndModify'], JSON.stringify(command)).toContain(command.name);
    if (command.name === 'insert') continue;
    expect(command.filters.length, JSON.stringify(command)).toBeGreaterThan(0);
    for (const filter of command.filters) {
      expect(Object.keys(filter as object), JSON.stringify(command)).toEqual(['_id']);
      // An id (string or ObjectId), not an operator object such as `{ $in: [...] }`.
      const id = (filter as { _id: unknown })._id;
      expect(typeof id === 'object' && id !== null && Object.getPrototypeOf(id) === Object.prototype, JSON.stringify(command)).toBe(false);
    }
  }
}

describe('admin pages at a library size', () => {
  let small: Loaded;
  let large: Loaded;

  beforeAll(async () => {
    small = await loaded(SMALL, 3);
    large = await loaded(LARGE, 5);
  }, 240_000);
  afterAll(async () => {
    await small?.app.close();
    await large?.app.close();
  });

  const get = <T>(at: Loaded, path: string) => at.app.request<T>('GET', path, { token: at.token });
  const db = (at: Loaded, name: string) => at.app.connection.collection(name);

  it('answers pages: at most `limit` items, the right total, the next page where this one ends', async () => {
    const first = await get<ArticlePage>(large, `${API_PATHS.articlePage}?limit=${ADMIN_PAGE_MAX_ITEMS}`);
    expect(first.status).toBe(200);
    articlePageSchema.parse(first.body);
    expect(first.body.items).toHaveLength(ADMIN_PAGE_MAX_ITEMS);
    expect(first.body.total).toBe(await db(large, 'articles').countDocuments({}));
    expect(first.body.nextOffset).toBe(ADMIN_PAGE_MAX_ITEMS);
    expect(first.body.items[0]).not.toHaveProperty('content');
    const second = await get<ArticlePage>(large, `${API_PATHS.articlePage}?limit=50&offset=${first.body.nextOffset}`);
    expect(second.body.items).toHaveLength(50);
    const firstIds = new Set(first.body.items.map((a) => a._id));
    expect(second.body.items.some((a) => firstIds.has(a._id))).toBe(false);
    // Newest first, as the full list orders them.
    const times = [...first.body.items, ...second.body.items].map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const waiting = await get<AdminCommentPage>(large, API_PATHS.commentPage);
    adminCommentPageSchema.parse(waiting.body);
    expect(waiting.body.items.length).toBeLessThanOrEqual(20);
    expect(waiting.body.items.every((c) => !c.isApproved)).toBe(true);
    expect(waiting.body.total).toBe(await db(large, 'comments').countDocuments({ isApproved: false }));
    const approved = await get<AdminCommentPage>(large, `${API_PATHS.commentPage}?status=approved&limit=100`);
    expect(approved.body.items.every((c) => c.isApproved && c.articleTitle !== undefined)).toBe(true);
    expect(approved.body.total).toBe(await db(large, 'comments').countDocuments({ isApproved: true }));

    const users = await get<AdminUserPage>(large, `${API_PATHS.userPage}?limit=100`);
    adminUserPageSchema.parse(users.body);
    expect(users.body.items).toHaveLength(100);
    expect(users.body.total).toBe(await db(large, 'users').countDocuments({}));
    expect(users.body.items[0]).not.toHaveProperty('passwordHash');

    expect((await get(large, `${API_PATHS.articlePage}?limit=${ADMIN_PAGE_MAX_ITEMS + 1}`)).status).toBe(400);
    expect((await get(large, `${API_PATHS.commentPage}?status=hidden`)).status).toBe(400);
    expect((await large.app.request('GET', API_PATHS.articlePage)).status).toBe(401);
  }, 120_000);

  it('keeps counters that equal a recount of the database', async () => {
    const res = await get<{ dashboardData: DashboardData }>(large, API_PATHS.dashboard);
    expect(res.status).toBe(200);
    const data = res.body.dashboardData;
    const articles = db(large, 'articles');
    const comments = db(large, 'comments');
    const users = db(large, 'users');
    const scheduled = await articles.countDocuments({ isPublished: false, publishAt: { $type: 'date' } });
    const expected: AdminCounts = {
      articles: await articles.countDocuments({}),
      published: await articles.countDocuments({ isPublished: true }),
      drafts: (await articles.countDocuments({ isPublished: false })) - scheduled,
      scheduled,
      commentsWaiting: await comments.countDocuments({ isApproved: false }),
      commentsApproved: await comments.countDocuments({ isApproved: true }),
      users: await users.countDocuments({}),
      usersWaiting: await users.countDocuments({ isApproved: false }),
    };
    expect(data.counts).toEqual(expected);
    expect(expected.drafts).toBeGreaterThan(0);
    expect(expected.scheduled).toBeGreaterThan(0);
    expect(data.totalArticles).toBe(expected.articles);
    expect(data.totalDrafts).toBe(await articles.countDocuments({ isPublished: false }));
    expect(data.totalComments).toBe(await comments.countDocuments({}));
    const newest = await get<ArticlePage>(large, `${API_PATHS.articlePage}?limit=${DASHBOARD_RECENT_ARTICLES}`);
    expect(data.recentArticles.map((a) => a._id)).toEqual(newest.body.items.map((a) => a._id));
  }, 120_000);

  it('finds a known title, comment author and user by the filter', async () => {
    const draft = (await db(large, 'articles').findOne({ isPublished: false }))!;
    const found = await get<ArticlePage>(large, `${API_PATHS.articlePage}?q=${encodeURIComponent(draft.title.toUpperCase())}`);
    expect(found.body.items.map((a) => a._id)).toContain(String(draft._id));
    expect(found.body.items.every((a) => a.title.toLowerCase().includes(draft.title.toLowerCase()))).toBe(true);
    expect(found.body.total).toBeLessThan(LARGE.articles);

    const comment = (await db(large, 'comments').findOne({ isApproved: false }))!;
    const byAuthor = await get<AdminCommentPage>(large, `${API_PATHS.commentPage}?limit=100&q=${encodeURIComponent(comment.name)}`);
    expect(byAuthor.body.total).toBeGreaterThan(0);
    expect(byAuthor.body.items.every((c) => `${c.name}\n${c.content}`.toLowerCase().includes(comment.name.toLowerCase()))).toBe(true);
    // A filter is at most 200 characters; a comment may be longer.
    const byText = await get<AdminCommentPage>(large, `${API_PATHS.commentPage}?q=${encodeURIComponent(comment.content.slice(0, 150))}`);
    expect(byText.body.items.map((c) => c._id)).toContain(String(comment._id));

    const user = (await db(large, 'users').findOne({ isApproved: false }))!;
    const byEmail = await get<AdminUserPage>(large, `${API_PATHS.userPage}?q=${encodeURIComponent(user.email)}`);
    expect(byEmail.body.items.map((u) => u._id)).toEqual([String(user._id)]);
  });

  it('sends the full lists of the call table whole and in order from the view, reading no comment or user, while readers are answered', async () => {
    type Dated = { createdAt?: Date; _id: unknown };
    const newestFirst = (a: Dated, b: Dated) => compareNewestFirst(a.createdAt!.toISOString(), String(a._id), b.createdAt!.toISOString(), String(b._id));
    const articleDocs = (await db(large, 'articles').find({}, { projection: { title: 1, createdAt: 1, isPublished: 1 } }).toArray()).sort(newestFirst);
    const commentDocs = (await db(large, 'comments').find({}, { projection: { article: 1, createdAt: 1, isApproved: 1 } }).toArray()).sort(newestFirst);
    const userDocs = await db(large, 'users').find({}, { projection: { createdAt: 1 } }).toArray();
    const titles = new Map(articleDocs.map((a) => [String(a._id), a.title as string]));

    let articles: Article[] = [];
    const articleCommands = await watched(large, async () => {
      const res = await get<{ success: boolean; articles: Article[] }>(large, API_PATHS.articles);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      articles = res.body.articles;
    });
    expect(articles.map((a) => a._id)).toEqual(articleDocs.map((a) => String(a._id)));
    expect(articles.every((a) => typeof a.content === 'string' && a.content.length > 0)).toBe(true);
    expect(articles.filter((a) => a.isPublished)).toHaveLength(articleDocs.filter((a) => a.isPublished).length);
    // Each article's text read by `_id`, once (and a read model's catch-up may fall inside).
    expectOnlyIdAccess(articleCommands);
    expect(articleCommands.length).toBeLessThanOrEqual(LARGE.articles + 2);

    let comments: AdminComment[] = [];
    let users: User[] = [];
    const listCommands = await watched(large, async () => {
      comments = (await get<{ comments: AdminComment[] }>(large, API_PATHS.comments)).body.comments;
      users = (await get<{ users: User[] }>(large, API_PATHS.users)).body.users;
    });
    expect(comments.map((c) => c._id)).toEqual(commentDocs.map((c) => String(c._id)));
    expect(comments.filter((c) => !c.isApproved)).toHaveLength(commentDocs.filter((c) => !c.isApproved).length);
    const articleOf = new Map(commentDocs.map((c) => [String(c._id), String(c.article)]));
    expect(comments.every((c) => c.article?._id === articleOf.get(c._id) && c.article?.title === titles.get(c.article!._id))).toBe(true);
    expect(users.map((u) => u._id).sort()).toEqual(userDocs.map((u) => String(u._id)).sort());
    expect(users.every((u) => !('passwordHash' in u))).toBe(true);
    expect(listCommands.length).toBeLessThanOrEqual(2);

    // A reader beside the largest list: answered while it goes, not after it.
    const during = await readsDuring(large.app, large.readPath, get(large, API_PATHS.articles));
    expect(during.result.status).toBe(200);
    expect(during.reads).toBeGreaterThan(5);
    expect(during.longestMs).toBeLessThan(during.workMs / 4);
  }, 120_000);

  it('reads the growing collections only by `_id`, for the admin answers and writes, whatever the size', async () => {
    const steps = async (at: Loaded) => {
      const { app, token } = at;
      const article = await createArticle(app, token, { title: 'Counted' });
      await addComment(app, article._id, { name: 'Counter' });
      await addComment(app, article._id, { name: 'Counter' });
      const perStep: Record<string, Loaded['commands']> = {};
      const step = async (name: string, work: () => Promise<{ status: number }>) => {
        perStep[name] = await watched(at, async () => expect((await work()).status).toBeLessThan(300));
      };
      await step('dashboard', () => get(at, API_PATHS.dashboard));
      await step('article page', () => get(at, API_PATHS.articlePage));
      await step('comment page', () => get(at, `${API_PATHS.commentPage}?q=counter`));
      await step('user page', () => get(at, API_PATHS.userPage));
      await step('comment', () =>
        app.request('POST', API_PATHS.addComment, { headers: { 'Idempotency-Key': newKey() }, body: { article: article._id, name: 'Ann', content: 'Amen.' } }),
      );
      await step('draft', () =>
        app.request('POST', API_PATHS.addArticle, {
          token,
          headers: { 'Idempotency-Key': newKey() },
          body: { article: JSON.stringify({ title: 'A draft', subtitle: 'S', content: '<p>x</p>', category: 'Life', isPublished: false }) },
        }),
      );
      await step('delete article', () =>
        app.request('DELETE', API_PATHS.deleteArticle, { token, headers: { 'Idempotency-Key': newKey() }, body: { id: article._id } }),
      );
      expect(await db(at, 'comments').countDocuments({ article: { $in: [article._id] } })).toBe(0);
      return perStep;
    };
    const atSmall = await steps(small);
    const atLarge = await steps(large);
    expect(Object.keys(atLarge)).toHaveLength(7);
    for (const [name, commands] of Object.entries(atLarge)) {
      expectOnlyIdAccess(commands);
      // As many commands at 30 times the library (the delete: its three comments, one by one). A
      // read model's catch-up (a horizon check at most once a second, then the changed documents by
      // `_id`) may fall inside a step on a busy machine, so a couple more are allowed; anything
      // that grew with the library would be hundreds more.
      const kinds = (list: Loaded['commands']) => new Set(list.map((c) => `${c.name} ${c.collection}`));
      expect([...kinds(commands)].filter((kind) => !kinds(atSmall[name]!).has(kind) && !kind.startsWith('find ')), name).toEqual([]);
      expect(commands.length, name).toBeLessThanOrEqual(atSmall[name]!.length + 2);
    }
  }, 120_000);

  it('keeps an admin device by change: a walk from the start brings everything once, a later round only what changed', async () => {
    const { app, token } = large;
    type Changes = AdminChanges & { bytes: number };
    const round = async (since: string, limit = ADMIN_CHANGES_MAX_ITEMS) => {
      const res = await app.request<AdminChanges>('GET', `${API_PATHS.adminChanges}?since=${since}&limit=${limit}`, { token });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return { ...adminChangesSchema.parse(res.body), bytes: JSON.stringify(res.body).length } as Changes;
    };
    /** The whole walk from `since`: every page, and what they held in all. */
    const walk = async (since: string) => {
      const pages: Changes[] = [];
      let cursor = since;
      do {
        pages.push(await round(cursor));
        cursor = pages.at(-1)!.cursor;
      } while (pages.at(-1)!.hasMore);
      const all = <K extends 'articles' | 'comments' | 'users'>(key: K) => pages.flatMap((p) => p[key].map((x) => x._id));
      const removed = (key: 'articles' | 'comments' | 'users') => pages.flatMap((p) => p.removed[key]);
      return { pages, cursor, all, removed, bytes: pages.reduce((sum, p) => sum + p.bytes, 0) };
    };
    const ids = async (name: string, filter: Record<string, unknown> = {}) =>
      (await db(large, name).find(filter, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id)).sort();
    const sorted = (list: string[]) => [...list].sort();

    const first = await walk('0');
    expect(first.pages.length).toBeGreaterThan(1);
    // Each page says how many changes come after it: the later pages' own, down to none.
    const changesIn = (p: Changes) =>
      p.articles.length + p.comments.length + p.users.length + p.removed.articles.length + p.removed.comments.length + p.removed.users.length;
    const counts = first.pages.map(changesIn);
    expect(first.pages.map((p) => p.left)).toEqual(counts.map((_, i) => counts.slice(i + 1).reduce((sum, n) => sum + n, 0)));
    // Every thing once, drafts and waiting comments included, and the removals the database recorded.
    expect(sorted(first.all('articles'))).toEqual(await ids('articles'));
    expect(sorted(first.all('comments'))).toEqual(await ids('comments'));
    expect(sorted(first.all('users'))).toEqual(await ids('users'));
    const tombstoned = async (kind: string) =>
      (await db(large, 'tombstones').find({ kind }).toArray()).map((t) => String(t.refId)).sort();
    expect(sorted(first.removed('articles'))).toEqual(await tombstoned('article'));
    expect(sorted(first.removed('comments'))).toEqual(await tombstoned('comment'));
    const draft = first.pages.flatMap((p) => p.articles).find((a) => !a.isPublished)!;
    expect(draft.content.length).toBeGreaterThan(0);
    const waiting = first.pages.flatMap((p) => p.comments).find((c) => !c.isApproved)!;
    expect(waiting.article).toEqual({ _id: expect.any(String), title: expect.any(String) });
    expect(first.pages[0]!.users[0]).not.toHaveProperty('passwordHash');

    // Nothing new: one small answer that keeps the cursor.
    const idle = await round(first.cursor);
    expect(idle).toMatchObject({ articles: [], comments: [], users: [], hasMore: false, cursor: first.cursor });
    expect(idle.bytes).toBeLessThan(2048);

    // Ten changes: a new article, an edit, a deletion, comments added, approved and deleted, and
    // an applicant approved; the next round carries those, read by `_id`, and nothing else.
    const [edited, doomed] = first.pages.flatMap((p) => p.articles).filter((a) => a.isPublished);
    const [approve, remove] = first.pages.flatMap((p) => p.comments).filter((c) => !c.isApproved);
    const applicant = first.pages.flatMap((p) => p.users).find((u) => !u.isApproved)!;
    const created = await createArticle(app, token, { title: 'New by change' });
    const edit = await saveArticle(app, token, {
      _id: edited!._id,
      title: 'Edited by change',
      subtitle: edited!.subtitle,
      content: '<p>Edited.</p>',
      category: edited!.category,
      version: edited!.version,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBeLessThan(300);
    const ok = async (method: string, path: string, body: unknown) =>
      expect((await app.request(method, path, { token, headers: { 'Idempotency-Key': newKey() }, body })).status).toBe(200);
    await ok('DELETE', API_PATHS.deleteArticle, { id: doomed!._id });
    const c1 = await addComment(app, created._id, { name: 'Changed One' });
    const c2 = await addComment(app, created._id, { name: 'Changed Two' });
    await ok('PUT', API_PATHS.approveComment, { id: approve!._id });
    await ok('DELETE', API_PATHS.deleteComment, { id: remove!._id });
    await ok('POST', API_PATHS.approveUser, { userId: applicant._id });
    await addComment(app, created._id, { name: 'Changed Three' });

    let next!: Awaited<ReturnType<typeof walk>>;
    const commands = await watched(large, async () => {
      next = await walk(first.cursor);
    });
    expect(next.pages).toHaveLength(1);
    expect(sorted(next.all('articles'))).toEqual(sorted([created._id, edited!._id]));
    expect(next.pages[0]!.articles.find((a) => a._id === edited!._id)!.title).toBe('Edited by change');
    expect(next.removed('articles')).toEqual([doomed!._id]);
    // The deleted article's comments go with it (each a removal of its own).
    expect(next.all('comments')).toEqual(expect.arrayContaining([c1._id, c2._id, approve!._id]));
    expect(next.removed('comments')).toContain(remove!._id);
    expect(next.pages[0]!.comments.find((c) => c._id === approve!._id)!.isApproved).toBe(true);
    expect(next.pages[0]!.users.map((u) => [u._id, u.isApproved])).toEqual([[applicant._id, true]]);
    expect(next.bytes / first.bytes).toBeLessThan(0.01);
    // Only the two articles are read, each by `_id` (and the model's own catch-up, by `_id` too).
    expectOnlyIdAccess(commands);
    expect(commands.filter((c) => c.name === 'find' && c.collection === 'articles').length).toBeLessThanOrEqual(2 + 4);

    // A cursor of another database starts over, and says so.
    const foreign = await round('0123abcd.5', 1);
    expect(foreign.reset).toBe(true);
    expect((await app.request('GET', `${API_PATHS.adminChanges}?since=x`, { token })).status).toBe(400);
    expect((await app.request('GET', `${API_PATHS.adminChanges}?limit=${ADMIN_CHANGES_MAX_ITEMS + 1}`, { token })).status).toBe(400);
    expect((await app.request('GET', API_PATHS.adminChanges)).status).toBe(401);
  }, 180_000);

  it('walks a new device newest change first, and the feed after the walk brings what changed during it', async () => {
    const { app, token } = small;
    const ask = async (query: string) => {
      const res = await app.request<AdminChanges>('GET', `${API_PATHS.adminChanges}?${query}`, { token });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return adminChangesSchema.parse(res.body);
    };
    /** A page's changes in the order it holds them: each kind, then its removals. */
    const changesIn = (p: AdminChanges) => [
      ...p.articles.map((a) => `article:${a._id}`),
      ...p.comments.map((c) => `comment:${c._id}`),
      ...p.users.map((u) => `user:${u._id}`),
      ...p.removed.articles.map((id) => `-article:${id}`),
      ...p.removed.comments.map((id) => `-comment:${id}`),
      ...p.removed.users.map((id) => `-user:${id}`),
    ];
    // The same view walked oldest first, one change a page so the order is the feed's own.
    const oldest: string[] = [];
    for (let since = '0', more = true; more; ) {
      const page = await ask(`since=${since}&limit=1`);
      oldest.push(...changesIn(page));
      ({ cursor: since, hasMore: more } = page);
    }
    const pages: AdminChanges[] = [await ask('before=latest&limit=1')];
    while (pages.at(-1)!.hasMore) pages.push(await ask(`before=${pages.at(-1)!.before}&limit=1`));
    expect(pages.flatMap(changesIn)).toEqual([...oldest].reverse());
    // Every page names where the device goes on once the walk ends: the newest change it began at.
    const ended = pages.at(-1)!.cursor;
    expect(new Set(pages.map((p) => p.cursor))).toEqual(new Set([ended]));
    expect((await ask(`since=${ended}`)).hasMore).toBe(false);
    expect(pages.map((p) => p.left)).toEqual(pages.map((_, i) => pages.length - i - 1));
    expect(pages.at(-1)!.before).toBeUndefined();
    // Each walk page carries the server's counts (the dashboard's, checked against a recount above),
    // for a device's screens to show until its copy is whole; the feed by cursor carries none.
    const dashboard = await app.request<{ dashboardData: DashboardData }>('GET', API_PATHS.dashboard, { token });
    expect(dashboard.body.dashboardData.counts!.commentsWaiting).toBeGreaterThan(0);
    for (const walked of pages) expect(walked.counts).toEqual(dashboard.body.dashboardData.counts);
    expect((await ask(`since=${ended}`)).counts).toBeUndefined();

    // A walk with changes made while it runs: the device ends as the database is.
    const device = { article: new Map<string, unknown>(), comment: new Map<string, AdminComment>(), user: new Map<string, unknown>() };
    const apply = (p: AdminChanges) => {
      for (const a of p.articles) device.article.set(a._id, a);
      for (const c of p.comments) device.comment.set(c._id, c);
      for (const u of p.users) device.user.set(u._id, u);
      for (const id of p.removed.articles) device.article.delete(id);
      for (const id of p.removed.comments) device.comment.delete(id);
      for (const id of p.removed.users) device.user.delete(id);
    };
    let page = await ask('before=latest&limit=20');
    apply(page);
    // The oldest waiting comment is still ahead of the walk when it is approved; one is added.
    const waitingOldest = oldest.find((change) => change.startsWith('comment:') && !device.comment.has(change.slice(8)))!.slice(8);
    const article = (await db(small, 'articles').findOne({ isPublished: true }))!;
    await expect(app.request('PUT', API_PATHS.approveComment, { token, headers: { 'Idempotency-Key': newKey() }, body: { id: waitingOldest } })).resolves.toMatchObject({ status: 200 });
    const added = await addComment(app, String(article._id), { name: 'Came during the walk' });
    while (page.hasMore) {
      page = await ask(`before=${page.before}&limit=20`);
      expect(page.comments.map((c) => c._id)).not.toContain(waitingOldest);
      apply(page);
    }
    await vi.waitFor(async () => {
      const after = await ask(`since=${page.cursor}`);
      expect(after.comments.map((c) => c._id).sort()).toEqual([waitingOldest, added._id].sort());
      apply(after);
    });
    const ids = async (name: string) => (await db(small, name).find({}, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id)).sort();
    expect([...device.article.keys()].sort()).toEqual(await ids('articles'));
    expect([...device.comment.keys()].sort()).toEqual(await ids('comments'));
    expect([...device.user.keys()].sort()).toEqual(await ids('users'));
    const approved = await db(small, 'comments').findOne({ _id: new ObjectId(waitingOldest) });
    expect(device.comment.get(waitingOldest)!.isApproved).toBe(approved!.isApproved);
    expect(approved!.isApproved).toBe(true);

    // What is refused, and a place from another database, which begins again and says so.
    const status = async (query: string) => (await app.request('GET', `${API_PATHS.adminChanges}?${query}`, { token })).status;
    expect(await status('before=latest&since=0')).toBe(400);
    expect(await status('before=soon')).toBe(400);
    const [epoch, top] = page.cursor.split('.');
    expect(await status(`before=${epoch}.${Number(top) + 5}.${top}`)).toBe(400);
    const foreign = await ask('before=0123abcd.5.9&limit=5');
    expect(foreign).toMatchObject({ reset: true, hasMore: true, before: expect.stringMatching(new RegExp(`^${epoch}\\.`)) });
    expect(foreign.cursor.split('.')[0]).toBe(epoch);
  }, 120_000);
});

describe('admin pages on two instances', () => {
  let first: TestApp;
  let second: TestApp;
  let token: string;

  beforeAll(async () => {
    [first, second] = await startTwoInstances();
    ({ token } = await createUser(first));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('shows on one instance the draft, waiting comment and applicant saved through the other', async () => {
    // The second instance builds its view first, so what follows reaches it as changes.
    const before = await second.request<{ dashboardData: DashboardData }>('GET', API_PATHS.dashboard, { token });
    expect(before.body.dashboardData.counts).toMatchObject({ articles: 0, drafts: 0, commentsWaiting: 0, usersWaiting: 0 });

    const draft = await createArticle(first, token, { title: 'Only a draft', isPublished: false });
    const published = await createArticle(first, token, { title: 'Out there' });
    const comment = await addComment(first, published._id, { name: 'Visitor Vera' });
    const registered = await first.request('POST', API_PATHS.register, {
      body: { name: 'Applicant Amos', email: 'amos@example.test', password: 'a long password' },
    });
    expect(registered.status).toBe(201);

    await vi.waitFor(
      async () => {
        const articles = await second.request<ArticlePage>('GET', `${API_PATHS.articlePage}?q=only a draft`, { token });
        expect(articles.body.items.map((a) => [a._id, a.status])).toEqual([[draft._id, 'draft']]);
        const comments = await second.request<AdminCommentPage>('GET', API_PATHS.commentPage, { token });
        expect(comments.body.items.map((c) => [c._id, c.articleTitle])).toEqual([[comment._id, 'Out there']]);
        const users = await second.request<AdminUserPage>('GET', `${API_PATHS.userPage}?q=amos`, { token });
        expect(users.body.items.map((u) => [u.name, u.isApproved])).toEqual([['Applicant Amos', false]]);
      },
      { timeout: 10_000, interval: 200 },
    );
    const after = await second.request<{ dashboardData: DashboardData }>('GET', API_PATHS.dashboard, { token });
    expect(after.body.dashboardData.counts).toMatchObject({ articles: 2, drafts: 1, published: 1, commentsWaiting: 1, usersWaiting: 1 });
    // The second's change feed brings them too, and where it stands after them.
    const changes = await second.request<AdminChanges>('GET', `${API_PATHS.adminChanges}?since=0`, { token });
    expect(changes.body.articles.map((a) => a._id).sort()).toEqual([draft._id, published._id].sort());
    expect(changes.body.comments.map((c) => c._id)).toEqual([comment._id]);
    expect(changes.body.users.map((u) => u.name)).toContain('Applicant Amos');
    const applicant = changes.body.users.find((u) => u.name === 'Applicant Amos')!;

    // The public feed still holds only what is public: the published article, no comment.
    const feed = await second.request<{ articles: { _id: string }[]; removed: string[] }>('GET', `${API_PATHS.articleFeed}?since=0`);
    expect(feed.body.articles.map((a) => a._id)).toEqual([published._id]);
    expect(feed.body.removed).toEqual([]);
    const comments = await second.request<{ comments: unknown[]; removed: string[] }>('GET', `${API_PATHS.commentFeed}?since=0`);
    expect(comments.body).toMatchObject({ comments: [], removed: [] });

    // Deleted through the first: gone from the second's page, and still never in the public feed.
    const removed = await first.request('DELETE', API_PATHS.deleteComment, { token, body: { id: comment._id } });
    expect(removed.status).toBe(200);
    const gone = await first.request('DELETE', API_PATHS.deleteUser, { token, body: { userId: applicant._id } });
    expect(gone.status).toBe(200);
    await vi.waitFor(
      async () => {
        const page = await second.request<AdminCommentPage>('GET', API_PATHS.commentPage, { token });
        expect(page.body.total).toBe(0);
      },
      { timeout: 10_000, interval: 200 },
    );
    const later = await second.request<{ comments: unknown[]; removed: string[] }>('GET', `${API_PATHS.commentFeed}?since=0`);
    expect(later.body).toMatchObject({ comments: [], removed: [] });
    // The second's change feed names both removals after the cursor it gave before them.
    await vi.waitFor(
      async () => {
        const next = await second.request<AdminChanges>('GET', `${API_PATHS.adminChanges}?since=${changes.body.cursor}`, { token });
        expect(next.body.removed).toEqual({ articles: [], comments: [comment._id], users: [applicant._id] });
        expect([...next.body.articles, ...next.body.comments, ...next.body.users]).toEqual([]);
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it('answers a newest-first walk begun on one instance on the other, from a model up to the walk\'s top', async () => {
    // The second's model was checked a moment ago: it has no reason of its own to look again yet.
    expect((await second.request('GET', API_PATHS.dashboard, { token })).status).toBe(200);
    const made = await createArticle(first, token, { title: 'Walked across instances' });
    const top = await first.request<AdminChanges>('GET', `${API_PATHS.adminChanges}?before=latest&limit=1`, { token });
    expect(top.body.articles.map((a) => a._id)).toEqual([made._id]);
    const rest = await second.request<AdminChanges>('GET', `${API_PATHS.adminChanges}?before=${top.body.before}`, { token });
    expect(rest.status, JSON.stringify(rest.body).slice(0, 200)).toBe(200);
    expect(rest.body.cursor).toBe(top.body.cursor);
    expect(rest.body.articles.map((a) => a._id)).not.toContain(made._id);
  });
});
