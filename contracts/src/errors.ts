// The closed list of error codes: every error answer is `{ success: false, message, code }`, and a
// client decides what to do from `code` (retry, give up, resolve a conflict, log in again), never
// from the message or from which other fields the body happens to carry. No zod here, so the PWA
// imports it without the schema library.

/** What a client may do about an error. */
export type ErrorKind =
  /** The request is wrong or not allowed as it stands; sending it again changes nothing. */
  | 'refused'
  /** The same request may succeed later (server busy, rate limit, a duplicate still in progress). */
  | 'transient'
  /** The admin's login is missing or no longer good: keep the request and ask for a new login. */
  | 'sign-in'
  /** An edit was made on an older version; the body carries the server's copy to choose from. */
  | 'edit-conflict';

interface ErrorCodeSpec {
  status: number;
  kind: ErrorKind;
}

export const ERROR_CODES = {
  /** A field, id or query value fails validation. */
  INVALID_INPUT: { status: 400, kind: 'refused' },
  /** The body is not JSON (or a JSON-in-text field is not). */
  INVALID_JSON: { status: 400, kind: 'refused' },
  /** The Idempotency-Key header is not a valid key. */
  INVALID_IDEMPOTENCY_KEY: { status: 400, kind: 'refused' },
  /** Login with an unknown email or a wrong password. */
  BAD_CREDENTIALS: { status: 401, kind: 'refused' },
  /** No admin token was sent. */
  TOKEN_MISSING: { status: 401, kind: 'sign-in' },
  /** The token is not one this server signed. */
  TOKEN_INVALID: { status: 401, kind: 'sign-in' },
  TOKEN_EXPIRED: { status: 401, kind: 'sign-in' },
  /** The token's account was deleted. */
  ACCOUNT_GONE: { status: 401, kind: 'sign-in' },
  /** The account exists but an administrator has not approved it yet. */
  NOT_APPROVED: { status: 403, kind: 'sign-in' },
  NOT_ADMIN: { status: 403, kind: 'sign-in' },
  /** The request came from a browser origin the server does not allow. */
  ORIGIN_NOT_ALLOWED: { status: 403, kind: 'refused' },
  ADMIN_UNDELETABLE: { status: 403, kind: 'refused' },
  /** The record (article, comment, user) does not exist, or no longer does. */
  NOT_FOUND: { status: 404, kind: 'refused' },
  /** No API call has this path. */
  NO_SUCH_ROUTE: { status: 404, kind: 'refused' },
  /** The path exists, but not for this method. */
  METHOD_NOT_ALLOWED: { status: 405, kind: 'refused' },
  /** A method no route of the server knows (e.g. TRACE). */
  METHOD_NOT_IMPLEMENTED: { status: 501, kind: 'refused' },
  /**
   * A study space call whose Space-Credential does not open that space (or no space has that id:
   * the answer is the same, so it tells nobody which spaces exist).
   */
  SPACE_LOCKED: { status: 401, kind: 'refused' },
  /** The space was removed by one of its devices; its words no longer work. */
  SPACE_REMOVED: { status: 410, kind: 'refused' },
  /** The space holds as much as it may; nothing of this write was kept. */
  SPACE_FULL: { status: 413, kind: 'refused' },
  EDIT_CONFLICT: { status: 409, kind: 'edit-conflict' },
  /** A client-made id is already used by a different record. */
  ID_TAKEN: { status: 409, kind: 'refused' },
  /** Another worship lesson already has this date (one lesson per date). */
  DATE_TAKEN: { status: 409, kind: 'refused' },
  /** The Idempotency-Key was already used with another request. */
  IDEMPOTENCY_KEY_REUSED: { status: 409, kind: 'refused' },
  /** The first request with this Idempotency-Key has not finished yet. */
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, kind: 'transient' },
  BODY_TOO_LARGE: { status: 413, kind: 'refused' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, kind: 'refused' },
  RATE_LIMITED: { status: 429, kind: 'transient' },
  SERVER_ERROR: { status: 500, kind: 'transient' },
  /** The server is busy with other writes, or took too long. */
  BUSY: { status: 503, kind: 'transient' },
  /** The database could not be reached; the same request will work once it is back. */
  DATABASE_UNREACHABLE: { status: 503, kind: 'transient' },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** Every error body. */
export interface ErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
}
