// Parses a request part with a contracts schema; the first problem becomes a 400 a person can read.
import type { z } from 'zod';
import { badRequest } from '../errors.ts';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw badRequest(`Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`);
  }
  const where = issue.path.length ? issue.path.join('.') : '';
  const message = issue.message.startsWith('Invalid input') && where ? `${where} is missing or not valid` : issue.message;
  throw badRequest(where && !message.toLowerCase().startsWith(where.toLowerCase()) && !/^[A-Z]/.test(message) ? `${where} ${message}` : message);
}
