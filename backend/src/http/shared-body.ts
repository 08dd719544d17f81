// Shared bodies: answers that are the same for every caller (feed pages, the article list, one
// article, the schedule) are kept per version with their br and gzip forms made once, so a
// thousand devices pulling the same page cost one compression, not a thousand. Handlers send them
// with sendShared(); every other answer is compressed per request (middleware/compress.ts).
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Context } from 'koa';

/** Below this a compressed answer saves less than the work and headers cost (here and per request). */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli quality for shared bodies, compressed once per version: smaller, still fast (~25 MB/s). */
const BROTLI_QUALITY_SHARED = 5;
export const GZIP_LEVEL = 6;
/**
 * Memory kept for shared bodies (the forms each holds). Least recently used
 * versions go first; a body larger than this is still sent compressed, just not kept.
 */
const SHARED_BODY_CACHE_MAX_BYTES = 256 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** What sendShared() sends: a body made once per version, in the encodings it has. */
export interface Sendable {
  /** Bytes of the plain form. */
  readonly plainLength: number;
  /** The encodings it can be sent in. */
  readonly encodings: readonly Encoding[];
  /** The body in `encoding`: one buffer, or buffers sent one after another (a joined body). */
  as(encoding: Encoding): Promise<Buffer | readonly Buffer[]>;
  plainForm(): Promise<Buffer>;
}

/** Work counted for the tests: plain forms made again from brotli. */
export const sharedBodyWork = { plainRemade: 0 };

/**
 * One version of a shared body: its plain form and compressed forms made on first demand. Once
 * its brotli form exists the plain form is let go (a large library's plain JSON is about five
 * times its brotli size). A client that takes no compression gets it made again from brotli once,
 * then kept (and counted against the cache's bound), so each such answer costs about what a
 * compressed one does instead of a decompression of the whole body (~12 ms at 500 articles).
 */
export class SharedBody implements Sendable {
  /** Bytes of the plain form, whether it is held or not. */
  readonly plainLength: number;
  readonly encodings = ['br', 'gzip'] as const;
  private plain: Buffer | null;
  private remaking: Promise<Buffer> | null = null;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private encodedBytes = 0;

  constructor(
    text: string,
    private readonly onGrow: (bytes: number) => void = () => {},
  ) {
    this.plain = Buffer.from(text, 'utf8');
    this.plainLength = this.plain.length;
  }

  get bytes(): number {
    return (this.plain?.length ?? 0) + this.encodedBytes;
  }

  /** The plain form (made again from brotli when it was let go, and kept from then on). */
  plainForm(): Promise<Buffer> {
    if (this.plain) return Promise.resolve(this.plain);
    this.remaking ??= this.fromBrotli().then(
      (plain) => {
        this.plain = plain;
        this.onGrow(plain.length);
        return plain;
      },
      (error: unknown) => {
        this.remaking = null;
        throw error;
      },
    );
    return this.remaking;
  }

  private async fromBrotli(): Promise<Buffer> {
    sharedBodyWork.plainRemade += 1;
    return brotliDecompress(await this.as('br'));
  }

  as(encoding: Encoding): Promise<Buffer> {
    let made = this.encoded.get(encoding);
    if (!made) {
      made = this.encode(encoding);
      made.then(
        (buffer) => {
          this.encodedBytes += buffer.length;
          let grown = buffer.length;
          if (encoding === 'br' && this.plain) {
            grown -= this.plain.length;
            this.plain = null;
          }
          this.onGrow(grown);
        },
        () => this.encoded.delete(encoding),
      );
      this.encoded.set(encoding, made);
    }
    return made;
  }

  /** zlib's async forms run in the thread pool, so a large body does not stall other requests. */
  private async encode(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'br') {
      return brotli(this.plain!, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_SHARED,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.plainLength,
        },
      });
    }
    // From brotli without keeping the plain form: the gzip form is what such clients are sent.
    return gzip(this.plain ?? (await this.fromBrotli()), { level: GZIP_LEVEL });
  }
}

/** Shared bodies by version key, bounded by SHARED_BODY_CACHE_MAX_BYTES (least recently used out). */
export class SharedBodies {
  private readonly entries = new Map<string, SharedBody>();
  private totalBytes = 0;

  constructor(private readonly maxBytes = SHARED_BODY_CACHE_MAX_BYTES) {}

  /** The body for `key`, rendered by `render` the first time (and after it was evicted). */
  async get(key: string, render: () => string | Promise<string>): Promise<SharedBody> {
    const found = this.entries.get(key);
    if (found) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const text = await render();
    const raced = this.entries.get(key);
    if (raced) return raced;
    const body: SharedBody = new SharedBody(text, (grown) => this.grow(key, body, grown));
    if (body.bytes <= this.maxBytes) {
      this.entries.set(key, body);
      this.grow(key, body, body.bytes);
    }
    return body;
  }

  get size(): number {
    return this.totalBytes;
  }

  /** How many bodies are kept (what a run of odd requests must not grow). */
  get count(): number {
    return this.entries.size;
  }

  private grow(key: string, body: SharedBody, bytes: number) {
    // Growth of a body no longer kept (evicted, perhaps replaced under the same key) counts nothing.
    if (this.entries.get(key) !== body) return;
    this.totalBytes += bytes;
    for (const [oldKey, old] of this.entries) {
      if (this.totalBytes <= this.maxBytes || oldKey === key) break;
      this.entries.delete(oldKey);
      this.totalBytes -= old.bytes;
    }
  }
}

/** The q-value the client gives `encoding` in Accept-Encoding (`*` counts; absent = 0). */
function qualityOf(header: string, encoding: Encoding): number {
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (name === encoding) return q;
    if (name === '*') wildcard = q;
  }
  return wildcard;
}

/**
 * Of the body's encodings, the accepted one with the highest q-value, brotli on a tie (browsers
 * list it last but it is the smaller one); none when the client accepts neither.
 */
function preferredEncoding(ctx: Context, offered: readonly Encoding[]): Encoding | undefined {
  const header = ctx.get('Accept-Encoding');
  const br = offered.includes('br') ? qualityOf(header, 'br') : 0;
  const gz = offered.includes('gzip') ? qualityOf(header, 'gzip') : 0;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/** Sends a shared body (JSON unless `type` says otherwise) in the best encoding the client accepts, compressed once per version. */
export async function sendShared(ctx: Context, body: Sendable, type = 'application/json'): Promise<void> {
  ctx.type = type;
  ctx.vary('Accept-Encoding');
  // koa-compress must not compress it again.
  ctx.compress = false;
  const encoding = body.plainLength < COMPRESS_MIN_BYTES ? undefined : preferredEncoding(ctx, body.encodings);
  // HEAD takes the same form as GET (Koa sends its headers and no body): its encoding and length
  // are GET's, and the form is the one kept anyway, where the plain one may have to be made.
  if (encoding) {
    const encoded = await body.as(encoding);
    if (Buffer.isBuffer(encoded)) ctx.body = encoded;
    else {
      ctx.body = Readable.from(encoded, { objectMode: false });
      // After the body: Koa drops the length when a stream is set.
      ctx.length = encoded.reduce((sum, buffer) => sum + buffer.length, 0);
    }
    ctx.set('Content-Encoding', encoding);
    return;
  }
  ctx.body = await body.plainForm();
}
