// Shapes every call shares: ids, the response envelope, the error body, and the shared bounds.
import { z } from 'zod';
import { ERROR_CODE_NAMES, type ErrorBody } from './errors.ts';
import { OBJECT_ID_PATTERN } from './limits.ts';
import { textProblem, type TextKind } from './text-rule.ts';

export * from './limits.ts';
export * from './errors.ts';
export * from './text-rule.ts';


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


/** The text rule (text-rule.ts) as a zod check: every free-text input field carries it. */
export function followsTextRule(label: string, kind: TextKind) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    const problem = textProblem(value, label, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** Required trimmed text with a maximum length, the text rule and messages a person can act on. */
export function requiredText(label: string, maxChars: number, kind: TextKind = 'line') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxChars, `${label} must be at most ${maxChars} characters`)
    .superRefine(followsTextRule(label, kind));
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  admin: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}
