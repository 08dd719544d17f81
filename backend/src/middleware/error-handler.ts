// Runs first: every thrown error becomes one response shape with a real status. No stack trace or
// database error text ever reaches a client.
import type { Middleware } from 'koa';
import { HttpError } from '../errors.ts';

interface KoaLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

function fromLibraryError(error: KoaLikeError): { status: number; message: string } | null {
  // koa-bodyparser / raw-body errors carry a status and are safe to describe in our own words.
  const status = error.status ?? error.statusCode;
  if (status === 413 || error.type === 'entity.too.large') {
    return { status: 413, message: 'The request body is too large.' };
  }
  if (status === 400 && (error instanceof SyntaxError || error.type === 'entity.parse.failed')) {
    return { status: 400, message: 'The request body is not valid JSON.' };
  }
  if (status === 415) return { status: 415, message: 'Send the request body as JSON.' };
  if (status && status >= 400 && status < 500 && error.expose) {
    return { status, message: error.message ?? 'Bad request' };
  }
  return null;
}

export function errorHandler({ log = console.error }: { log?: (...args: unknown[]) => void } = {}): Middleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { success: false, message: `No such API call: ${ctx.method} ${ctx.path}` };
      }
    } catch (error) {
      let status = 500;
      let message = 'Something went wrong on the server. Please try again.';
      let extra: Record<string, unknown> = {};
      if (error instanceof HttpError) {
        status = error.status;
        message = error.message;
        extra = error.body;
        ctx.set(error.headers);
      } else {
        const known = fromLibraryError(error as KoaLikeError);
        if (known) ({ status, message } = known);
      }
      if (status >= 500) log('[api]', ctx.method, ctx.path, error);
      ctx.status = status;
      ctx.body = { success: false, message, ...extra };
    }
  };
}
