// On save, every picture in an article's HTML becomes stored files (the architecture's rule):
// a `data:` image is encoded and stored once under the hash of its bytes, and every image, new
// or stored before, is written as the same `<picture>` markup (WebP and fallback, two widths,
// `width`/`height` so the page does not move when it arrives). The editor gets back a plain
// `<img>` of ours when it loads the article (Quill keeps src, alt, width, height), and the next
// save draws the whole markup again from the stored facts. Runs on HTML the sanitiser has
// cleaned (one tag per `<…>`, attribute values double-quoted and escaped), so a tag split is enough.
import type mongoose from 'mongoose';
import { LIMITS } from '@fw/contracts/limits';
import { HttpError } from '../../errors.ts';
import { IMAGE_SIZES, imageUrl, parseImageUrl } from '@fw/contracts/images';
import { IMAGE_DATA_URL } from '../articles/sanitize.ts';
import { encodeImage, imageHash, type EncodedFile, type ImageMeta } from './image-encode.ts';
import { imageStore } from './image-store.ts';
import type { WriteDeadline } from '../../db/key-records.ts';

export const STORED_TOO_LARGE_MESSAGE = `The article is too large: without its pictures, its content may be at most ${
  LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES / 1024 / 1024
} MB.`;

function sizeChecked(html: string): string {
  if (Buffer.byteLength(html, 'utf8') > LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES) {
    throw new HttpError('BODY_TOO_LARGE', STORED_TOO_LARGE_MESSAGE);
  }
  return html;
}

const IMAGE_TAGS = /(<img\b[^>]*>|<\/?picture\b[^>]*>|<source\b[^>]*>)/i;
const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/gi;

function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) found.set(name!.toLowerCase(), value!);
  return found;
}

/** The markup of one stored picture; `alt` is already escaped (it comes from sanitised HTML). */
export function pictureMarkup(hash: string, meta: ImageMeta, alt: string): string {
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

/**
 * Encodes every new picture first and stores them only when all worked: a refused picture (an
 * HttpError naming its place) leaves the database as it was. An `<img>` of ours whose picture is
 * not stored here is dropped (nobody can make such an address but by hand). Storing them is the
 * save's first write, so the request's `deadline` is asked first (http/deadline.ts).
 */
export async function storeArticleImages(
  connection: mongoose.Connection,
  html: string,
  deadline?: WriteDeadline,
): Promise<StoredImages> {
  if (!/<img\b/i.test(html)) return { html: sizeChecked(html), stored: 0 };
  const store = imageStore(connection);
  const parts = html.split(IMAGE_TAGS);
  const pictures = parts.map((part) => (/^<img\b/i.test(part) ? pictureOf(attributesOf(part).get('src') ?? '') : null));

  const metas = new Map<string, ImageMeta | null>();
  const pending: { hash: string; meta: ImageMeta; files: EncodedFile[] }[] = [];
  let n = 0;
  for (const picture of pictures) {
    if (!picture) continue;
    n += 1;
    if (!metas.has(picture.hash)) metas.set(picture.hash, await store.meta(picture.hash));
    if (metas.get(picture.hash) || !picture.bytes) continue;
    const encoded = await encodeImage(picture.bytes, picture.hash, n);
    metas.set(picture.hash, encoded.meta);
    pending.push({ hash: picture.hash, ...encoded });
  }
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
