// Shapes every call shares: ids, the response envelope, the error body, and the spec's bounds.
import { z } from 'zod';
import { ERROR_CODE_NAMES, type ErrorBody } from './errors.ts';
import { OBJECT_ID_PATTERN } from './limits.ts';

export * from './limits.ts';
export * from './errors.ts';


export const objectIdSchema = z
  .string({ error: 'must be a text id' })
  .regex(OBJECT_ID_PATTERN, 'must be a 24-character hexadecimal id');

/** Every response body: `{ success, message?, ...named fields }`. */
export function envelope<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.boolean(), message: z.string().optional(), ...shape });
}

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODE_NAMES),
}) satisfies z.ZodType<ErrorBody>;

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

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  admin: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}
