// Compressed answers: koa-compress for every answer over COMPRESS_MIN_BYTES whose client accepts
// brotli or gzip (Vary: Accept-Encoding on all of them). Bodies the same for every caller are
// compressed once per version instead (http/shared-body.ts).
import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import { COMPRESS_MIN_BYTES, GZIP_LEVEL } from '../http/shared-body.ts';

/** Brotli quality for per-request compression: fast enough to run on every answer. */
const BROTLI_QUALITY_PER_REQUEST = 4;

export function compression(): Middleware {
  return compress({
    threshold: COMPRESS_MIN_BYTES,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_REQUEST } },
    gzip: { level: GZIP_LEVEL },
    // Only brotli and gzip: every browser has both; deflate and zstd add nothing here.
    deflate: false,
    zstd: false,
  } as compress.CompressOptions);
}
