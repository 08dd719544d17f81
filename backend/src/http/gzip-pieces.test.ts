// A gzip stream joined from pieces compressed on their own is one valid .gz of their texts in
// order, its CRC-32 combined right, and a cache compresses only the pieces it has not seen.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPiece, crc32Combine, gzipPieceWork, joinPieces, PieceCache } from './gzip-pieces.ts';

describe('crc32Combine', () => {
  it('gives the CRC-32 of two texts one after the other, for any lengths', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 17],
      [1, 1],
      [1000, 3],
      [70_000, 65_537],
      [5, 1_000_003],
    ] as const) {
      const first = crypto.randomBytes(a);
      const second = crypto.randomBytes(b);
      const whole = zlib.crc32(Buffer.concat([first, second]));
      expect(crc32Combine(zlib.crc32(first), zlib.crc32(second), b), `${a} + ${b}`).toBe(whole);
    }
  });
});

describe('joinPieces', () => {
  it('makes one gzip stream that any gunzip reads as the texts in order', async () => {
    const texts = ['{"success":true,"articles":[', '', `{"a":"${'ä word '.repeat(20_000)}"}`, ',{"b":1}', ']}'];
    const pieces = await Promise.all(texts.map(compressPiece));
    const joined = Buffer.concat(joinPieces(pieces));
    expect(zlib.gunzipSync(joined).toString('utf8')).toBe(texts.join(''));
    // Compressed about as well as the whole text at once: a few bytes of flush per piece more.
    expect(joined.length).toBeLessThan(zlib.gzipSync(texts.join('')).length + 16 * texts.length);
  });

  it('makes a valid empty stream from no pieces', () => {
    expect(zlib.gunzipSync(Buffer.concat(joinPieces([]))).length).toBe(0);
  });
});

describe('PieceCache', () => {
  it('compresses a piece once while it is asked for, and lets go what the last join did not use', async () => {
    const cache = new PieceCache();
    const parts = (keys: string[]) => keys.map((key) => ({ key, text: () => `text of ${key} `.repeat(100) }));
    const before = gzipPieceWork.compressed;
    const first = await cache.pieces(parts(['a', 'b', 'c']));
    expect(gzipPieceWork.compressed - before).toBe(3);
    const second = await cache.pieces(parts(['a', 'b2', 'c']));
    expect(gzipPieceWork.compressed - before).toBe(4);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(cache.size).toBe(3);
    // `b` was let go: asked for again, it is compressed again.
    await cache.pieces(parts(['a', 'b', 'c']));
    expect(gzipPieceWork.compressed - before).toBe(5);
  });
});
