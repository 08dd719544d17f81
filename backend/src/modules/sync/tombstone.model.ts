// Tombstones: what devices learn about removals from. A deleted article, or a deleted approved
// comment, leaves `{ kind, refId, seq }` behind so the delta feeds can report it after the
// document itself is gone. Kept for good: a device may come back after any length of time.
// Waiting comments and users leave one too (`wasPublic: false`, never reported to devices): the
// number of their removal names it, so a reader settling a crashed writer's claim finds it.
import { Schema, type InferSchemaType } from 'mongoose';
import type mongoose from 'mongoose';
import { modelOn } from '../../db/model-on.ts';

const TOMBSTONE_KINDS = ['article', 'comment', 'user'] as const;
export type TombstoneKind = (typeof TOMBSTONE_KINDS)[number];

const tombstoneSchema = new Schema(
  {
    /** `<kind>:<refId>`, so a thing is removed once, whatever retries happen. */
    _id: { type: String, required: true },
    kind: { type: String, enum: TOMBSTONE_KINDS, required: true },
    refId: { type: String, required: true },
    seq: { type: Number, required: true, index: true },
    /**
     * False when the thing was never public (a draft deleted before it was published), so
     * devices, which never received it, are not told about it. Absent on older tombstones.
     */
    wasPublic: { type: Boolean },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'tombstones' },
);

export type TombstoneDoc = InferSchemaType<typeof tombstoneSchema>;

export function tombstoneModel(connection: mongoose.Connection) {
  return modelOn(connection, 'Tombstone', tombstoneSchema);
}
export type TombstoneModel = ReturnType<typeof tombstoneModel>;

export function tombstoneId(kind: TombstoneKind, refId: string): string {
  return `${kind}:${refId}`;
}

/** Records (or moves forward) the removal of one thing at `seq`; safe to repeat. */
export async function recordRemoval(
  tombstones: TombstoneModel,
  kind: TombstoneKind,
  refId: string,
  seq: number,
  wasPublic = true,
): Promise<void> {
  await tombstones.updateOne(
    { _id: tombstoneId(kind, refId) },
    { $set: { kind, refId, seq, wasPublic } },
    { upsert: true },
  );
}

/**
 * What a numbered change is about, stored on its sequence claim (db/claims/sequence.ts) so readers know
 * which one document to read: the thing itself, or for a removal its tombstone (reading a missing
 * `_id` costs a whole-collection scan on FerretDB, so readers never guess).
 */
export function changeRef(kind: TombstoneKind, refId: string, removal = false): string {
  return `${tombstoneId(kind, refId)}${removal ? ':removed' : ''}`;
}

export function parseChangeRef(
  ref: string,
): { kind: TombstoneKind; refId: string; removal: boolean } | null {
  const [kind, refId, removed, ...rest] = ref.split(':');
  if (!TOMBSTONE_KINDS.includes(kind as TombstoneKind) || !refId || rest.length) return null;
  if (removed !== undefined && removed !== 'removed') return null;
  return { kind: kind as TombstoneKind, refId, removal: removed === 'removed' };
}
