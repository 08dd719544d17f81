// Shapes every call shares: ids, the response envelope, the error body, and the spec's bounds.
import { z } from 'zod';

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectIdSchema = z
  .string({ error: 'must be a text id' })
  .regex(OBJECT_ID_PATTERN, 'must be a 24-character hexadecimal id');

/** Server-side bounds (the spec shows none in the UI; the server still needs them). */
export const LIMITS = {
  COMMENT_NAME_MAX_CHARS: 80,
  COMMENT_TEXT_MAX_CHARS: 2000,
  ARTICLE_TITLE_MAX_CHARS: 200,
  ARTICLE_SUBTITLE_MAX_CHARS: 200,
  ARTICLE_CONTENT_MAX_BYTES: 8 * 1024 * 1024,
  /** A JSON body may hold an 8 MB article plus its JSON-string escaping. */
  REQUEST_BODY_MAX_BYTES: 10 * 1024 * 1024,
  USER_NAME_MAX_CHARS: 100,
  EMAIL_MAX_CHARS: 254,
  PASSWORD_MIN_CHARS: 8,
  PASSWORD_MAX_CHARS: 200,
  SYNC_PAGE_MAX_ITEMS: 500,
  SYNC_PAGE_DEFAULT_ITEMS: 200,
} as const;

/** Every response body: `{ success, message?, ...named fields }`. */
export function envelope<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.boolean(), message: z.string().optional(), ...shape });
}

export const errorBodySchema = z.object({ success: z.literal(false), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageResponseSchema = envelope({});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Required trimmed text with a maximum length and messages a person can act on. */
export function requiredText(label: string, maxChars: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxChars, `${label} must be at most ${maxChars} characters`);
}

/** The header names the API reads. */
export const HEADERS = {
  IDEMPOTENCY_KEY: 'Idempotency-Key',
  TOKEN: 'token',
} as const;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  admin: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}
