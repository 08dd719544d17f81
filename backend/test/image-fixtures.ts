// Pictures for the image tests, made at run time: noisy, so they do not compress to nothing, as
// a phone's photo does not.
import zlib from 'node:zlib';
import sharp from 'sharp';

export async function noisyPhoto(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const picture = sharp({
    create: { width, height, channels: 3, background: '#7a6a5a', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg({ quality: 85 }).toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG colour types by channel count: grey, grey + alpha, RGB, RGBA. */
const PNG_COLOUR_TYPE = { 1: 0, 2: 4, 3: 2, 4: 6 } as const;

function pngHeader(width: number, height: number, channels: 1 | 2 | 3 | 4, depth: 8 | 16, interlaced: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, PNG_COLOUR_TYPE[channels], 0, 0, interlaced ? 1 : 0], 8);
  return header;
}

/**
 * A PNG whose header says `width` × `height` (a decompression bomb's promise) with almost no
 * pixel data behind it: only the header is ever read.
 */
export function bombPng(width: number, height: number, options: PlainPngOptions = {}): Buffer {
  const { channels = 1, depth = 8, interlaced = false } = options;
  const idat = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngHeader(width, height, channels, depth, interlaced)),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface PlainPngOptions {
  channels?: 1 | 2 | 3 | 4;
  depth?: 8 | 16;
  /** Adam7: a decoder must hold the whole picture before it has one full row. */
  interlaced?: boolean;
}

/** The bytes of the filtered scanlines: a filter byte per row of each pass (Adam7's seven, or one). */
function scanlineBytes(width: number, height: number, bytesPerPixel: number, interlaced: boolean): number {
  const passes = interlaced
    ? [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]]
    : [[0, 0, 1, 1]];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * (1 + w * bytesPerPixel);
  }
  return total;
}

/**
 * A whole, valid PNG of black (transparent) pixels: every pixel is there, so a decoder does all
 * its work, yet the file is tiny (zeros compress about a thousandfold) and making it holds one
 * megabyte at a time, never the picture.
 */
export async function plainPng(width: number, height: number, options: PlainPngOptions = {}): Promise<Buffer> {
  const { channels = 3, depth = 8, interlaced = false } = options;
  let left = scanlineBytes(width, height, (channels * depth) / 8, interlaced);
  const zeros = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  while (left > 0) {
    const piece = zeros.subarray(0, Math.min(left, zeros.length));
    left -= piece.length;
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngHeader(width, height, channels, depth, interlaced)),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
