// What one save may ask of the picture pipeline (image-html.ts, image-encode.ts), all checked from
// the article's markup and each picture's header before a pixel is decoded, so a refused save
// costs almost nothing and changes nothing:
// - a picture's decoded size: its pixels times the bytes each takes (channels × 1, or × 2 for
//   16-bit colour and for a progressive JPEG, whose decoder holds 16-bit coefficients for every
//   pixel), since an interlaced PNG or a progressive JPEG is held whole while it is decoded;
// - the pictures of one save: how many, and how many new pixels in all (the time a save takes);
// - the sides of the stored copies: WebP's limit (image-encode.ts fits a tall picture into it).
// The messages name the picture by its place and the limit it hit, so a person can act on them.
import { HttpError } from '../../errors.ts';

/** Every picture of an article, new or stored (each costs a lookup, a new one an encode). */
export const IMAGE_MAX_PER_SAVE = 60;
/** A phone's 50-megapixel photo still fits; past this the decoded pixels would be a bomb's. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/**
 * A picture decoded whole at most: a 50-megapixel photo (3 bytes a pixel). A picture with more
 * bytes a pixel (transparency, 16-bit colour) may have fewer pixels: 16-bit RGBA, 8 bytes a
 * pixel, at most 18.7 megapixels. One picture is decoded at a time (image-queue.ts), so this is
 * about what the whole server holds for pictures at once.
 */
export const IMAGE_MAX_DECODED_BYTES = 150_000_000;
/**
 * New pictures in one save, in all: a 50-megapixel photo, or five of 12. Some seconds of encoding
 * on one core, well inside the request's time even after a wait in the queue.
 */
export const IMAGE_MAX_SAVE_PIXELS = 60_000_000;
/** libwebp's limit on either side of a picture it writes. */
export const WEBP_MAX_SIDE_PX = 16_383;

/** A size as sent, rounded up, and a limit, rounded down, so "over the limit" always reads so. */
const sizeMegapixels = (pixels: number) => String(Math.ceil(pixels / 1e5) / 10);
const limitMegapixels = (pixels: number) => String(Math.floor(pixels / 1e5) / 10);

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** What a `data:` picture of a kind the site does not take is, in a person's words. */
function kindOf(mediaType: string): string {
  const type = mediaType.trim().toLowerCase();
  const known: Record<string, string> = {
    'image/svg+xml': 'an SVG drawing (image/svg+xml)',
    'image/gif': 'a GIF (image/gif)',
    'image/webp': 'a WebP picture (image/webp)',
    'image/avif': 'an AVIF picture (image/avif)',
    'image/heic': 'a HEIC photo (image/heic)',
    'image/bmp': 'a BMP picture (image/bmp)',
    'image/tiff': 'a TIFF picture (image/tiff)',
  };
  if (known[type]) return known[type];
  return /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(type) ? `of the type ${type}` : 'of a type this site does not know';
}

export interface PictureDepth {
  channels: number;
  /** Bytes per channel while decoding: 2 for 16-bit colour and for a progressive JPEG. */
  bytesPerChannel: number;
  progressiveJpeg?: boolean;
}

/** The pixels a picture of this depth may have (the smaller of the two limits above). */
export function maxPixelsOf({ channels, bytesPerChannel }: PictureDepth): number {
  return Math.min(IMAGE_MAX_INPUT_PIXELS, Math.floor(IMAGE_MAX_DECODED_BYTES / (channels * bytesPerChannel)));
}

/** The pictures a limit below 50 megapixels is for, as the message names them. */
function kindWords({ channels, bytesPerChannel, progressiveJpeg }: PictureDepth): string {
  if (progressiveJpeg) return 'progressive JPEG pictures';
  const alpha = channels === 2 || channels === 4 ? ' with transparency' : '';
  return `pictures in ${bytesPerChannel === 2 ? '16-bit' : '8-bit'} colour${alpha}`;
}

export const IMAGE_MESSAGES = {
  notImage: (n: number) =>
    `The ${ordinal(n)} picture is not a JPEG or PNG picture this site can read, so the article was not saved. Insert the picture again from its file.`,
  notTaken: (n: number, mediaType: string) =>
    `The ${ordinal(n)} picture is ${kindOf(mediaType)}; articles take JPEG and PNG pictures only, so the article was not saved. Save it as a JPEG or PNG and insert it again.`,
  tooManyPixels: (n: number, width: number, height: number, depth: PictureDepth) => {
    const max = maxPixelsOf(depth);
    const which = max < IMAGE_MAX_INPUT_PIXELS ? kindWords(depth) : 'pictures';
    return (
      `The ${ordinal(n)} picture is ${width} × ${height} pixels (${sizeMegapixels(width * height)} megapixels); ` +
      `${which} may be at most ${limitMegapixels(max)} megapixels, so the article was not saved. Make it smaller and insert it again.`
    );
  },
  tooManyPictures: (count: number) =>
    `This article holds ${count} pictures; a save may hold at most ${IMAGE_MAX_PER_SAVE} pictures, so the article was not saved. Split it into two articles.`,
  tooManySavePixels: (pixels: number) =>
    `The new pictures in this save add up to ${sizeMegapixels(pixels)} megapixels; the pictures in one save may add up to at most ${limitMegapixels(
      IMAGE_MAX_SAVE_PIXELS,
    )} megapixels, so the article was not saved. Save it with some of them, then add the others in a second save.`,
} as const;

export const tooManyPictures = (count: number) => new HttpError('BODY_TOO_LARGE', IMAGE_MESSAGES.tooManyPictures(count));
export const tooManySavePixels = (pixels: number) => new HttpError('BODY_TOO_LARGE', IMAGE_MESSAGES.tooManySavePixels(pixels));
