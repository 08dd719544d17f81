// Articles stored with inline pictures before images became files are converted once, at start,
// with a new version so devices fetch the new HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { ArticleFeed } from '@fw/contracts';
import { imageUrlsIn } from '@fw/contracts/images';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { dataUrl, noisyPhoto } from '../../../test/image-fixtures.ts';
import { imageHash } from './image-encode.ts';
import { STORED_IMAGES_MARK_ID, STORED_IMAGES_VERSION, storeInlineImages } from './image-migration.ts';

describe('inline pictures stored before', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('become files once, with a new version the delta feed brings, and the mark stops a second run', async () => {
    const db = app.connection;
    const photo = await noisyPhoto(1800, 1200);
    const articleId = new mongoose.Types.ObjectId();
    await db.collection('meta').deleteOne({ _id: STORED_IMAGES_MARK_ID as never });
    const feed = async (cursor?: string) =>
      (await app.request<ArticleFeed>('GET', `/api/sync/articles${cursor ? `?since=${encodeURIComponent(cursor)}` : ''}`)).body;
    await db.collection('articles').insertOne({
      _id: articleId, title: 'Old', subtitle: 'Old', category: 'Life', content: `<p>Look:</p><p><img src="${dataUrl(photo)}" alt="hills"></p>`,
      isPublished: true, wasPublished: true, version: 2, seq: 1, createdAt: new Date(), updatedAt: new Date(),
    });
    const { cursor } = await feed();

    const first = await storeInlineImages(db);
    expect(first).toEqual({ articles: 1, failed: [] });
    const article = await db.collection('articles').findOne({ _id: articleId });
    expect(article?.version).toBe(3);
    expect(article?.content).not.toContain('data:');
    const hash = imageHash(photo);
    expect(imageUrlsIn(article!.content)).toEqual([
      `/api/images/${hash}-640.webp`, `/api/images/${hash}-800.webp`, `/api/images/${hash}-1600.webp`,
      `/api/images/${hash}-1600.jpg`, `/api/images/${hash}-640.jpg`, `/api/images/${hash}-800.jpg`,
    ]);
    expect(article?.content).toContain('alt="hills"');
    // A device that synced before gets the new HTML as a change.
    const delta = await feed(cursor);
    expect(delta.articles.find((a) => a._id === String(articleId))?.content).toBe(article?.content);

    expect((await db.collection('meta').findOne({ _id: STORED_IMAGES_MARK_ID as never }))?.version).toBe(STORED_IMAGES_VERSION);
    expect(await storeInlineImages(db)).toBeNull();
    // Run from scratch again (the mark lost): nothing left to convert, no new version.
    await db.collection('meta').deleteOne({ _id: STORED_IMAGES_MARK_ID as never });
    expect(await storeInlineImages(db)).toEqual({ articles: 0, failed: [] });
    expect((await db.collection('articles').findOne({ _id: articleId }))?.version).toBe(3);
  });
});
