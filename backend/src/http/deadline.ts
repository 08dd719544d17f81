// A request's time limit as its writes see it. middleware/timeout.ts gives each request one; the
// write path calls `enterWrite()` right before the request's first database write (db/write-change.ts
// before a change, images/image-html.ts before storing pictures, users.service before an account).
// Until then the time limit may answer 503 "nothing was saved" and every later write is refused;
// once a write has begun, the request is past its point of no return and answers its real result.
// Both sides run on the one event loop, so "expired" and "writing" are decided without a race.
import type { Context } from 'koa';
import { HttpError } from '../errors.ts';
import type { WriteDeadline } from '../db/claims/index.ts';

export const DEADLINE_MESSAGES = {
  NOTHING_SAVED: 'The server took too long to answer, and nothing was saved. Please try again.',
  UNCONFIRMED_WITH_KEY:
    'The server is still saving this change and could not confirm it in time. It may be saved: sending it again with the same Idempotency-Key is safe and returns its answer.',
  UNCONFIRMED:
    'The server is still saving this change and could not confirm it in time. It may be saved: check before sending it again.',
} as const;

export class RequestDeadline implements WriteDeadline {
  private expired = false;
  private writing = false;

  /** Refuses (503) once the time is up; otherwise marks the request as writing, for good. */
  enterWrite(): void {
    if (this.expired) throw new HttpError('BUSY', DEADLINE_MESSAGES.NOTHING_SAVED);
    this.writing = true;
  }

  /** The time is up: true when nothing was written (no write may start now), false once one began. */
  expire(): boolean {
    if (this.writing) return false;
    this.expired = true;
    return true;
  }
}

export function setDeadline(ctx: Context, deadline: RequestDeadline): void {
  (ctx.state as { deadline?: RequestDeadline }).deadline = deadline;
}

/** The request's deadline (absent outside the app's chain, e.g. a service called by a tool). */
export function deadlineOf(ctx: Context): RequestDeadline | undefined {
  return (ctx.state as { deadline?: RequestDeadline }).deadline;
}
