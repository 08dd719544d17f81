// Scheduled publishing with two instances on one database: a draft with a publication time is in
// no public answer before that time, goes public once after it (one change: version 2, one
// change number), and devices learn it from the delta feed. Editing the time or publishing now
// works like any edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_AT_MESSAGE, articleFeedSchema, type Article } from '@fw/contracts';
import { startTestApp, testDatabaseUri, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { addComment, approveComment, createArticle, saveArticle } from '../../../test/content-fixtures.ts';
import { articleModel } from './article.model.ts';
import { startPublishSchedule } from './scheduled-publish.ts';
import { READ_MODEL_MAX_AGE_MS } from '../sync/read-model.ts';

/** Short, so the test waits seconds; production checks every 10 s. */
const CHECK_MS = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduled publishing, two instances on one database', () => {
  const apps: TestApp[] = [];
  let admin: string;

  beforeAll(async () => {
    const mongoUri = testDatabaseUri();
    apps.push(await startTestApp({ mongoUri, publishCheckMs: CHECK_MS }));
    apps.push(await startTestApp({ mongoUri, publishCheckMs: CHECK_MS, jwtSecret: apps[0]!.config.jwtSecret }));
    ({ token: admin } = await createUser(apps[0]!));
    // Each instance starts its citation thread with its first save (scripture-pool.ts), up to
    // seconds on a busy machine: taken here, so the timed steps below pay only for their writes.
    for (const app of apps) await createArticle(app, admin, { title: 'Warm-up', content: '<p>John 3:16</p>' });
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  /** Every article the delta feed gives a device starting from nothing, through `app`. */
  async function feedIds(app: TestApp, since?: string): Promise<{ ids: string[]; cursor: string }> {
    const ids: string[] = [];
    let cursor = since;
    for (;;) {
      const res = await app.request('GET', `/api/sync/articles?limit=200${cursor ? `&since=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = articleFeedSchema.parse(res.body);
      ids.push(...page.articles.map((a) => a._id));
      cursor = page.cursor;
      if (!page.hasMore) return { ids, cursor };
    }
  }

  /** The article changes numbered so far (create, edits, publish): the claims name them. */
  const changesOf = (id: string) =>
    apps[0]!.connection.collection('seq_claims').countDocuments({ ref: `article:${id}` });

  it('is in no public answer before its time and goes public once after it, seen through both instances', async () => {
    const publishAtMs = Date.now() + 2500;
    const draft = await createArticle(apps[0]!, admin, {
      title: 'Scheduled one',
      isPublished: false,
      publishAt: new Date(publishAtMs).toISOString(),
    });
    expect(draft).toMatchObject({ isPublished: false, version: 1, publishAt: new Date(publishAtMs).toISOString() });
    const device = await feedIds(apps[1]!);
    expect(device.ids).not.toContain(draft._id);

    let seenPublicAtMs: number | null = null;
    let checksBefore = 0;
    for (let round = 0; Date.now() < publishAtMs + 5000; round++) {
      const app = apps[round % 2]!;
      const [one, list, feed] = await Promise.all([
        app.request('GET', `/api/articles/${draft._id}`),
        app.request<{ articles: Article[] }>('GET', '/api/articles/all'),
        feedIds(app, device.cursor),
      ]);
      const answeredMs = Date.now();
      const listed = list.body.articles.some((a) => a._id === draft._id);
      const inFeed = feed.ids.includes(draft._id);
      if (answeredMs < publishAtMs) {
        // All three answers came back before its time: none may show it.
        checksBefore += 1;
        expect(one.status).toBe(404);
        expect(listed).toBe(false);
        expect(inFeed).toBe(false);
      } else if (one.status === 200 && listed && inFeed) {
        seenPublicAtMs ??= answeredMs;
      }
      if (seenPublicAtMs !== null && answeredMs > seenPublicAtMs + 10 * CHECK_MS) break;
      await sleep(50);
    }
    expect(checksBefore).toBeGreaterThan(5);
    expect(seenPublicAtMs).not.toBeNull();
    // Within a check interval plus the read model's age of its time, on both instances.
    expect(seenPublicAtMs! - publishAtMs).toBeLessThan(2000);

    // Once: one change after the create, whatever both instances' timers did meanwhile.
    const stored = await articleModel(apps[0]!.connection).findById(draft._id).lean();
    expect(stored).toMatchObject({ isPublished: true, wasPublished: true, version: 2 });
    expect(stored!.publishAt ?? null).toBeNull();
    expect(await changesOf(draft._id)).toBe(2);
    // The device that held the feed before gets it once, from either instance.
    const next = await feedIds(apps[0]!, device.cursor);
    expect(next.ids.filter((id) => id === draft._id)).toHaveLength(1);
  });

  it('publishes once when both instances check at the same moment', async () => {
    // Two checkers on each instance's connection, beside the instances' own timers.
    const checkers = [...apps, ...apps].map((app) => startPublishSchedule(app.connection, { intervalMs: 60_000 }));
    try {
      // Far enough ahead that the set-up below (seven requests) ends before it on a busy machine:
      // a draft the instances' own timers published early would count one change too many.
      const dueAtMs = Date.now() + 8000;
      const publishAt = new Date(dueAtMs).toISOString();
      const drafts: Article[] = [];
      for (let i = 0; i < 3; i++) drafts.push(await createArticle(apps[i % 2]!, admin, { isPublished: false, publishAt }));
      // One was public before, with an approved comment: scheduled again, it comes back with it.
      const returning = await createArticle(apps[0]!, admin, { title: 'Returning' });
      const comment = await addComment(apps[0]!, returning._id);
      await approveComment(apps[0]!, admin, comment._id);
      await apps[1]!.request('POST', '/api/articles/toggle-publish', { token: admin, body: { id: returning._id } });
      const rescheduled = await saveArticle(apps[1]!, admin, {
        _id: returning._id,
        version: 2,
        title: 'Returning',
        isPublished: false,
        publishAt,
      });
      expect(rescheduled.body.article).toMatchObject({ version: 3, isPublished: false, publishAt });
      drafts.push(rescheduled.body.article);
      const changesBefore = await Promise.all(drafts.map((d) => changesOf(d._id)));
      expect(Date.now(), 'the set-up ended before the drafts were due').toBeLessThan(dueAtMs);
      await sleep(dueAtMs - Date.now());
      // Both instances (their own timers too, every CHECK_MS) race for the same due drafts.
      const rounds = await Promise.all(checkers.map((c) => c.check()));
      const byUs = rounds.flat();
      expect(new Set(byUs).size).toBe(byUs.length);
      await sleep(5 * CHECK_MS);
      for (const [i, draft] of drafts.entries()) {
        const stored = await articleModel(apps[0]!.connection).findById(draft._id).lean();
        expect(stored).toMatchObject({ isPublished: true, version: draft.version + 1 });
        expect(await changesOf(draft._id)).toBe(changesBefore[i]! + 1);
      }
      // The other instance shows it within its read model's staleness (the comments answer asks
      // the read model whether the article is public). The article's change comes before its
      // comments' renumbering (articles.service publishDue), so for a moment that instance may show
      // the article with none: wait for the comment itself, within the same bound.
      const askComments = () =>
        apps[1]!.request<{ comments: { _id: string }[] }>('POST', '/api/articles/comments', { body: { articleId: returning._id } });
      const shown = (answer: Awaited<ReturnType<typeof askComments>>) =>
        answer.status === 200 && answer.body.comments.length > 0;
      let comments = await askComments();
      for (const until = Date.now() + 3 * READ_MODEL_MAX_AGE_MS; !shown(comments) && Date.now() < until; ) {
        await sleep(CHECK_MS);
        comments = await askComments();
      }
      expect(comments.status).toBe(200);
      expect(comments.body.comments.map((c) => c._id)).toEqual([comment._id]);
    } finally {
      for (const checker of checkers) checker.stop();
    }
  });

  it('an edit moves or clears the time like any edit, and Publish now ends the schedule', async () => {
    const soon = () => new Date(Date.now() + 1500).toISOString();
    const moved = await createArticle(apps[0]!, admin, { title: 'Moved', isPublished: false, publishAt: soon() });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const edit = await saveArticle(apps[1]!, admin, {
      _id: moved._id,
      version: moved.version,
      title: 'Moved',
      isPublished: false,
      publishAt: later,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.article).toMatchObject({ version: 2, publishAt: later, isPublished: false });
    const cleared = await createArticle(apps[0]!, admin, { title: 'Cleared', isPublished: false, publishAt: soon() });
    const clear = await saveArticle(apps[0]!, admin, {
      _id: cleared._id,
      version: cleared.version,
      title: 'Cleared',
      isPublished: false,
      publishAt: null,
    });
    expect(clear.body.article.publishAt).toBeUndefined();
    // A stale version (the time edited elsewhere meanwhile) is the usual conflict.
    const stale = await saveArticle(apps[0]!, admin, {
      _id: moved._id,
      version: moved.version,
      title: 'Moved',
      isPublished: false,
      publishAt: soon(),
    });
    expect(stale.status).toBe(409);

    const now = await createArticle(apps[0]!, admin, { title: 'Now', isPublished: false, publishAt: later });
    const toggled = await apps[1]!.request<{ article: Article }>('POST', '/api/articles/toggle-publish', {
      token: admin,
      body: { id: now._id },
    });
    expect(toggled.body.article).toMatchObject({ isPublished: true, version: 2 });
    expect(toggled.body.article.publishAt).toBeUndefined();

    await sleep(2500);
    for (const id of [moved._id, cleared._id]) {
      expect((await apps[0]!.request('GET', `/api/articles/${id}`)).status).toBe(404);
      expect((await apps[1]!.request('GET', `/api/articles/${id}`)).status).toBe(404);
    }
    // Unpublished again, it stays a draft: the schedule ended when it was published.
    await apps[0]!.request('POST', '/api/articles/toggle-publish', { token: admin, body: { id: now._id } });
    await sleep(3 * CHECK_MS);
    expect((await articleModel(apps[0]!.connection).findById(now._id).lean())!.isPublished).toBe(false);
  });

  it('a time already past publishes on save (an offline edit that arrived late)', async () => {
    const late = await createArticle(apps[0]!, admin, {
      isPublished: false,
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(late).toMatchObject({ isPublished: true, version: 1 });
    expect(late.publishAt).toBeUndefined();
  });

  it('refuses a time that is not one, and stores nothing', async () => {
    const before = await articleModel(apps[0]!.connection).countDocuments({});
    for (const publishAt of ['tomorrow', '2026-13-01T09:00:00Z', 12345, '2026-12-01 09:00']) {
      const res = await saveArticle(apps[0]!, admin, { isPublished: false, publishAt: publishAt as string });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PUBLISH_AT_MESSAGE);
    }
    expect(await articleModel(apps[0]!.connection).countDocuments({})).toBe(before);
  });
});
