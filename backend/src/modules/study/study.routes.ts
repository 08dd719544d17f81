// Study sync spaces (contracts/src/study-space.ts; the store is space-store.ts). No login: holding
// the space's key is the right to use it, proved by the Space-Credential header derived from it.
// - PUT    /api/study/spaces/:space           make the space (or, with its credential, answer its usage)
// - POST   /api/study/spaces/:space/records   write sealed records (Idempotency-Key: once)
// - GET    /api/study/spaces/:space/changes   the changes after a cursor
// - DELETE /api/study/spaces/:space           remove the space for every device
// A wrong or missing credential and an unknown space get the same 401, so nobody learns which
// spaces exist. Making spaces is limited per address, writing per space.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import {
  SPACE_CREDENTIAL_HEADER,
  STUDY_LIMITS,
  spaceChangesQuerySchema,
  spaceCredentialSchema,
  spaceParamsSchema,
  writeRecordsRequestSchema,
} from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { DEFAULT_RATE_LIMITS, type Config } from '../../config.ts';
import { windowSlots } from '../../db/claims/index.ts';
import { HttpError } from '../../errors.ts';
import { parseWith } from '../../http/validate.ts';
import { byIp, tooMany } from '../../middleware/rate-limit.ts';
import { SPACE_MESSAGES, spaceStore } from './space-store.ts';

export interface StudyRouterDeps {
  connection: mongoose.Connection;
  config: Pick<Config, 'rateLimits' | 'studyQuota'>;
  /** The Idempotency-Key layer; mounted once the credential is proved, so keys are per space. */
  idempotent: Middleware;
  /** Where a background purge's failure is told; it is retried by the operator's command. */
  log?: (...args: unknown[]) => void;
}

export function studyRouter({ connection, config, idempotent, log = () => {} }: StudyRouterDeps): Router {
  const router = new Router();
  const store = spaceStore(connection, config.studyQuota);
  const limits = config.rateLimits ?? DEFAULT_RATE_LIMITS;
  const creates = windowSlots({ connection, bucket: 'space-create-ip', ...(limits.spaceCreate ?? DEFAULT_RATE_LIMITS.spaceCreate) });
  const writes = windowSlots({ connection, bucket: 'space-write', ...(limits.spaceWrite ?? DEFAULT_RATE_LIMITS.spaceWrite) });

  function spaceOf(ctx: Context): { space: string; credential: string } {
    const { space } = parseWith(spaceParamsSchema, ctx.params);
    const sent = ctx.get(SPACE_CREDENTIAL_HEADER);
    const credential = spaceCredentialSchema.safeParse(sent);
    if (!credential.success) throw new HttpError('SPACE_LOCKED', SPACE_MESSAGES.LOCKED);
    return { space, credential: credential.data };
  }

  /** Opens the space for the rest of the call, and names it as the Idempotency-Key's owner. */
  const opened: Middleware = async (ctx, next) => {
    const { space, credential } = spaceOf(ctx);
    ctx.state.spaceDoc = await store.open(space, credential);
    ctx.state.space = space;
    await next();
  };

  router.put(API_PATHS.createSpace, async (ctx) => {
    const { space, credential } = spaceOf(ctx);
    const who = byIp(ctx);
    if (who) {
      const taken = await creates.take(who);
      if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
    }
    ctx.body = { success: true, usage: await store.create(space, credential) };
  });

  router.post(
    API_PATHS.writeRecords,
    opened,
    async (ctx, next) => {
      const taken = await writes.take(ctx.state.space as string);
      if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
      await next();
    },
    idempotent,
    async (ctx) => {
      const { records } = parseWith(writeRecordsRequestSchema, ctx.request.body);
      const result = await store.write(ctx.state.spaceDoc, records);
      ctx.body = { success: true, ...result };
    },
  );

  router.get(API_PATHS.spaceChanges, opened, async (ctx) => {
    const { after = 0, limit = STUDY_LIMITS.PAGE_MAX_CHANGES } = parseWith(spaceChangesQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...(await store.changesAfter(ctx.state.spaceDoc, after, limit)) };
  });

  router.delete(API_PATHS.removeSpace, opened, async (ctx) => {
    await store.remove(ctx.state.spaceDoc);
    ctx.body = { success: true, message: 'The sync space was removed from every device.' };
    // Deleting its records by `_id` takes a while for a large space: not on the request's time.
    setImmediate(() => {
      store.purge(ctx.state.space as string).catch((error: unknown) => log('[study] purge of a removed space stopped', error));
    });
  });

  return router;
}
