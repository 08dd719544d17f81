// The administrator's call that makes a draft's preview link (preview-links.ts). Not an outbox
// write: a link is only useful online, and asking again simply makes another.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { previewLinkRequestSchema, PREVIEW_MESSAGES } from '@fw/contracts/preview';
import { API_PATHS } from '@fw/contracts/paths';
import { parseWith } from '../../http/validate.ts';
import type { AdminState } from '../../middleware/require-admin.ts';
import type { PreviewLinks } from './preview-links.ts';

export function previewRouter({ adminOnly, links }: { adminOnly: Middleware<AdminState>; links: PreviewLinks }): Router {
  const router = new Router();
  router.post(API_PATHS.previewLink, adminOnly, async (ctx) => {
    const { id, purpose } = parseWith(previewLinkRequestSchema, ctx.request.body);
    const link = await links.issue(id, purpose, Date.now());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      ...(purpose === 'share' ? { message: PREVIEW_MESSAGES.SHARED } : {}),
      preview: { url: link.url, expiresAt: new Date(link.expiresAtMs).toISOString() },
    };
  });
  return router;
}
