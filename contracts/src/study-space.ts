// Study sync: a family's highlights, notes, saved articles, reading places and preferences, kept
// in a sync space the server cannot read. Devices derive from the space key (never sent) an
// opaque space id, a write credential (sent in the `Space-Credential` header; the server keeps
// its hash) and an opaque id per record; a record travels sealed (AES-GCM) as base64url text. The
// server numbers every write within its space (the records of one write share its number, `seq`),
// and a device asks for what came after the number it holds, like the article feed.
import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';
import { STUDY_LIMITS } from './study-limits.ts';

const base64url = (label: string, chars: number) =>
  z
    .string({ error: `${label} must be text` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}$`), `${label} must be ${chars} characters of base64url`);

/** 16 bytes: the space's id, derived from its key. */
const spaceIdSchema = base64url('space', 22);
/** 32 bytes: the write credential, derived from the key. */
export const spaceCredentialSchema = base64url('Space-Credential', 43);
/** 18 bytes: a record's opaque id. */
const recordIdSchema = base64url('record id', 24);

export const spaceParamsSchema = z.strictObject({ space: spaceIdSchema });

const sealedRecordSchema = z.union([
  z.strictObject({
    rid: recordIdSchema,
    data: z
      .string({ error: 'data must be text' })
      .min(1, 'data is required')
      .max(STUDY_LIMITS.RECORD_MAX_CHARS, `a record must be at most ${STUDY_LIMITS.RECORD_MAX_CHARS} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, 'data must be base64url'),
  }),
  z.strictObject({ rid: recordIdSchema, deleted: z.literal(true) }),
]);
export type SealedRecord = z.infer<typeof sealedRecordSchema>;

export const writeRecordsRequestSchema = z.strictObject({
  records: z
    .array(sealedRecordSchema)
    .min(1, 'records must hold at least one record')
    .max(STUDY_LIMITS.WRITE_MAX_RECORDS, `at most ${STUDY_LIMITS.WRITE_MAX_RECORDS} records in one write`)
    .refine(
      (records) => records.reduce((chars, r) => chars + ('data' in r ? r.data.length : 0), 0) <= STUDY_LIMITS.WRITE_MAX_CHARS,
      `the records of one write must be at most ${STUDY_LIMITS.WRITE_MAX_CHARS} characters together`,
    ),
});

const usageSchema = z.object({
  bytes: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  quotaRecords: z.number().int().positive(),
});
export type SpaceUsage = z.infer<typeof usageSchema>;

const createSpaceResponseSchema = envelope({ usage: usageSchema });
const writeRecordsResponseSchema = envelope({ cursor: z.number().int().nonnegative(), usage: usageSchema });

export const spaceChangesQuerySchema = z.strictObject({
  after: z.coerce
    .number({ error: 'after must be a number' })
    .int('after must be a whole number')
    .min(0, 'after must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'after is too large')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(STUDY_LIMITS.PAGE_MAX_CHANGES, `limit must be at most ${STUDY_LIMITS.PAGE_MAX_CHANGES}`)
    .optional(),
});

const spaceChangeSchema = z.object({
  seq: z.number().int().positive(),
  rid: z.string(),
  data: z.string().optional(),
  deleted: z.literal(true).optional(),
});
export type SpaceChange = z.infer<typeof spaceChangeSchema>;

const spaceChangesResponseSchema = envelope({
  changes: z.array(spaceChangeSchema),
  cursor: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type SpaceChanges = z.infer<typeof spaceChangesResponseSchema>;

export const studySpaceRoutes = {
  createSpace: { method: 'PUT', path: API_PATHS.createSpace, admin: false, response: createSpaceResponseSchema },
  removeSpace: { method: 'DELETE', path: API_PATHS.removeSpace, admin: false, response: envelope({}) },
  writeRecords: {
    method: 'POST',
    path: API_PATHS.writeRecords,
    admin: false,
    body: writeRecordsRequestSchema,
    response: writeRecordsResponseSchema,
  },
  spaceChanges: {
    method: 'GET',
    path: API_PATHS.spaceChanges,
    admin: false,
    query: spaceChangesQuerySchema,
    response: spaceChangesResponseSchema,
  },
} as const satisfies Record<string, RouteSpec>;
