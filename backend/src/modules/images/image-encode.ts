// One pasted picture made into the files a reader downloads: turned upright, at most
// IMAGE_WIDTHS_PX.LARGE wide (and at most WebP's side tall), and smaller copies for phones, each as
// WebP and as the source's own kind (JPEG, or PNG when the source is a PNG with transparency).
// Metadata (camera, place) is dropped. Nothing is stored here: a save reads every picture's
// header first (readPicture), then encodes them all, and stores only when all of them worked,
// so a refused picture changes nothing.
import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS_PX, type ImageFileExt } from '@fw/contracts/images';
import { HttpError } from '../../errors.ts';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_MESSAGES, WEBP_MAX_SIDE_PX, maxPixelsOf, type PictureDepth } from './image-limits.ts';

// For the whole process, once: no cache of decoded files (every save's pictures are new, and a
// cache holds memory after them) and one libvips thread per picture, so picture work takes one
// core and one of libuv's threads at a time (image-queue.ts).
sharp.cache(false);
sharp.concurrency(1);

const WEBP_QUALITY = 75;
const JPEG_QUALITY = 78;
/** A smaller copy is made only when it saves something worth another file. */
const SMALL_COPY_MIN_RATIO = 1.25;
/** The copies below the large one, smallest first. */
const SMALLER_WIDTHS_PX = [IMAGE_WIDTHS_PX.SMALL, IMAGE_WIDTHS_PX.MEDIUM];
/** Bytes per channel of the sample formats a PNG or JPEG decodes to (8-bit unless named). */
const SAMPLE_BYTES: Record<string, number> = { ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 };

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

/** What a picture's header says, read before any pixel is decoded. */
export interface PictureHeader {
  format: 'jpeg' | 'png';
  /** As stored; `upright*` as shown (EXIF orientations 5-8 turn the picture a quarter). */
  width: number;
  height: number;
  uprightWidth: number;
  uprightHeight: number;
  hasAlpha: boolean;
  depth: PictureDepth;
}

/** 32 hex characters of the SHA-256 of the picture's bytes as sent: its name, so it is stored once. */
export const imageHash = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The header of the `n`th picture of an article, checked against the per-picture limit
 * (image-limits.ts). Only a file that starts as a PNG or a JPEG reaches libvips at all, so no
 * other decoder (an SVG's, a TIFF's) ever sees what a client sent.
 */
export async function readPicture(bytes: Buffer, n: number): Promise<PictureHeader> {
  const looksTaken = bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.subarray(0, 3).equals(JPEG_START);
  if (!looksTaken) throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  let info: Metadata;
  try {
    // The header only (no pixel is decoded), without the limit, so a bomb is named as one below.
    info = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  }
  const { format, width, height, channels } = info;
  if ((format !== 'jpeg' && format !== 'png') || !width || !height || !channels) {
    throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  }
  // A progressive JPEG is decoded through a buffer of 16-bit coefficients for every pixel.
  const progressiveJpeg = format === 'jpeg' && info.isProgressive === true;
  const depth: PictureDepth = {
    channels,
    bytesPerChannel: Math.max(SAMPLE_BYTES[info.depth ?? ''] ?? 1, progressiveJpeg ? 2 : 1),
    ...(progressiveJpeg ? { progressiveJpeg } : {}),
  };
  if (width * height > maxPixelsOf(depth)) {
    throw new HttpError('BODY_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels(n, width, height, depth));
  }
  const turned = (info.orientation ?? 1) >= 5;
  return {
    format,
    width,
    height,
    uprightWidth: turned ? height : width,
    uprightHeight: turned ? width : height,
    hasAlpha: info.hasAlpha ?? false,
    depth,
  };
}

/**
 * The sizes of the stored copies, smallest first: the large one fits LARGE wide and WebP's side
 * tall (a long screenshot is narrowed until it does), never larger than the source; the SMALL and
 * MEDIUM ones each when it saves enough against the large one. Each side is at least a pixel.
 */
function copySizes({ uprightWidth: w, uprightHeight: h }: Pick<PictureHeader, 'uprightWidth' | 'uprightHeight'>) {
  const scale = Math.min(1, IMAGE_WIDTHS_PX.LARGE / w, WEBP_MAX_SIDE_PX / h);
  const large = { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
  const smaller = SMALLER_WIDTHS_PX.filter((width) => large.width >= width * SMALL_COPY_MIN_RATIO).map((width) => ({
    width,
    height: Math.max(1, Math.round((large.height * width) / large.width)),
  }));
  return [...smaller, large];
}

/** `n` is the picture's place in the article, for the message; `header` is readPicture's. */
export async function encodeImage(
  bytes: Buffer,
  hash: string,
  header: PictureHeader,
  n: number,
): Promise<{ meta: ImageMeta; files: EncodedFile[] }> {
  const sizes = copySizes(header);
  const large = sizes[sizes.length - 1]!;
  const fallback = header.format === 'png' && header.hasAlpha ? 'png' : 'jpg';
  try {
    // Decoded once, at the large size (a JPEG is shrunk while it is read), then copied from.
    // The header was checked already; sharp's own pixel limit stands behind it.
    const upright = await sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ ...large, fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: rawWidth, height: rawHeight, channels } = upright.info;
    const files: EncodedFile[] = [];
    for (const size of sizes) {
      for (const ext of ['webp', fallback] as const) {
        const pipeline = sharp(upright.data, { raw: { width: rawWidth, height: rawHeight, channels } }).resize({ ...size, fit: 'fill' });
        const data = await (ext === 'webp'
          ? pipeline.webp({ quality: WEBP_QUALITY })
          : ext === 'png'
            ? pipeline.png({ compressionLevel: 9, palette: true })
            : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        ).toBuffer();
        files.push({ name: `${hash}-${size.width}.${ext}`, width: size.width, ext, data });
      }
    }
    return { meta: { width: large.width, height: large.height, widths: sizes.map((s) => s.width), fallback }, files };
  } catch {
    // A header that reads but pixels that do not (a truncated or damaged file).
    throw new HttpError('INVALID_INPUT', IMAGE_MESSAGES.notImage(n));
  }
}
