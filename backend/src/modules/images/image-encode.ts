// One pasted picture made into the files a reader downloads: turned upright, at most
// IMAGE_WIDTHS_PX.LARGE wide, and a small copy for phones, each as WebP and as the source's own
// kind (JPEG, or PNG when the source is a PNG with transparency). Metadata (camera, place) is
// dropped. Nothing is stored here: a save encodes every picture first and stores only when all
// of them worked, so a refused picture changes nothing.
import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS_PX, type ImageFileExt } from '@fw/contracts/images';
import { HttpError } from '../../errors.ts';

/** A phone's 50-megapixel photo still fits; past this the decoded pixels would be a bomb's. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** The source kinds the editor embeds (the sanitiser's data-URL rule); an SVG is never decoded. */
const SOURCE_FORMATS = new Set(['jpeg', 'png']);
const WEBP_QUALITY = 75;
const JPEG_QUALITY = 78;
/** A small copy is made only when it saves something worth a second file. */
const SMALL_COPY_MIN_RATIO = 1.25;

export const IMAGE_MESSAGES = {
  notImage: (n: number) =>
    `Image ${n} is not a JPEG or PNG picture this site can read, so the article was not saved. Insert the picture again from its file.`,
  tooManyPixels: (n: number, width: number, height: number) =>
    `Image ${n} is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); pictures may have at most ${
      IMAGE_MAX_INPUT_PIXELS / 1e6
    } megapixels, so the article was not saved. Make it smaller and insert it again.`,
} as const;

export interface EncodedFile {
  name: string;
  width: number;
  ext: ImageFileExt;
  data: Buffer;
}

export interface ImageMeta {
  /** The stored width and height of the largest copy (the `width`/`height` the markup carries). */
  width: number;
  height: number;
  /** Every width kept, smallest first; each has a WebP and a fallback file. */
  widths: number[];
  fallback: 'jpg' | 'png';
}

/** 32 hex characters of the SHA-256 of the picture's bytes as sent: its name, so it is stored once. */
export const imageHash = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** `n` is the picture's place in the article, for the message. */
export async function encodeImage(
  bytes: Buffer,
  hash: string,
  n: number,
): Promise<{ meta: ImageMeta; files: EncodedFile[] }> {
  const input = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
  let info: Metadata;
  try {
    // The header only (no pixel is decoded), without the limit, so a bomb is named as one below.
    info = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  }
  if (!SOURCE_FORMATS.has(info.format ?? '') || !info.width || !info.height) {
    throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  }
  // Checked from the header, before a pixel is decoded (sharp's own limit stands behind it).
  if (info.width * info.height > IMAGE_MAX_INPUT_PIXELS) {
    throw new HttpError('BODY_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels(n, info.width, info.height));
  }
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (info.orientation ?? 1) >= 5 ? info.height : info.width;
  const large = Math.min(uprightWidth, IMAGE_WIDTHS_PX.LARGE);
  const widths = large >= IMAGE_WIDTHS_PX.SMALL * SMALL_COPY_MIN_RATIO ? [IMAGE_WIDTHS_PX.SMALL, large] : [large];
  const fallback = info.format === 'png' && info.hasAlpha ? 'png' : 'jpg';

  try {
    // Decoded once, at the large width (a JPEG is shrunk while it is read), then copied from.
    const upright = await input().autoOrient().resize({ width: large, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const { width: rawWidth, height: rawHeight, channels } = upright.info;
    const files: EncodedFile[] = [];
    for (const width of widths) {
      for (const ext of ['webp', fallback] as const) {
        const pipeline = sharp(upright.data, { raw: { width: rawWidth, height: rawHeight, channels } }).resize({ width });
        const data = await (ext === 'webp'
          ? pipeline.webp({ quality: WEBP_QUALITY })
          : ext === 'png'
            ? pipeline.png({ compressionLevel: 9, palette: true })
            : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        ).toBuffer();
        files.push({ name: `${hash}-${width}.${ext}`, width, ext, data });
      }
    }
    return { meta: { width: large, height: rawHeight, widths, fallback }, files };
  } catch {
    // A header that reads but pixels that do not (a truncated or damaged file).
    throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  }
}
