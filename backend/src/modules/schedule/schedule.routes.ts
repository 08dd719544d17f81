// GET /api/schedule: the 2025 Family Worship schedule, static data from contracts. Serialised
// once at start; its ETag is a hash of that text, so it changes only with a new deployment.
import crypto from 'node:crypto';
import Router from '@koa/router';
import { SCHEDULE_2025 } from '@fw/contracts';
import { answeredNotModified, etagOf } from '../../middleware/conditional-get.ts';
import { SharedBody, sendShared } from '../../middleware/compression.ts';

export function scheduleRouter(): Router {
  const router = new Router();
  const json = JSON.stringify({ success: true, lessons: SCHEDULE_2025 });
  const etag = etagOf(
    'schedule',
    crypto.createHash('sha256').update(json).digest('base64url').slice(0, 22),
  );

  // Compressed once, on first demand, for every caller.
  const body = new SharedBody(json);

  router.get('/api/schedule', async (ctx) => {
    if (answeredNotModified(ctx, etag)) return;
    await sendShared(ctx, body);
  });
  return router;
}
