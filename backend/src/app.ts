// createApp(): the whole middleware chain, readable top to bottom.
import Router from '@koa/router';
import Koa from 'koa';
import type mongoose from 'mongoose';
import type { Config } from './config.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { compression } from './middleware/compress.ts';
import { requestTimeout } from './middleware/timeout.ts';
import { adminCheck, requireAdmin, requireAdminBeside } from './middleware/require-admin.ts';
import { staticPwa } from './middleware/static-pwa.ts';
import { healthRouter, type Readiness } from './modules/health/health.routes.ts';
import { userModel, type UserDoc } from './modules/users/user.model.ts';
import { verifyToken } from './modules/users/tokens.ts';
import { usersRouter } from './modules/users/users.routes.ts';
import type { PasswordPool } from './modules/users/password-pool.ts';
import type { ScripturePool } from './modules/scripture/scripture-pool.ts';
import { cors } from './middleware/cors.ts';
import { idempotency } from './middleware/idempotency.ts';
import { jsonDepthLimit } from './middleware/json-depth-limit.ts';
import { requestBody } from './middleware/request-body.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { commentRateLimit } from './middleware/rate-limit.ts';
import { articlesRouter } from './modules/articles/articles.routes.ts';
import { commentsRouter } from './modules/comments/comments.routes.ts';
import { adminPagesRouter } from './modules/admin/admin-pages.routes.ts';
import { syncRouter } from './modules/sync/sync.routes.ts';
import { readModelOn } from './modules/sync/read-model.ts';
import { scheduleRouter } from './modules/schedule/schedule.routes.ts';
import { dailyRouter } from './modules/daily/daily.routes.ts';
import { publicPages } from './modules/pages/pages.ts';
import { startPublishSchedule } from './modules/articles/scheduled-publish.ts';
import { syndication } from './modules/syndication/syndication.ts';
import { previewLinks } from './modules/preview/preview-links.ts';
import { previewPage } from './modules/preview/preview-page.ts';
import { previewRouter } from './modules/preview/preview.routes.ts';
import { imagesRouter } from './modules/images/images.routes.ts';
import { imageQueue, setImageQueue } from './modules/images/image-queue.ts';
import { studyRouter } from './modules/study/study.routes.ts';
import { remindersRouter } from './modules/reminders/reminders.routes.ts';
import { startReminderSender } from './modules/reminders/reminder-sender.ts';
import { vapidSigner } from './modules/reminders/vapid-keys.ts';

const REQUEST_TIMEOUT_MS = 20_000;
/**
 * A write already under way at REQUEST_TIMEOUT_MS gets this much longer to answer its real result
 * (middleware/timeout.ts); the two together stay under a balancer's 30 s (scripts/lib/topology.mjs).
 */
const REQUEST_FINISH_MS = 8_000;

export interface AppDeps {
  config: Config;
  connection: mongoose.Connection;
  /** Hashes and checks passwords off the event loop; its owner (main.ts, the harness) closes it. */
  passwords: PasswordPool;
  /** Finds Bible citations off the event loop when articles and lessons are saved; closed by its owner. */
  scripture: ScripturePool;
  /** Whether the instance takes new work (main.ts turns it off on SIGTERM); missing: always. */
  readiness?: Readiness;
}

export function createApp({ config, connection, passwords, scripture, readiness }: AppDeps): Koa {
  // Only the entries our own proxies appended are believed: Koa otherwise takes the leftmost
  // X-Forwarded-For entry, which the client writes, and every per-address limit would be forgeable.
  const app = new Koa({
    proxy: config.trustProxy,
    maxIpsCount: config.trustProxy ? (config.trustedProxyHops ?? 1) : 0,
  });
  // A client that hangs up mid-response is not a server fault; everything else is logged.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    if (config.env !== 'test') console.error('[koa]', error);
  });
  // Outermost, so every answer over the threshold leaves compressed, error answers included.
  app.use(compression());
  app.use(securityHeaders());
  app.use(errorHandler({ log: config.env === 'test' ? () => {} : console.error }));
  app.use(requestTimeout({ ms: config.requestDeadlineMs ?? REQUEST_TIMEOUT_MS, finishMs: REQUEST_FINISH_MS }));
  app.use(cors({ origins: config.corsOrigins }));
  app.use(requestBody());
  app.use(jsonDepthLimit());

  // One picture job at a time for this server, the rest waiting in a bounded queue (images/).
  setImageQueue(connection, imageQueue(config.images));
  const users = userModel(connection);
  const beginAdminCheck = adminCheck({
    verifyToken: (token) => verifyToken(token, config.jwtSecret),
    findUser: (id) => users.findById(id).lean<UserDoc>().exec(),
  });
  const adminOnly = requireAdmin(beginAdminCheck);
  // Keys are per caller: a write's layer comes after what says who calls (a study space's proof, a
  // visitor's rate limit), or makes the caller's check itself beside the key's claim (an admin write).
  const anonymousBudget = config.rateLimits?.anonKeys;
  const idempotent = idempotency({ connection, anonymousBudget });
  const adminWrite = requireAdminBeside(
    beginAdminCheck,
    (beside) => idempotency({ connection, anonymousBudget, beside }),
    (userId) => readModelOn(connection).known()?.admin.isAdmin(userId) ?? false,
  );

  const signer = vapidSigner(config);
  const links = previewLinks({ connection, secret: config.jwtSecret, publicUrl: config.publicUrl });
  const routers = [
    healthRouter({ connection, readiness }),
    usersRouter({ config, connection, passwords, adminWrite }),
    articlesRouter({ connection, adminOnly, adminWrite, scripture }),
    commentsRouter({ connection, adminWrite, commentLimit: commentRateLimit({ connection, config }) }),
    adminPagesRouter({ connection, adminOnly }),
    syncRouter({ connection }),
    scheduleRouter({ connection, adminWrite, scripture }),
    dailyRouter({ connection, adminWrite, scripture }),
    previewRouter({ adminOnly, links }),
    imagesRouter({ connection }),
    studyRouter({ connection, config, idempotent, log: config.env === 'test' ? () => {} : console.error }),
    remindersRouter({ connection, config, signer, idempotent }),
  ];
  // One router holding every route: a request is matched once, not once per module.
  const api = new Router();
  for (const router of routers) api.use(router.routes());
  // Before the API's router: a feed reader's poll need not be matched against every API route.
  app.use(syndication({ connection, publicUrl: config.publicUrl }));
  app.use(api.routes()).use(api.allowedMethods());

  if (config.staticDir) {
    app.use(previewPage({ dir: config.staticDir, connection, links, publicUrl: config.publicUrl }));
    const renderPage = publicPages({ dir: config.staticDir, connection, publicUrl: config.publicUrl });
    app.use(staticPwa({ dir: config.staticDir, renderPage }));
  }
  // Build the public read model now, so the first device does not wait for it (errors are
  // retried by the first request that needs it).
  readModelOn(connection)
    .current()
    .catch(() => {});
  // Scheduled drafts go public from every instance's own timer; it stops when the connection closes.
  startPublishSchedule(connection, {
    intervalMs: config.publishCheckMs,
    log: config.env === 'test' ? () => {} : console.error,
  });
  // Each instance looks for due reminders; one claims each minute (modules/reminders/).
  startReminderSender(connection, {
    signer,
    intervalMs: config.reminders?.checkMs,
    log: config.env === 'test' ? () => {} : console.error,
  });
  return app;
}
