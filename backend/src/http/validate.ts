// Parses a request part with a contracts schema; the first problem becomes a 400 a person can read.
// A message never repeats unbounded input: quoted field names are cut to QUOTE_MAX_CHARS and at
// most QUOTED_NAMES_MAX are listed (an attacker's 9 MB field name must not come back, or be kept).
import type { z } from 'zod';
import { HttpError } from '../errors.ts';

export const QUOTE_MAX_CHARS = 40;
const QUOTED_NAMES_MAX = 5;

/** A piece of request input as it may appear in a message: at most QUOTE_MAX_CHARS characters. */
function quote(text: string): string {
  return text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text;
}

function listOf(names: string[]): string {
  const shown = names.slice(0, QUOTED_NAMES_MAX).map(quote).join(', ');
  const more = names.length - QUOTED_NAMES_MAX;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw new HttpError('INVALID_INPUT', `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${listOf(issue.keys)}`);
  }
  const where = issue.path.length ? quote(issue.path.map(String).join('.')) : '';
  const message = issue.message.startsWith('Invalid input') && where ? `${where} is missing or not valid` : issue.message;
  throw new HttpError('INVALID_INPUT', where && !message.toLowerCase().startsWith(where.toLowerCase()) && !/^[A-Z]/.test(message) ? `${where} ${message}` : message);
}
