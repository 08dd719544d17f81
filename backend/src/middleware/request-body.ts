// The JSON body parser (koa-bodyparser), with its decoding errors put in our words. A body sent
// with `Content-Encoding: gzip` (or deflate, br) that does not decompress made zlib throw an
// error with no status, answered 500 with a stack in the log on every such request;
// it is the client's mistake: a 400 saying so, and nothing logged.
import bodyParser from 'koa-bodyparser';
import type { Context, Middleware } from 'koa';
import { LIMITS } from '@fw/contracts';
import { HttpError } from '../errors.ts';

export const BAD_ENCODING_MESSAGE =
  'The request body could not be decompressed as its Content-Encoding says. Send it as valid gzip, or uncompressed.';

/**
 * zlib's stream errors (Z_DATA_ERROR, Z_BUF_ERROR, brotli's ERR__ERROR_FORMAT_…): a numeric errno
 * and no HTTP status, on a request that declared an encoding; the bytes are not what it claims.
 */
function isDecompressionError(error: unknown, ctx: Context): boolean {
  const { errno, status, statusCode } = (error ?? {}) as Record<string, unknown>;
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  return typeof errno === 'number' && status === undefined && statusCode === undefined && encoding !== '' && encoding !== 'identity';
}

export function requestBody(): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${LIMITS.REQUEST_BODY_MAX_BYTES}b`,
    strict: true,
    onerror(error, ctx) {
      if (isDecompressionError(error, ctx)) throw new HttpError('INVALID_INPUT', BAD_ENCODING_MESSAGE);
      throw error;
    },
  });
}
