import Router from '@koa/router';
import type mongoose from 'mongoose';
import { isDatabaseReachable } from '../../db/connection.ts';
import { API_PATHS } from '@fw/contracts/paths';

export function healthRouter({ connection }: { connection: mongoose.Connection }): Router {
  const router = new Router();
  router.get(API_PATHS.health, async (ctx) => {
    const reachable = await isDatabaseReachable(connection);
    ctx.status = reachable ? 200 : 503;
    ctx.body = {
      success: reachable,
      message: reachable ? 'The database is reachable.' : 'The database is not reachable.',
      database: reachable ? 'reachable' : 'unreachable',
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
  return router;
}
