// createApp(): the whole middleware chain, readable top to bottom.
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type mongoose from 'mongoose';
import { LIMITS } from '@fw/contracts';
import type { Config } from './config.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { requestTimeout } from './middleware/timeout.ts';
import { healthRouter } from './modules/health/health.routes.ts';
import { staticPwa } from './middleware/static-pwa.ts';

export const REQUEST_TIMEOUT_MS = 20_000;

export interface AppDeps {
  config: Config;
  connection: mongoose.Connection;
}

export function createApp({ config, connection }: AppDeps): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  app.use(errorHandler({ log: config.env === 'test' ? () => {} : console.error }));
  app.use(requestTimeout({ ms: REQUEST_TIMEOUT_MS }));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: `${LIMITS.REQUEST_BODY_MAX_BYTES}b`,
      strict: true,
    }),
  );
  const health = healthRouter({ connection });
  app.use(health.routes()).use(health.allowedMethods());
  if (config.staticDir) app.use(staticPwa({ dir: config.staticDir }));
  return app;
}
