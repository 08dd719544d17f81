// Citations are found when an article or a lesson is saved, and once for what was stored before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { newObjectId, type Article, type Lesson } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle, saveArticle } from '../../../test/content-fixtures.ts';
import { linkStoredScripture, SCRIPTURE_LINKS_VERSION } from './scripture-migration.ts';

describe('citations on save', () => {
  let app: TestApp;
  let admin: string;
  const schedule = async () => (await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule')).body.lessons;

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('links the citations of a saved article and lists them', async () => {
    const article = await createArticle(app, admin, { content: '<p>Love is patient (1Co 13:4-7).</p>' });
    expect(article.content).toBe('<p>Love is patient (<a href="/bible/1-corinthians/13#v4-7">1Co 13:4-7</a>).</p>');
    expect(article.scripture).toEqual(['1Cor.13.4-1Cor.13.7']);
    const read = await app.request<{ article: Article }>('GET', `/api/articles/${article._id}`);
    expect(read.body.article.scripture).toEqual(['1Cor.13.4-1Cor.13.7']);
  });

  it("keeps a writer's own /bible/ link through a save and an edit", async () => {
    const own = '<a href="/bible/john/3#v16">this verse</a>';
    const article = await createArticle(app, admin, { content: `<p>Read ${own} twice.</p>` });
    expect(article.content).toBe(`<p>Read ${own} twice.</p>`);
    const edit = await saveArticle(app, admin, { _id: article._id, version: article.version, content: `${article.content}<p>More.</p>` });
    expect(edit.status).toBe(200);
    expect(edit.body.article.content).toBe(`<p>Read ${own} twice.</p><p>More.</p>`);
  });

  it('keeps the citations of a lesson beside its plain text', async () => {
    const _id = newObjectId();
    const text = 'Read Luke 17:11-19. Who came back?';
    const res = await app.request<{ lesson: Lesson }>('POST', '/api/lessons/save', {
      token: admin,
      body: { lesson: { _id, date: '2031-01-03', title: 'Ten lepers', text, extras: [{ title: 'More', text: 'See Col 3:15.' }] } },
    });
    expect(res.status).toBe(201);
    expect(res.body.lesson.R).toBe(text);
    const expected = { R: [{ at: 5, end: 18, osis: 'Luke.17.11-Luke.17.19' }], R1: [{ at: 4, end: 12, osis: 'Col.3.15' }] };
    expect(res.body.lesson.scripture).toEqual(expected);
    expect((await schedule()).find((l) => l._id === _id)?.scripture).toEqual(expected);
  });

  it('links what was stored before, once, and bumps the article version so devices fetch it', async () => {
    const articleId = new mongoose.Types.ObjectId();
    const lessonId = new mongoose.Types.ObjectId();
    const db = app.connection;
    await db.collection('meta').deleteOne({ _id: 'scripture-links' as never });
    await db.collection('articles').insertOne({
      _id: articleId, title: 'Old', subtitle: 'Old', category: 'Life', content: '<p>See Heb 4:12.</p>',
      isPublished: true, wasPublished: true, version: 3, seq: 1, createdAt: new Date(), updatedAt: new Date(),
    });
    await db.collection('lessons').insertOne({
      _id: lessonId, date: '2031-02-07', broadcast: false, title: 'Old lesson', text: 'Read Psalm 23.', extras: [],
      version: 1, createdAt: new Date(), updatedAt: new Date(),
    });

    const first = await linkStoredScripture(db, app.scripture);
    expect(first).toEqual({ articles: 1, lessons: 1, tooMuch: [] });
    const article = await db.collection('articles').findOne({ _id: articleId });
    expect(article?.content).toBe('<p>See <a href="/bible/hebrews/4#v12">Heb 4:12</a>.</p>');
    expect(article?.scripture).toEqual(['Heb.4.12']);
    expect(article?.version).toBe(4);
    expect((await schedule()).find((l) => l._id === String(lessonId))?.scripture).toEqual({ R: [{ at: 5, end: 13, osis: 'Ps.23' }] });

    // Done: the next start reads the mark and nothing else.
    expect((await db.collection('meta').findOne({ _id: 'scripture-links' as never }))?.version).toBe(SCRIPTURE_LINKS_VERSION);
    expect(await linkStoredScripture(db, app.scripture)).toBeNull();
    // Run again from scratch (a new parser version): nothing left to change.
    await db.collection('meta').deleteOne({ _id: 'scripture-links' as never });
    expect(await linkStoredScripture(db, app.scripture)).toEqual({ articles: 0, lessons: 0, tooMuch: [] });
    expect((await db.collection('articles').findOne({ _id: articleId }))?.version).toBe(4);
  });
});
