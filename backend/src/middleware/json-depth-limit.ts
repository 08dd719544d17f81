// Refuses a parsed JSON body nested deeper than JSON_MAX_DEPTH, before anything recursive walks
// it (http/json-depth.ts says why).
import type { Middleware } from 'koa';
import { HttpError } from '../errors.ts';
import { TOO_DEEP_MESSAGE, nestedDeeperThan } from '../http/json-depth.ts';

export function jsonDepthLimit(): Middleware {
  return async function limitJsonDepth(ctx, next) {
    if (nestedDeeperThan((ctx.request as { body?: unknown }).body)) throw new HttpError('INVALID_INPUT', TOO_DEEP_MESSAGE);
    await next();
  };
}
