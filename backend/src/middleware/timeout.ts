// No request may hang: a handler that has not answered in time gets a 503 with a clear message.
import type { Middleware } from 'koa';
import { HttpError } from '../errors.ts';

export function requestTimeout({ ms }: { ms: number }): Middleware {
  return async function limitTime(_ctx, next) {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new HttpError('BUSY', 'The server took too long to answer. Please try again.')),
        ms,
      );
    });
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
