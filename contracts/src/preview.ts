// Draft preview links: an administrator's way to show a draft, exactly as a visitor will see it,
// to someone without an account. The server signs each link (backend/src/modules/preview); a new
// shared link revokes every earlier one of that article.
import { z } from 'zod';
import { envelope, objectIdSchema, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

const MINUTE_MS = 60_000;
/** How long a shared ("Copy preview link") link works. */
export const PREVIEW_SHARE_MS = 7 * 24 * 60 * MINUTE_MS;
/** How long the editor's own "Preview" link works (it does not revoke the shared one). */
export const PREVIEW_VIEW_MS = 15 * MINUTE_MS;
/** Preview pages live under this path: `/preview/<article id>?exp=…&sig=…`. */
export const PREVIEW_PATH_PREFIX = '/preview/';
/** The band across the top of a preview page. */
export const PREVIEW_BAND_TEXT = 'Draft preview';

export const PREVIEW_MESSAGES = {
  /** A link past its time, revoked by a newer one, or signed for another article. */
  INVALID: 'This preview link has expired or was replaced by a newer one. Ask for a new link.',
  SHARED: 'Preview link copied. It works for 7 days; copying a new one turns this one off.',
} as const;

export const previewLinkRequestSchema = z.strictObject({
  id: objectIdSchema,
  /** "view": the editor's own look (short-lived); "share": a new 7-day link that revokes older ones. */
  purpose: z.enum(['view', 'share'], { error: 'purpose must be "view" or "share"' }),
});

const previewLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const previewRoutes = {
  previewLink: {
    method: 'POST',
    path: API_PATHS.previewLink,
    admin: true,
    body: previewLinkRequestSchema,
    response: envelope({ preview: previewLinkSchema }),
  },
} as const satisfies Record<string, RouteSpec>;
