// Health and readiness in one route, for load balancers: 200 while the database answers and the
// instance takes work; 503 when the database is away, or from the moment the instance was told to
// stop (it still finishes what is in flight: http-server.ts's drain).
import Router from '@koa/router';
import type mongoose from 'mongoose';
import { isDatabaseReachable } from '../../db/connection.ts';
import { API_PATHS } from '@fw/contracts/paths';

/** Whether this instance takes new work: false from the moment it is told to stop. */
export interface Readiness {
  ready: boolean;
}

export function healthRouter({ connection, readiness }: { connection: mongoose.Connection; readiness?: Readiness }): Router {
  const router = new Router();
  router.get(API_PATHS.health, async (ctx) => {
    const ready = readiness?.ready ?? true;
    const reachable = await isDatabaseReachable(connection);
    ctx.status = reachable && ready ? 200 : 503;
    ctx.body = {
      success: reachable && ready,
      message: !ready
        ? 'This instance is shutting down; send new requests to another one.'
        : reachable
          ? 'The database is reachable.'
          : 'The database is not reachable.',
      database: reachable ? 'reachable' : 'unreachable',
      ready,
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
  return router;
}
