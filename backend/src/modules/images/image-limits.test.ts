// What one save's pictures may cost is checked from the markup and the headers before a pixel is
// decoded: a refusal names the picture and the limit it hit, and nothing is stored. A picture the
// site does not take is refused, never dropped; a tall one is fitted to WebP's side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { newObjectId } from '@fw/contracts';
import { imageUrlsIn, parseImageUrl } from '@fw/contracts/images';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { saveArticle } from '../../../test/content-fixtures.ts';
import { dataUrl, plainPng } from '../../../test/image-fixtures.ts';
import {
  IMAGE_MAX_DECODED_BYTES,
  IMAGE_MAX_PER_SAVE,
  IMAGE_MAX_SAVE_PIXELS,
  IMAGE_MESSAGES,
  WEBP_MAX_SIDE_PX,
  maxPixelsOf,
  ordinal,
} from './image-limits.ts';

const png = (bytes: Buffer) => `<p><img src="${dataUrl(bytes, 'image/png')}"></p>`;

describe('the limits of a save with pictures', () => {
  let app: TestApp;
  let admin: string;
  let small: Buffer;

  const storedArticle = (id: string) => app.connection.collection('articles').findOne({ _id: new mongoose.Types.ObjectId(id) });
  const countImages = () => app.connection.collection('images').countDocuments({});

  /** Saves `content` as a new article and checks it was refused with `status` and `message`, storing nothing. */
  async function refused(content: string, status: number, message: string) {
    const before = await countImages();
    const _id = newObjectId();
    const res = await saveArticle(app, admin, { _id, content });
    expect(res.body.message).toBe(message);
    expect(res.status).toBe(status);
    expect(await storedArticle(_id)).toBeNull();
    expect(await countImages()).toBe(before);
  }

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
    small = await plainPng(40, 30);
  });
  afterAll(() => app.close());

  it('refuses an interlaced 16-bit 7000 × 7000 PNG from its header, without decoding it (the server grows by megabytes, not the 400 MB of its pixels)', async () => {
    const big = await plainPng(7000, 7000, { channels: 4, depth: 16, interlaced: true });
    expect(big.length).toBeLessThan(400_000);
    const depth = { channels: 4, bytesPerChannel: 2 };
    expect(7000 * 7000).toBeGreaterThan(maxPixelsOf(depth));
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      await refused(`<p>Text</p>${png(small)}${png(big)}`, 413, IMAGE_MESSAGES.tooManyPixels(2, 7000, 7000, depth));
    } finally {
      clearInterval(sampler);
    }
    expect(IMAGE_MESSAGES.tooManyPixels(2, 7000, 7000, depth)).toBe(
      'The 2nd picture is 7000 × 7000 pixels (49 megapixels); pictures in 16-bit colour with transparency may be at most 18.7 megapixels, so the article was not saved. Make it smaller and insert it again.',
    );
    // Decoded, its pixels alone are 392 MB; the request itself (a 0.5 MB body) costs a few.
    expect(peak - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('counts 16-bit colour in the per-picture budget: a 16-bit PNG just over it is refused, the limit named', async () => {
    const depth = { channels: 3, bytesPerChannel: 2 };
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_DECODED_BYTES / 6)) + 1;
    const deep = await plainPng(side, side, { channels: 3, depth: 16 });
    expect(side * side).toBeLessThan(50_000_000);
    await refused(png(deep), 413, IMAGE_MESSAGES.tooManyPixels(1, side, side, depth));
    expect(IMAGE_MESSAGES.tooManyPixels(1, side, side, depth)).toContain('is 5001 × 5001 pixels (25.1 megapixels); pictures in 16-bit colour may be at most 25 megapixels');
  });

  it('counts a progressive JPEG at two bytes a channel (its decoder holds every coefficient): just over the limit, refused', async () => {
    const depth = { channels: 3, bytesPerChannel: 2, progressiveJpeg: true };
    const [width, height] = [5100, 5000];
    expect(width * height).toBeGreaterThan(maxPixelsOf(depth));
    const create = { width, height, channels: 3 as const, background: '#5a6a7a' };
    const progressive = await sharp({ create }).jpeg({ progressive: true }).toBuffer();
    await refused(`<p><img src="${dataUrl(progressive)}"></p>`, 413, IMAGE_MESSAGES.tooManyPixels(1, width, height, depth));
    expect(IMAGE_MESSAGES.tooManyPixels(1, width, height, depth)).toContain('(25.5 megapixels); progressive JPEG pictures may be at most 25 megapixels');
  });

  it(`refuses a save of more than ${IMAGE_MAX_PER_SAVE} pictures before reading any of them`, async () => {
    const content = `<p>${`<img src="${dataUrl(small, 'image/png')}">`.repeat(IMAGE_MAX_PER_SAVE + 1)}</p>`;
    await refused(content, 413, IMAGE_MESSAGES.tooManyPictures(IMAGE_MAX_PER_SAVE + 1));
    expect(IMAGE_MESSAGES.tooManyPictures(61)).toMatch(/^This article holds 61 pictures; a save may hold at most 60 pictures,/);
  });

  it(`refuses new pictures that add up to more than ${IMAGE_MAX_SAVE_PIXELS / 1e6} megapixels in one save, each under its own limit`, async () => {
    // Greyscale, so each is well under the per-picture budget; two of them are over the save's.
    const [a, b] = await Promise.all([plainPng(6000, 5000, { channels: 1 }), plainPng(6000, 5001, { channels: 1 })]);
    const total = 6000 * 5000 + 6000 * 5001;
    expect(total).toBeGreaterThan(IMAGE_MAX_SAVE_PIXELS);
    await refused(`${png(a)}${png(small)}${png(b)}`, 413, IMAGE_MESSAGES.tooManySavePixels(total));
    expect(IMAGE_MESSAGES.tooManySavePixels(total)).toContain('add up to 60.1 megapixels; the pictures in one save may add up to at most 60 megapixels');
  });

  it('refuses a picture of a kind the site does not take (SVG, GIF, WebP, PNG not in base64) instead of dropping it', async () => {
    const svg = dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml');
    const gif = dataUrl(Buffer.from('GIF89a'), 'image/gif');
    const webp = dataUrl(Buffer.from('RIFF0000WEBP'), 'image/webp');
    const ours = `<img src="/api/images/${'0'.repeat(32)}-640.jpg">`;
    const other = '<img src="https://elsewhere.example/x.png">';
    await refused(`<p>Text</p><p>${other}<img src="${svg}"></p>`, 400, IMAGE_MESSAGES.notTaken(1, 'image/svg+xml'));
    expect(IMAGE_MESSAGES.notTaken(1, 'image/svg+xml')).toBe(
      'The 1st picture is an SVG drawing (image/svg+xml); articles take JPEG and PNG pictures only, so the article was not saved. Save it as a JPEG or PNG and insert it again.',
    );
    await refused(`${png(small)}<p>${ours}<img src="${gif}"></p>`, 400, IMAGE_MESSAGES.notTaken(3, 'image/gif'));
    await refused(`<p><img src="${webp}"></p>`, 400, IMAGE_MESSAGES.notTaken(1, 'image/webp'));
    await refused('<p><img src="data:image/png,not-base64"></p>', 400, IMAGE_MESSAGES.notImage(1));
    await refused('<p><img src="data:text/html;base64,PHNjcmlwdD4="></p>', 400, IMAGE_MESSAGES.notTaken(1, 'text/html'));
  });

  it(`fits a tall picture into WebP's ${WEBP_MAX_SIDE_PX} px side instead of failing on it`, async () => {
    const tall = await plainPng(400, 20_000, { channels: 1 });
    const res = await saveArticle(app, admin, { content: png(tall) });
    expect(res.status).toBe(201);
    const height = WEBP_MAX_SIDE_PX;
    const width = Math.round((400 * WEBP_MAX_SIDE_PX) / 20_000);
    expect(res.body.article.content).toContain(`width="${width}" height="${height}"`);
    for (const address of imageUrlsIn(res.body.article.content)) {
      const file = await fetch(app.url + address);
      expect(file.status).toBe(200);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width, height });
      expect(parseImageUrl(address)?.width).toBe(width);
    }
  });

  it('names pictures by their place in words people use', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th',
    ]);
  });
});
