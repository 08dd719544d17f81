// The one error class services throw; the error middleware turns it into `{ success:false, message }`.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra named fields for the body, e.g. the server's copy of an article on a 409. */
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(409, message, body);
