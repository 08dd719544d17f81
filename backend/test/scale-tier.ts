// The scale tier written straight into a database: articles (drafts and scheduled ones among
// them), comments (a third waiting for approval), users, worship lessons and a few removals, in
// the shapes the app's own writes leave (backend/src/seed/seed.ts is the model), so every read
// path, the read model and the delta feeds see one consistent library. Bulk `insertMany`, not the
// API: the API would take hours for 10,000 articles and 100,000 comments.
//
// The change sequence (backend/src/db/claims/sequence.ts) is continued as if the API had claimed
// every number while no server ran: documents carry numbers 1..N, no claims are kept (older
// claims are pruned in a live database too), and both hints (`seq`, `seq-settled`) say N, so a
// server starting afterwards finds the horizon at N and claims N+1 next. The database must be
// fresh and no server may run on it while this writes (one that had read its sequence lately
// would not look below the numbers it already knows).
//
// Deterministic: the same sizes and seed give the same content (dates are relative to `now`, so
// scheduled articles stay in the future).
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { articleModel } from '../src/modules/articles/article.model.ts';
import { sanitizeArticleHtml } from '../src/modules/articles/sanitize.ts';
import { commentModel } from '../src/modules/comments/comment.model.ts';
import { isoFromDay } from '@fw/contracts';
import { lessonScripture } from '../src/modules/scripture/lesson-scripture.ts';
import { linkScriptureHtml } from '../src/modules/scripture/link-html.ts';
import { SCRIPTURE_LINKS_VERSION } from '../src/modules/scripture/scripture-migration.ts';
import type { ScripturePool } from '../src/modules/scripture/scripture-pool.ts';
import { STORED_IMAGES_MARK_ID, STORED_IMAGES_VERSION } from '../src/modules/images/image-migration.ts';
import type { LessonDoc } from '../src/modules/schedule/lesson-store.ts';
import { tombstoneModel } from '../src/modules/sync/tombstone.model.ts';
import { userModel } from '../src/modules/users/user.model.ts';
import { ScaleText, ScaleRandom } from './scale-text.ts';

export interface ScaleSizes {
  articles: number;
  comments: number;
  users: number;
  lessons: number;
}

/** Shares of the articles: drafts never published, scheduled drafts, unpublished after publishing. */
const DRAFT_SHARE = 0.08;
const SCHEDULED_SHARE = 0.04;
const UNPUBLISHED_SHARE = 0.02;
const WAITING_COMMENT_SHARE = 1 / 3;
/** Removals (tombstones) per this many articles / comments. */
const ARTICLES_PER_REMOVAL = 100;
const COMMENTS_PER_REMOVAL = 200;
const ADMIN_SHARE = 0.05;
const INSERT_BATCH = 1000;
const DAY_MS = 86_400_000;
/** How far back the library's articles go. */
const LIBRARY_DAYS = 10 * 365;
/** Weekly lessons from this Friday on (clear of the 2025 schedule seeded at every start). */
const FIRST_LESSON_DAY = Date.UTC(2015, 0, 2) / DAY_MS;
const FIXTURE_BCRYPT_COST = 4;

export interface ScaleTier {
  sizes: ScaleSizes;
  /** An approved admin who can log in (the first user). */
  admin: { _id: string; email: string; password: string; name: string };
  /** Article ids by state, in `createdAt` order. */
  published: string[];
  drafts: string[];
  scheduled: string[];
  unpublished: string[];
  approvedComments: number;
  waitingComments: number;
  /** Approved comments per published article id. */
  approvedOf: Map<string, number>;
  removedArticles: string[];
  removedComments: string[];
  /** The last change number written: the horizon a server finds. */
  seq: number;
  /** Milliseconds each collection took to write. */
  timings: Record<string, number>;
}

type Raw = Record<string, unknown>;

async function insertAll(connection: mongoose.Connection, name: string, docs: Raw[]): Promise<void> {
  const collection = connection.collection(name);
  for (let i = 0; i < docs.length; i += INSERT_BATCH)
    await collection.insertMany(docs.slice(i, i + INSERT_BATCH), { ordered: false });
}

async function timed(timings: Record<string, number>, name: string, work: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await work();
  timings[name] = Math.round(performance.now() - start);
}

/** Loads the tier into `connection`'s (fresh) database. `pool` links the citations, as a save does. */
export async function loadScaleTier(
  connection: mongoose.Connection,
  sizes: ScaleSizes,
  { pool, seed = 1, now = Date.now() }: { pool: ScripturePool; seed?: number; now?: number },
): Promise<ScaleTier> {
  const random = new ScaleRandom(seed);
  const text = new ScaleText(random);
  const timings: Record<string, number> = {};
  const oid = () => new mongoose.Types.ObjectId(random.hex(24));

  // Citation paragraphs are linked once each by the app's own linker; articles reuse them.
  const citations: { html: string; scripture: string[] }[] = [];
  await timed(timings, 'citations', async () => {
    for (const html of text.citationParagraphs()) citations.push(await linkScriptureHtml(sanitizeArticleHtml(html), pool));
  });

  // --- users: the first is the admin the caller logs in as ----------------------------------
  const password = `scale-${random.hex(12)}`;
  const passwordHash = await bcrypt.hash(password, FIXTURE_BCRYPT_COST);
  const users: Raw[] = [];
  for (let i = 0; i < sizes.users; i++) {
    const at = new Date(now - random.int(LIBRARY_DAYS) * DAY_MS);
    const admin = i === 0 || random.chance(ADMIN_SHARE);
    users.push({
      _id: oid(),
      name: i === 0 ? 'Scale Admin' : text.personName(i),
      email: i === 0 ? 'scale-admin@example.org' : `member-${i}@example.org`,
      passwordHash,
      role: admin ? 'admin' : 'user',
      isApproved: admin || random.chance(0.5),
      createdAt: at,
      updatedAt: at,
      __v: 0,
    });
  }
  const admin = { _id: String(users[0]!._id), email: 'scale-admin@example.org', password, name: 'Scale Admin' };

  // --- articles, oldest first, numbered in that order ---------------------------------------
  const ages = Array.from({ length: sizes.articles }, () => random.int(LIBRARY_DAYS * DAY_MS)).sort((a, b) => b - a);
  let seq = 0;
  // Every thing has a change number, as the app's writes give them (the admin change feed lists
  // things by number): the users first, then the articles, the comments and the removals.
  for (const user of users) user.seq = ++seq;
  const tier: ScaleTier = {
    sizes, admin, published: [], drafts: [], scheduled: [], unpublished: [], approvedComments: 0, waitingComments: 0,
    approvedOf: new Map(), removedArticles: [], removedComments: [], seq: 0, timings,
  };
  const articles: Raw[] = [];
  const versionClaims: Raw[] = [];
  const createdOf = new Map<string, number>();
  for (const age of ages) {
    const _id = oid();
    const id = String(_id);
    const created = new Date(now - age);
    const roll = random.next();
    const state =
      roll < DRAFT_SHARE ? 'draft' : roll < DRAFT_SHARE + SCHEDULED_SHARE ? 'scheduled' : roll < DRAFT_SHARE + SCHEDULED_SHARE + UNPUBLISHED_SHARE ? 'unpublished' : 'published';
    const body = text.article(random.int(6001) + 2000, citations);
    articles.push({
      _id,
      ...text.heading(),
      content: body.html,
      ...(body.scripture.length ? { scripture: body.scripture } : {}),
      isPublished: state === 'published',
      ...(state === 'scheduled' ? { publishAt: new Date(now + (1 + random.int(365)) * DAY_MS) } : {}),
      wasPublished: state === 'published' || state === 'unpublished',
      version: 1,
      updatedBy: admin.name,
      seq: 0,
      createdAt: created,
      updatedAt: created,
      __v: 0,
    });
    versionClaims.push({ _id: `${id}:1`, article: id, at: created });
    ({ draft: tier.drafts, scheduled: tier.scheduled, unpublished: tier.unpublished, published: tier.published })[state].push(id);
    createdOf.set(id, created.getTime());
  }

  // --- comments on published articles, numbered after the articles ----------------------------
  const comments: Raw[] = [];
  const published = tier.published;
  for (let i = 0; i < sizes.comments && published.length; i++) {
    // Newer articles draw more comments (the square skews the pick towards the end).
    const article = published[Math.floor((1 - random.next() ** 2) * published.length)]!;
    const from = createdOf.get(article)!;
    const created = new Date(from + random.int(Math.max(1, now - from)));
    const approved = !random.chance(WAITING_COMMENT_SHARE);
    if (approved) tier.approvedOf.set(article, (tier.approvedOf.get(article) ?? 0) + 1);
    comments.push({
      _id: oid(),
      article: new mongoose.Types.ObjectId(article),
      name: text.personName(random.int(5000)),
      content: text.comment(100 + random.int(301)),
      isApproved: approved,
      seq: 0,
      createdAt: created,
      updatedAt: created,
      __v: 0,
    });
  }
  // Articles and comments numbered in the order they were written, as a live site numbers them: a
  // device walking the admin view newest change first meets the newest of both first.
  const written = [...articles, ...comments].sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  for (const thing of written) thing.seq = ++seq;
  tier.approvedComments = comments.filter((c) => c.isApproved).length;
  tier.waitingComments = comments.length - tier.approvedComments;

  // --- removals: published things deleted since, leaving only their tombstones ---------------
  const tombstones: Raw[] = [];
  const removal = (kind: 'article' | 'comment', refId: string) => {
    const at = new Date(now - random.int(30 * DAY_MS));
    tombstones.push({ _id: `${kind}:${refId}`, kind, refId, seq: ++seq, wasPublic: true, createdAt: at, __v: 0 });
  };
  for (let i = 0; i < Math.floor(sizes.articles / ARTICLES_PER_REMOVAL); i++) {
    const id = String(oid());
    tier.removedArticles.push(id);
    removal('article', id);
    // Its first version's claim stays, so the id is never used again (articles/article-versions.ts).
    versionClaims.push({ _id: `${id}:1`, article: id, at: new Date(now - LIBRARY_DAYS * DAY_MS) });
  }
  for (let i = 0; i < Math.floor(sizes.comments / COMMENTS_PER_REMOVAL); i++) {
    const id = String(oid());
    tier.removedComments.push(id);
    removal('comment', id);
  }
  tier.seq = seq;

  // --- lessons: one a week, each holding its date --------------------------------------------
  const lessons: LessonDoc[] = [];
  await timed(timings, 'lessonCitations', async () => {
    for (let i = 0; i < sizes.lessons; i++) {
      const fields = text.lesson(isoFromDay(FIRST_LESSON_DAY + 7 * i));
      const at = new Date(now - (sizes.lessons - i) * DAY_MS);
      lessons.push({ _id: oid(), ...fields, scripture: await lessonScripture(fields, pool), version: 1, createdAt: at, updatedAt: at });
    }
  });

  // The models' indexes, as the app's first use makes them, before the bulk of the documents.
  await Promise.all([articleModel, commentModel, tombstoneModel, userModel].map((model) => model(connection).init()));
  await timed(timings, 'users', () => insertAll(connection, 'users', users));
  await timed(timings, 'articles', () => insertAll(connection, 'articles', articles));
  await timed(timings, 'article_versions', () => insertAll(connection, 'article_versions', versionClaims));
  await timed(timings, 'comments', () => insertAll(connection, 'comments', comments));
  await timed(timings, 'tombstones', () => insertAll(connection, 'tombstones', tombstones));
  await timed(timings, 'lessons', async () => {
    await insertAll(connection, 'lessons', lessons as unknown as Raw[]);
    await insertAll(connection, 'lesson_dates', lessons.map((l) => ({ _id: l.date, lesson: String(l._id), at: l.createdAt })));
  });

  const meta = connection.collection<{ _id: string } & Raw>('meta');
  await meta.insertMany([
    // Every stored text is linked and holds no inline picture already: the start-up migrations
    // (scripture/scripture-migration.ts, images/image-migration.ts) have nothing to do.
    { _id: 'scripture-links', version: SCRIPTURE_LINKS_VERSION },
    { _id: STORED_IMAGES_MARK_ID, version: STORED_IMAGES_VERSION },
    { _id: 'lessons', stamp: `scale-${random.hex(8)}` },
  ]);
  const counters = connection.collection<{ _id: string; value: number }>('counters');
  for (const _id of ['seq', 'seq-settled']) await counters.updateOne({ _id }, { $max: { value: seq } }, { upsert: true });
  return tier;
}
