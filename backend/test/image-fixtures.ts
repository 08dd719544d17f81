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

/**
 * A PNG whose header says `width` × `height` (a decompression bomb's promise) with almost no
 * pixel data behind it: only the header is ever read.
 */
export function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

