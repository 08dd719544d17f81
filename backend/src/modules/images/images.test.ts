// Pasted pictures become stored files on save: converted, stored once per picture, served with
// immutable caching; a non-image or a bomb is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import mongoose from 'mongoose';
import { LIMITS, newObjectId, type Article } from '@fw/contracts';
import { imageUrlsIn, parseImageUrl } from '@fw/contracts/images';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle, saveArticle } from '../../../test/content-fixtures.ts';
import { bombPng, dataUrl, noisyPhoto } from '../../../test/image-fixtures.ts';
import { imageHash } from './image-encode.ts';
import { IMAGE_MESSAGES, IMAGE_MAX_INPUT_PIXELS } from './image-limits.ts';
import { IMAGE_CACHE_CONTROL } from './images.routes.ts';
import { STORED_TOO_LARGE_MESSAGE } from './image-html.ts';

describe('article images', () => {
  let app: TestApp;
  let admin: string;
  let photo: Buffer;

  const fetchFile = (url: string, headers: Record<string, string> = {}) => fetch(app.url + url, { headers });
  const storedArticle = (id: string) => app.connection.collection('articles').findOne({ _id: new mongoose.Types.ObjectId(id) });
  const countImages = () => app.connection.collection('images').countDocuments({});

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
    photo = await noisyPhoto(2400, 1800);
  });
  afterAll(() => app.close());

  it('turns a pasted photo into WebP and JPEG files at three widths, with the markup that uses them', async () => {
    const article = await createArticle(app, admin, {
      content: `<p>Before</p><p><img src="${dataUrl(photo)}" alt="A &quot;quiet&quot; lake"></p>`,
    });
    expect(article.content).not.toContain('data:');
    const hash = imageHash(photo);
    const url = (w: number, ext: string) => `/api/images/${hash}-${w}.${ext}`;
    expect(article.content).toBe(
      '<p>Before</p><p><picture>' +
        `<source type="image/webp" srcset="${url(640, 'webp')} 640w, ${url(800, 'webp')} 800w, ${url(1600, 'webp')} 1600w" sizes="(max-width: 760px) 100vw, 720px" />` +
        `<img src="${url(1600, 'jpg')}" srcset="${url(640, 'jpg')} 640w, ${url(800, 'jpg')} 800w, ${url(1600, 'jpg')} 1600w" sizes="(max-width: 760px) 100vw, 720px" ` +
        'width="1600" height="1200" alt="A &quot;quiet&quot; lake" loading="lazy" decoding="async" /></picture></p>',
    );

    expect(imageUrlsIn(article.content)).toHaveLength(6);
    for (const address of imageUrlsIn(article.content)) {
      const res = await fetchFile(address);
      expect(res.status).toBe(200);
      const { width, ext } = parseImageUrl(address)!;
      expect(res.headers.get('content-type')).toBe(ext === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(ext === 'webp' ? 'webp' : 'jpeg');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width * 0.75);
    }
    // What devices sync is the stored HTML: no base64 in the public read either.
    const read = await app.request<{ article: Article }>('GET', `/api/articles/${article._id}`);
    expect(read.body.article.content).toBe(article.content);
  });

  it('stores the same picture once, gives it alt="" when it has none, and keeps a small one at its own width', async () => {
    const small = await noisyPhoto(500, 300, 'png');
    const before = await countImages();
    const first = await createArticle(app, admin, {
      content: `<p><img src="${dataUrl(small, 'image/png')}"><img src="${dataUrl(small, 'image/png')}"></p>`,
    });
    const hash = imageHash(small);
    expect(await countImages()).toBe(before + 1);
    const stored = await app.connection.collection('images').findOne({ _id: hash as never });
    expect(stored).toMatchObject({ width: 500, height: 300, widths: [500], fallback: 'jpg' });

    const second = await createArticle(app, admin, { content: `<p><img src="${dataUrl(small, 'image/png')}" alt="again"></p>` });
    expect(await countImages()).toBe(before + 1);
    // Not encoded and written again: the stored facts are the first save's.
    expect((await app.connection.collection('images').findOne({ _id: hash as never }))?.createdAt).toEqual(stored?.createdAt);
    expect(imageUrlsIn(first.content)).toEqual([`/api/images/${hash}-500.webp`, `/api/images/${hash}-500.jpg`]);
    expect(imageUrlsIn(second.content)).toEqual(imageUrlsIn(first.content));
    expect(first.content.match(/alt=""/g)).toHaveLength(2);
    expect(second.content).toContain('alt="again"');
  });

  it('answers a write the outbox sends again (same Idempotency-Key) with the first answer, the picture stored once', async () => {
    const picture = await noisyPhoto(900, 600);
    const _id = newObjectId();
    const input = { _id, content: `<p><img src="${dataUrl(picture)}" alt="once"></p>` };
    const headers = { 'Idempotency-Key': `images-replay-${_id}` };
    const first = await saveArticle(app, admin, input, headers);
    expect(first.status).toBe(201);
    const stored = await app.connection.collection('images').findOne({ _id: imageHash(picture) as never });
    const again = await saveArticle(app, admin, { ...input, title: first.body.article.title, subtitle: first.body.article.subtitle }, headers);
    expect(again.status).toBe(201);
    expect(again.body.article).toEqual(first.body.article);
    expect((await storedArticle(_id))?.version).toBe(1);
    expect((await app.connection.collection('images').findOne({ _id: imageHash(picture) as never }))?.createdAt).toEqual(stored?.createdAt);
  });

  it('draws the same markup again when the editor sends back its plain <img>, and drops addresses that are not ours', async () => {
    const article = await createArticle(app, admin, { content: `<p><img src="${dataUrl(photo)}" alt="lake"></p>` });
    const hash = imageHash(photo);
    // What Quill holds after loading the article: src, alt, width and height only.
    const edited = `<p>New line</p><p><img src="/api/images/${hash}-1600.jpg" width="1600" height="1200" alt="lake"></p>`;
    const res = await saveArticle(app, admin, { _id: article._id, version: article.version, content: edited });
    expect(res.status).toBe(200);
    expect(res.body.article.content).toBe(`<p>New line</p>${article.content}`);

    const unknown = `/api/images/${'0'.repeat(32)}-1600.jpg`;
    const other = await createArticle(app, admin, {
      content: `<p>Text<img src="${unknown}"><img src="https://elsewhere.example/x.png"></p>` +
        `<picture><source type="image/webp" srcset="https://elsewhere.example/x.webp 640w" /></picture>`,
    });
    expect(other.content).toBe('<p>Text</p>');
  });

  it('makes the middle width only when it saves enough against the large copy', async () => {
    const narrow = await noisyPhoto(900, 600);
    const article = await createArticle(app, admin, { content: `<p><img src="${dataUrl(narrow)}"></p>` });
    const stored = await app.connection.collection('images').findOne({ _id: imageHash(narrow) as never });
    expect(stored).toMatchObject({ width: 900, height: 600, widths: [640, 900] });
    expect(article.content).not.toContain('-800.');
  });

  it('keeps a picture stored before the middle width working: its markup lists only the widths it has', async () => {
    const older = await noisyPhoto(2000, 1500);
    const first = await createArticle(app, admin, { content: `<p><img src="${dataUrl(older)}" alt="old"></p>` });
    const hash = imageHash(older);
    // As the server stored pictures before: two widths in its facts, no middle files.
    await app.connection.collection('images').updateOne({ _id: hash as never }, { $set: { widths: [640, 1600] } });
    await app.connection.collection('image_files').deleteMany({ _id: { $in: [`${hash}-800.webp`, `${hash}-800.jpg`] } as never });

    const edited = `<p><img src="/api/images/${hash}-1600.jpg" width="1600" height="1200" alt="old, described"></p>`;
    const res = await saveArticle(app, admin, { _id: first._id, version: first.version, content: edited });
    expect(res.status).toBe(200);
    const { content } = res.body.article;
    expect(content).toContain(`srcset="/api/images/${hash}-640.webp 640w, /api/images/${hash}-1600.webp 1600w"`);
    expect(content).toContain('alt="old, described"');
    expect(content).not.toContain('-800.');
    for (const address of imageUrlsIn(content)) expect((await fetchFile(address)).status).toBe(200);
    const read = await app.request<{ article: Article }>('GET', `/api/articles/${first._id}`);
    expect(read.body.article.content).toBe(content);
  });

  it('refuses a file that is not a picture, and an SVG sent as a PNG, with a message; nothing is stored', async () => {
    const before = await countImages();
    const cases = [
      dataUrl(Buffer.from('this is a letter, not a photograph'), 'image/png'),
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/png'),
    ];
    for (const src of cases) {
      const _id = newObjectId();
      const res = await saveArticle(app, admin, { _id, content: `<p><img src="${dataUrl(photo)}"></p><p><img src="${src}"></p>` });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(IMAGE_MESSAGES.notImage(2));
      expect(await storedArticle(_id)).toBeNull();
    }
    expect(await countImages()).toBe(before);
  });

  it('refuses a decompression bomb from its header, before decoding it; nothing is stored', async () => {
    const bomb = bombPng(30_000, 30_000);
    expect(30_000 * 30_000).toBeGreaterThan(IMAGE_MAX_INPUT_PIXELS);
    const before = await countImages();
    const _id = newObjectId();
    const started = Date.now();
    const res = await saveArticle(app, admin, { _id, content: `<p><img src="${dataUrl(bomb, 'image/png')}"></p>` });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(IMAGE_MESSAGES.tooManyPixels(1, 30_000, 30_000, { channels: 1, bytesPerChannel: 1 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storedArticle(_id)).toBeNull();
    expect(await countImages()).toBe(before);
  });

  it('refuses text that is still over the stored limit once its pictures are files; nothing is stored', async () => {
    const _id = newObjectId();
    const text = `<p>${'word '.repeat(LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES / 5)}</p>`;
    const res = await saveArticle(app, admin, { _id, content: `${text}<p><img src="${dataUrl(photo)}"></p>` });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(STORED_TOO_LARGE_MESSAGE);
    expect(await storedArticle(_id)).toBeNull();
  });

  it('serves a stored file as immutable, answers 304 to a revalidation and 404 to any other name', async () => {
    const article = await createArticle(app, admin, { content: `<p><img src="${dataUrl(photo)}"></p>` });
    const [address] = imageUrlsIn(article.content);
    const first = await fetchFile(address!);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await fetchFile(address!, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    for (const name of [`${'f'.repeat(32)}-640.webp`, 'x.webp', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await fetchFile(`/api/images/${name}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('There is no stored image with this name.');
    }
  });
});
