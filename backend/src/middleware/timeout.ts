// No request may hang: a handler that has not answered in time gets a 503 with a clear message.
// The 503 must be true (http/deadline.ts): when no write of the request has begun, the answer says
// nothing was saved and the deadline refuses every later write; when one has, the request gets
// `finishMs` more to answer its real result, and only if even that runs out is it told that the
// change may be saved (with an Idempotency-Key, the retry then returns the stored answer).
import type { Middleware } from 'koa';
import { HEADERS } from '@fw/contracts';
import { HttpError } from '../errors.ts';
import { DEADLINE_MESSAGES, RequestDeadline, setDeadline } from '../http/deadline.ts';

export function requestTimeout({ ms, finishMs }: { ms: number; finishMs: number }): Middleware {
  return async function limitTime(ctx, next) {
    const deadline = new RequestDeadline();
    setDeadline(ctx, deadline);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (deadline.expire()) return reject(new HttpError('BUSY', DEADLINE_MESSAGES.NOTHING_SAVED));
        const unconfirmed = ctx.get(HEADERS.IDEMPOTENCY_KEY)
          ? DEADLINE_MESSAGES.UNCONFIRMED_WITH_KEY
          : DEADLINE_MESSAGES.UNCONFIRMED;
        timer = setTimeout(() => reject(new HttpError('BUSY', unconfirmed)), finishMs);
      }, ms);
    });
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
