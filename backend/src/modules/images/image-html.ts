// On save, every picture in an article's HTML becomes stored files (the architecture's rule):
// a `data:` image is encoded and stored once under the hash of its bytes, and every image, new
// or stored before, is written as the same `<picture>` markup (WebP and fallback, two widths,
// `width`/`height` so the page does not move when it arrives). The editor gets back a plain
// `<img>` of ours when it loads the article (Quill keeps src, alt, width, height), and the next
// save draws the whole markup again from the stored facts. Runs on HTML the sanitiser has
// cleaned (one tag per `<…>`, attribute values double-quoted and escaped), so a tag split is enough.
import type mongoose from 'mongoose';
import { IMAGE_SIZES, imageUrl, parseImageUrl } from '@fw/contracts/images';
import { IMAGE_DATA_URL } from '../articles/sanitize.ts';
import { encodeImage, imageHash, readPicture, type EncodedFile, type ImageMeta, type PictureHeader } from './image-encode.ts';
import { IMAGE_MAX_PER_SAVE, IMAGE_MAX_SAVE_PIXELS, tooManyPictures, tooManySavePixels } from './image-limits.ts';
import { imageQueueOn, type ImageQueue } from './image-queue.ts';
import { imageStore } from './image-store.ts';
import type { WriteDeadline } from '../../db/claims/index.ts';
import { IMAGE_TAGS, sizeChecked } from './stored-size.ts';

export { refuseOversizedText, STORED_TOO_LARGE_MESSAGE } from './stored-size.ts';

const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/gi;

function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) found.set(name!.toLowerCase(), value!);
  return found;
}

/** The markup of one stored picture; `alt` is already escaped (it comes from sanitised HTML). */
function pictureMarkup(hash: string, meta: ImageMeta, alt: string): string {
  const set = (ext: string) => meta.widths.map((w) => `${imageUrl(hash, w, ext as 'webp')} ${w}w`).join(', ');
  return (
    `<picture><source type="image/webp" srcset="${set('webp')}" sizes="${IMAGE_SIZES}" />` +
    `<img src="${imageUrl(hash, meta.width, meta.fallback)}" srcset="${set(meta.fallback)}" sizes="${IMAGE_SIZES}" ` +
    `width="${meta.width}" height="${meta.height}" alt="${alt}" loading="lazy" decoding="async" /></picture>`
  );
}

interface Found {
  hash: string;
  /** The bytes of a pasted picture; absent for one already stored. */
  bytes?: Buffer;
}

/** The picture an `<img>` stands for: its data URL's bytes, or the hash in one of our addresses. */
function pictureOf(src: string): Found | null {
  if (IMAGE_DATA_URL.test(src)) {
    const bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    return { hash: imageHash(bytes), bytes };
  }
  const ours = parseImageUrl(src);
  return ours ? { hash: ours.hash } : null;
}

export interface StoredImages {
  html: string;
  /** Pictures encoded and stored by this call (not found stored already). */
  stored: number;
}

interface NewPicture {
  hash: string;
  bytes: Buffer;
  header: PictureHeader;
  /** Its place among the article's pictures, for a message. */
  n: number;
}

/**
 * Everything a save's pictures may cost is checked first, from the markup and the headers
 * (image-limits.ts); then the new pictures are encoded, one save at a time (image-queue.ts), and
 * stored only when all worked: a refused picture (an HttpError naming its place and the limit)
 * leaves the database as it was. An `<img>` of ours whose picture is not stored here is dropped
 * (nobody can make such an address but by hand). Storing them is the save's first write, so the
 * request's `deadline` is asked first (http/deadline.ts).
 */
export async function storeArticleImages(
  connection: mongoose.Connection,
  html: string,
  deadline?: WriteDeadline,
  /** The server's own (a request's); the start-up migration, with no deadline, passes another. */
  queue: ImageQueue = imageQueueOn(connection),
): Promise<StoredImages> {
  if (!/<img\b/i.test(html)) return { html: sizeChecked(html), stored: 0 };
  const store = imageStore(connection);
  const parts = html.split(IMAGE_TAGS);
  const pictures = parts.map((part) => (/^<img\b/i.test(part) ? pictureOf(attributesOf(part).get('src') ?? '') : null));
  const count = pictures.filter(Boolean).length;
  if (count > IMAGE_MAX_PER_SAVE) throw tooManyPictures(count);
  // The text alone already over the stored limit: refused before any picture is decoded.
  sizeChecked(parts.filter((part) => !IMAGE_TAGS.test(part)).join(''));

  const metas = new Map<string, ImageMeta | null>();
  const fresh = new Map<string, NewPicture>();
  let n = 0;
  for (const picture of pictures) {
    if (!picture) continue;
    n += 1;
    if (!metas.has(picture.hash)) metas.set(picture.hash, await store.meta(picture.hash));
    if (metas.get(picture.hash) || !picture.bytes || fresh.has(picture.hash)) continue;
    fresh.set(picture.hash, { hash: picture.hash, bytes: picture.bytes, header: await readPicture(picture.bytes, n), n });
  }
  const pixels = [...fresh.values()].reduce((sum, { header }) => sum + header.width * header.height, 0);
  if (pixels > IMAGE_MAX_SAVE_PIXELS) throw tooManySavePixels(pixels);

  const pending = fresh.size === 0 ? [] : await queue.run((inTime) => encodeAll([...fresh.values()], inTime));
  for (const { hash, meta } of pending) metas.set(hash, meta);
  const out = parts.map((part, i) => {
    const picture = pictures[i];
    if (picture) {
      const meta = metas.get(picture.hash);
      return meta ? pictureMarkup(picture.hash, meta, attributesOf(part).get('alt') ?? '') : '';
    }
    // A `<picture>` or `<source>` sent back is drawn again from its `<img>`.
    return /^<(?:\/?picture|source)\b/i.test(part) ? '' : part;
  });
  const stored = sizeChecked(out.join(''));
  if (pending.length) deadline?.enterWrite();
  for (const { hash, meta, files } of pending) await store.save(hash, meta, files);
  return { html: stored, stored: pending.length };
}

/** One after another: the queue's one job holds one picture's pixels at a time. */
async function encodeAll(
  pictures: NewPicture[],
  inTime: () => void,
): Promise<{ hash: string; meta: ImageMeta; files: EncodedFile[] }[]> {
  const encoded = [];
  for (const { hash, bytes, header, n } of pictures) {
    inTime();
    encoded.push({ hash, ...(await encodeImage(bytes, hash, header, n)) });
  }
  return encoded;
}
