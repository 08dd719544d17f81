// A large answer that changes a little at a time (the public article list) sent as one gzip
// stream joined from pieces compressed on their own. Each piece is raw deflate ended with a sync
// flush, so it stops on a byte boundary with no final block and the pieces can follow one another;
// the join adds gzip's header, one empty final block and a trailer whose CRC-32 is combined from
// the pieces' own. A change compresses again only the pieces whose text changed, and joining is
// copying: at 10,000 articles that is a few milliseconds instead of compressing 58 MB.
//
// Written here because nothing else does it: Node's zlib has crc32() but not zlib's
// crc32_combine(), and no maintained package offers a joinable deflate (brotli streams cannot be
// joined at all, so these answers are gzip).
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { GZIP_LEVEL, type Sendable } from './shared-body.ts';

const deflateRaw = promisify(zlib.deflateRaw);

/** Reflected CRC-32 polynomial (the one gzip uses). */
const CRC_POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial, both reflected (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0..31 (x^1 reflected is 1 << 30). */
const X_POW_2K: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X_POW_2K.push(p);
  p = multModP(p, p);
}

/** x^(n·2^k) modulo the polynomial. */
function xPowModP(n: number, k: number): number {
  let result = 0x80000000; // x^0
  for (; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) result = multModP(X_POW_2K[k % 32]!, result);
  }
  return result;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(xPowModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

export interface GzipPiece {
  /** Raw deflate ending in a sync flush (byte-aligned, not final). */
  deflated: Buffer;
  crc: number;
  /** Bytes of its text. */
  length: number;
}

/** Work counted for the tests: pieces compressed. */
export const gzipPieceWork = { compressed: 0 };

/** One piece: its text compressed in the thread pool, so a large one does not stall the server. */
export async function compressPiece(text: string): Promise<GzipPiece> {
  const plain = Buffer.from(text, 'utf8');
  gzipPieceWork.compressed += 1;
  const deflated = await deflateRaw(plain, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { deflated, crc: zlib.crc32(plain), length: plain.length };
}

/** gzip's header: deflate, no name or time, from a Unix system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final fixed-Huffman block holding nothing but its end: closes the joined deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * One gzip stream (a whole, valid .gz) made of `pieces` in order, as the buffers to send one after
 * another: the pieces' own buffers between a header and a trailer, so a new version of a large
 * answer allocates (and leaves for the garbage collector) a few bytes, not a copy of the answer.
 */
export function joinPieces(pieces: readonly GzipPiece[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const end = Buffer.alloc(FINAL_EMPTY_BLOCK.length + 8);
  FINAL_EMPTY_BLOCK.copy(end);
  end.writeUInt32LE(crc, FINAL_EMPTY_BLOCK.length);
  // gzip keeps the length modulo 2^32.
  end.writeUInt32LE(length % 0x100000000, FINAL_EMPTY_BLOCK.length + 4);
  return [GZIP_HEADER, ...pieces.map((piece) => piece.deflated), end];
}

/** A part of an answer's text: `key` names everything the text is made from. */
export interface Part {
  key: string;
  text: () => string;
}

/**
 * Pieces kept by a key naming their text's content (for the list: its articles' change
 * numbers), so a text already compressed is not compressed again. What one join did not use is let
 * go at the next: memory stays about one answer's worth.
 */
export class PieceCache {
  private kept = new Map<string, Promise<GzipPiece>>();

  /** The pieces for `parts` in order; only the ones not kept are compressed, all at once. */
  async pieces(parts: readonly Part[]): Promise<GzipPiece[]> {
    const next = new Map<string, Promise<GzipPiece>>();
    for (const { key, text } of parts) {
      if (next.has(key)) continue;
      let piece = this.kept.get(key);
      if (!piece) {
        piece = compressPiece(text());
        // A failed compression is not kept: the next answer tries again.
        piece.catch(() => next.delete(key));
      }
      next.set(key, piece);
    }
    this.kept = next;
    return Promise.all(parts.map(({ key }) => next.get(key)!));
  }

  /** How many pieces are kept. */
  get size(): number {
    return this.kept.size;
  }
}

/** One version of a joined answer: gzip only (brotli streams cannot be joined). */
class JoinedBody implements Sendable {
  readonly encodings = ['gzip'] as const;
  private plain: Promise<Buffer> | null = null;

  constructor(
    private readonly parts: readonly Part[],
    private readonly gzip: Buffer[],
    readonly plainLength: number,
  ) {}

  as(): Promise<Buffer[]> {
    return Promise.resolve(this.gzip);
  }

  /** For a client that takes no compression (rare): made on its first ask, then kept. */
  plainForm(): Promise<Buffer> {
    this.plain ??= Promise.resolve(Buffer.from(this.parts.map((part) => part.text()).join(''), 'utf8'));
    return this.plain;
  }
}

/** The latest version of one answer, joined from the pieces kept since the version before. */
export class JoinedBodies {
  private readonly cache = new PieceCache();
  private latest: { version: string; body: Promise<JoinedBody> } | null = null;

  /** The body for `version`, made from `parts()` when it is new. */
  get(version: string, parts: () => readonly Part[]): Promise<JoinedBody> {
    if (this.latest?.version === version) return this.latest.body;
    const body = this.make(parts());
    this.latest = { version, body };
    // A failed version is made again by the next request.
    body.catch(() => {
      if (this.latest?.body === body) this.latest = null;
    });
    return body;
  }

  private async make(parts: readonly Part[]): Promise<JoinedBody> {
    const pieces = await this.cache.pieces(parts);
    const plainLength = pieces.reduce((sum, piece) => sum + piece.length, 0);
    return new JoinedBody(parts, joinPieces(pieces), plainLength);
  }
}

/** About this many things to a piece by default (~200 KB of article JSON). */
export const PIECE_EVERY = 32;

/** Whether a thing ends its piece: FNV-1a of its id, so the choice is spread and stable. */
function endsPiece(id: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PIECE_EVERY === 0;
}

/** A thing in a joined list: its id (where pieces end) and the change number its text was made at. */
export interface ListedThing {
  id: string;
  seq: number;
}

/**
 * A list's text in parts: the head, the things in pieces, the tail. Where a piece ends is decided
 * by its last thing's id (one id in PIECE_EVERY ends one; `each` makes every thing its own piece),
 * not by counting: a thing added between older ones, or removed, changes its own piece alone, and
 * the others keep their text and so their compressed form.
 */
export function listParts<T extends ListedThing>(
  things: readonly T[],
  { head, tail, separator, item, each = false }: { head: string; tail: string; separator: string; item: (thing: T) => string; each?: boolean },
): Part[] {
  const groups: T[][] = [];
  let group: T[] = [];
  for (const thing of things) {
    group.push(thing);
    if (each || endsPiece(thing.id)) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length) groups.push(group);
  return [
    { key: `head ${head}`, text: () => head },
    ...groups.map((members, i) => {
      const lead = i === 0 ? '' : separator;
      return {
        // A change number is one change of one thing (sync/feed-index.ts): it names the text alone.
        key: `${i === 0 ? 'first' : 'next'} ${members.map((thing) => thing.seq).join(' ')}`,
        text: () => lead + members.map(item).join(separator),
      };
    }),
    { key: `tail ${tail}`, text: () => tail },
  ];
}
