// The one API client: JSON in and out, the token headers, the response envelope, time-outs, and
// errors that carry the HTTP status and the server's message.
import { ERROR_CODES, isErrorCode, type ErrorCode, type ErrorKind } from '@fw/contracts/errors';
import { getToken } from './auth.ts';
import { STORAGE_FULL_MESSAGE, isQuotaError } from './storage.ts';

export const API_TIMEOUT_MS = 15_000;
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';
export const TIMED_OUT_MESSAGE = 'The server took too long to answer.';
export const OFFLINE_MESSAGE = 'You are offline. This will be sent when the connection returns.';

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came (offline, time-out). */
    readonly status: number,
    readonly body: Record<string, unknown> | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** The server's machine-readable reason; null for no answer or an answer not from this API. */
  get code(): ErrorCode | null {
    return isErrorCode(this.body?.code) ? this.body.code : null;
  }

  /** What may be done about it (contracts/errors.ts); null when the answer carries no known code. */
  get kind(): ErrorKind | null {
    const code = this.code;
    return code ? ERROR_CODES[code].kind : null;
  }
}

export interface ApiOptions {
  body?: unknown;
  idempotencyKey?: string;
  /** Sends If-None-Match; a 304 then resolves with notModified. */
  etag?: string;
  signal?: AbortSignal;
  /** Headers of the call's own (a study space's credential). */
  headers?: Record<string, string>;
}

export interface ApiResult<T> {
  data: T;
  status: number;
  etag: string | null;
  notModified: boolean;
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function requestHeaders(options: ApiOptions): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = getToken();
  if (token) {
    // The product's clients send the raw token (no "Bearer") and, for some calls, a `token` header as well.
    headers.Authorization = token;
    headers.token = token;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.etag) headers['If-None-Match'] = options.etag;
  return headers;
}

/** The error for a call that got no answer: `timedOut` when it was its own time limit. */
const unanswered = (timedOut: boolean) =>
  new ApiError(timedOut ? TIMED_OUT_MESSAGE : navigator.onLine ? 'Could not reach the server.' : 'You are offline.', 0);

/** The error for an answer that is not a success (`body` its JSON, null when it had none). */
function refusalOf(status: number, ok: boolean, body: Record<string, unknown> | null, retryAfter: string | null): ApiError {
  const message =
    typeof body?.message === 'string' && body.message ? body.message : ok ? UNKNOWN_ERROR_MESSAGE : `The server answered ${status}.`;
  return new ApiError(message, ok ? 500 : status, body, parseRetryAfter(retryAfter));
}

const refusal = (response: Response, body: Record<string, unknown> | null) =>
  refusalOf(response.status, response.ok, body, response.headers.get('Retry-After'));

/**
 * A request's outcome as a worker that made it hands it over (the study worker sends the study
 * writes, sync/study-space/seal-work.ts): the answer's status and JSON, or no answer.
 */
export type Answered =
  | { status: number; ok: boolean; body: Record<string, unknown> | null; retryAfter: string | null }
  | { unanswered: true; timedOut: boolean };

/** What api() would answer for `outcome`: its result, or the same ApiError. */
export function resultOf<T>(outcome: Answered): ApiResult<T> {
  if ('unanswered' in outcome) throw unanswered(outcome.timedOut);
  const { status, ok, body } = outcome;
  if (!ok || !body || body.success === false) throw refusalOf(status, ok, body, outcome.retryAfter);
  return { data: body as T, status, etag: null, notModified: false };
}

async function jsonOf(response: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function api<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: ApiOptions = {},
): Promise<ApiResult<T>> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: requestHeaders(options),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      cache: 'no-store',
    });
  } catch {
    throw unanswered(timeout.aborted);
  }
  const etag = response.headers.get('ETag');
  if (response.status === 304) return { data: undefined as T, status: 304, etag, notModified: true };
  const body = await jsonOf(response);
  const result = resultOf<T>({ status: response.status, ok: response.ok, body, retryAfter: response.headers.get('Retry-After') });
  return { ...result, etag };
}

/**
 * A GET whose answer is read as it arrives (a large feed page, sync/feed-stream.ts): its body's
 * chunks, or the same ApiError as api() for a refusal or no answer. The time limit is between
 * bytes, not for the whole answer: a page of megabytes on a slow line takes longer than
 * API_TIMEOUT_MS to arrive, but no stretch of API_TIMEOUT_MS passes without a byte of it.
 */
export async function* apiChunks(path: string): AsyncGenerator<Uint8Array> {
  const stop = new AbortController();
  let timedOut = false;
  let timer = 0;
  const wait = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      timedOut = true;
      stop.abort();
    }, API_TIMEOUT_MS);
  };
  wait();
  try {
    let response: Response;
    try {
      response = await fetch(path, { headers: requestHeaders({}), signal: stop.signal, cache: 'no-store' });
    } catch {
      throw unanswered(timedOut);
    }
    if (!response.ok || !response.body) throw refusal(response, await jsonOf(response));
    const reader = response.body.getReader();
    try {
      for (;;) {
        wait();
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch {
          throw unanswered(timedOut);
        }
        if (read.done) return;
        yield read.value;
      }
    } finally {
      // Stopped early (an error while applying what came): the rest is not wanted.
      reader.cancel().catch(() => {});
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The text for an error toast (the product's fixed error wording). */
export function errorMessage(error: unknown, fallback = UNKNOWN_ERROR_MESSAGE): string {
  if (isQuotaError(error)) return STORAGE_FULL_MESSAGE;
  return error instanceof Error && error.message ? error.message : fallback;
}
