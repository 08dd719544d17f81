// Runs first: every thrown error becomes one response shape, `{ success: false, message, code }`,
// with a real status. No stack trace or database error text ever reaches a client.
import type { Context, Middleware } from 'koa';
import type { ErrorCode } from '@fw/contracts/errors';
import { HttpError } from '../errors.ts';
import { API_PREFIX } from '@fw/contracts/paths';
import {
  DB_UNREACHABLE_MESSAGE,
  DB_UNREACHABLE_RETRY_AFTER_S,
  isDatabaseUnreachable,
} from '../db/unreachable.ts';

interface KoaLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

interface ErrorAnswer {
  status: number;
  message: string;
  code: ErrorCode;
}

function fromLibraryError(error: KoaLikeError): ErrorAnswer | null {
  // koa-bodyparser / raw-body errors carry a status and are safe to describe in our own words.
  const status = error.status ?? error.statusCode;
  if (status === 413 || error.type === 'entity.too.large') {
    return { status: 413, message: 'The request body is too large.', code: 'BODY_TOO_LARGE' };
  }
  if (status === 400 && (error instanceof SyntaxError || error.type === 'entity.parse.failed')) {
    return { status: 400, message: 'The request body is not valid JSON.', code: 'INVALID_JSON' };
  }
  if (status === 415) return { status: 415, message: 'Send the request body as JSON.', code: 'UNSUPPORTED_MEDIA_TYPE' };
  if (status && status >= 400 && status < 500 && error.expose) {
    return { status, message: error.message ?? 'Bad request', code: 'INVALID_INPUT' };
  }
  return null;
}

/** The router answers an unknown path or method with a bare status; API calls get the JSON shape. */
function fromBareStatus(ctx: Context): ErrorAnswer | null {
  const call = `${ctx.method} ${ctx.path}`;
  if (ctx.status === 404) return { status: 404, message: `No such API call: ${call}`, code: 'NO_SUCH_ROUTE' };
  if (ctx.status === 405) {
    return { status: 405, message: `${call} is not allowed; this path allows ${ctx.response.get('Allow')}.`, code: 'METHOD_NOT_ALLOWED' };
  }
  if (ctx.status === 501) return { status: 501, message: `The method ${ctx.method} is not supported.`, code: 'METHOD_NOT_IMPLEMENTED' };
  return null;
}

export function errorHandler({ log = console.error }: { log?: (...args: unknown[]) => void } = {}): Middleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
      if (ctx.body === undefined && ctx.path.startsWith(API_PREFIX)) {
        const bare = fromBareStatus(ctx);
        if (bare) {
          ctx.status = bare.status;
          ctx.body = { success: false, message: bare.message, code: bare.code };
        }
      }
    } catch (error) {
      let answer: ErrorAnswer = {
        status: 500,
        message: 'Something went wrong on the server. Please try again.',
        code: 'SERVER_ERROR',
      };
      if (error instanceof HttpError) {
        answer = { status: error.status, message: error.message, code: error.code };
        ctx.set(error.headers);
      } else if (isDatabaseUnreachable(error)) {
        answer = { status: 503, message: DB_UNREACHABLE_MESSAGE, code: 'DATABASE_UNREACHABLE' };
        ctx.set('Retry-After', String(DB_UNREACHABLE_RETRY_AFTER_S));
      } else {
        answer = fromLibraryError(error as KoaLikeError) ?? answer;
      }
      // A refusal of ours (BUSY: the server chose to say "later") is one line; anything else
      // that ends in a 5xx is a fault, logged with its stack.
      if (error instanceof HttpError && answer.status >= 500) {
        log(`[api] ${ctx.method} ${ctx.path} ${answer.status} ${answer.code}: ${answer.message}`);
      } else if (answer.status >= 500) log('[api]', ctx.method, ctx.path, error);
      ctx.status = answer.status;
      ctx.body = error instanceof HttpError ? error.toBody() : { success: false, message: answer.message, code: answer.code };
    }
  };
}
