// The one error class services throw; the error middleware turns it into
// `{ success: false, message, code }`. The HTTP status follows from the code (contracts/errors.ts).
import { ERROR_CODES, type ErrorCode } from '@fw/contracts/errors';

export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra named fields for the body, e.g. the server's copy of an article on a 409. */
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }

  /** The body the client receives (also what an idempotent replay sends again). */
  toBody(): Record<string, unknown> {
    return { success: false, message: this.message, code: this.code, ...this.body };
  }
}
