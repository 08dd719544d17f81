// Article revisions: every save that changes an article's text keeps the version it replaced
// (backend/src/modules/articles/article-revisions.ts). The admin reads them to compare and restore;
// a restore is an ordinary save (POST /api/articles/add with the current version).
import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

/** How many earlier versions each article keeps; the oldest goes when a newer one comes. */
export const REVISIONS_KEPT = 50;

const revisionSummarySchema = z.object({
  /** The revision's number for its article (1, 2, …), newest highest. */
  n: z.number().int().min(1),
  /** The article's version this revision was. */
  version: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  category: z.string(),
  /** Who saved that version (the admin's name); null when not recorded (older articles). */
  by: z.string().nullable(),
  /** When that version was saved (ISO time). */
  at: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

const revisionSchema = revisionSummarySchema.extend({ content: z.string() });
export type Revision = z.infer<typeof revisionSchema>;

const REVISION_NUMBER_MESSAGE = 'The revision number must be a whole number from 1 up.';
/** The `:n` of a revision's path. */
export const revisionNumberSchema = z.coerce
  .number({ error: REVISION_NUMBER_MESSAGE })
  .int(REVISION_NUMBER_MESSAGE)
  .min(1, REVISION_NUMBER_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, REVISION_NUMBER_MESSAGE);

export const revisionsResponseSchema = envelope({ revisions: z.array(revisionSummarySchema) });
export const revisionResponseSchema = envelope({ revision: revisionSchema });

export const revisionRoutes = {
  articleRevisions: {
    method: 'GET',
    path: API_PATHS.articleRevisions,
    admin: true,
    response: revisionsResponseSchema,
  },
  articleRevision: {
    method: 'GET',
    path: API_PATHS.articleRevision,
    admin: true,
    response: revisionResponseSchema,
  },
} as const satisfies Record<string, RouteSpec>;
