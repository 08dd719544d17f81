// The article writes every service shares: create with a given id, change to the next version,
// and the checks around them. Each goes through db/write-change.ts and takes the next global
// change number; a change claims its version first.
import mongoose from 'mongoose';
import { writeChange } from '../../db/write-change.ts';
import {
  changeRef,
  tombstoneId,
  tombstoneModel,
  type TombstoneModel,
} from '../sync/tombstone.model.ts';
import {
  articleModel,
  type ArticleDoc,
  type ArticleFields,
  type ArticleModel,
  type AppliedOp,
  APPLIED_OPS_KEPT,
} from './article.model.ts';
import { articleVersions, type ArticleVersions } from './article-versions.ts';
import { articleRevisions, type ArticleRevisions } from './article-revisions.ts';

interface ChangeHow {
  /** The call that made it (a toggle's Idempotency-Key), kept on the article for its retries. */
  op?: AppliedOp;
  /** Settle the change at once: a later step of the request reads it back (write-change.ts). */
  settleNow?: boolean;
  /** Keep the version being replaced as a revision (a save that changes the text). */
  keepRevision?: boolean;
}

export interface ArticleStore {
  connection: mongoose.Connection;
  Articles: ArticleModel;
  tombstones: TombstoneModel;
  versions: ArticleVersions;
  revisions: ArticleRevisions;
  find(id: string): Promise<ArticleDoc | null>;
  /** Inserts version 1; a duplicate `_id` throws the driver's E11000 error. */
  create(id: string, fields: ArticleFields): Promise<ArticleDoc>;
  /**
   * Writes `set` as the version after `existing`. Null when another change took that version
   * first (the caller answers 409 or reads again), or the article was deleted meanwhile.
   */
  change(existing: ArticleDoc, set: Partial<ArticleFields>, how?: ChangeHow): Promise<ArticleDoc | null>;
  /** True if an article with this id existed and was deleted (its id is never used again). */
  wasDeleted(id: string): Promise<boolean>;
}

export function articleStore(connection: mongoose.Connection): ArticleStore {
  const Articles = articleModel(connection);
  const tombstones = tombstoneModel(connection);
  const versions = articleVersions(connection);
  const revisions = articleRevisions(connection);

  const find = async (id: string) => (await Articles.findById(id).lean()) as ArticleDoc | null;

  return {
    connection,
    Articles,
    tombstones,
    versions,
    revisions,
    find,

    // The created document is the answer: no second round trip to read it back.
    async create(id, fields) {
      const created = await writeChange(connection, {
        ref: changeRef('article', id),
        apply: (seq) =>
          Articles.create({
            _id: new mongoose.Types.ObjectId(id),
            ...fields,
            wasPublished: fields.isPublished,
            version: 1,
            seq,
          }),
      });
      if (!created.written) throw new Error('A create claims no version.');
      return created.value.toObject() as ArticleDoc;
    },

    async change(existing, set, { op, settleNow, keepRevision } = {}) {
      const id = String(existing._id);
      // Written with the change itself, under the version claim, so it lands exactly when it does.
      const appliedOps = op
        ? { appliedOps: [...(existing.appliedOps ?? []), op].slice(-APPLIED_OPS_KEPT) }
        : {};
      const published = set.isPublished ? { wasPublished: true } : {};
      const version = existing.version + 1;
      let kept: { revisions?: number } = {};
      const changed = await writeChange(connection, {
        version: { claims: versions, id, version, stored: async () => (await find(id))?.version ?? null },
        ref: changeRef('article', id),
        settleNow,
        // Kept under the version claim, so each revision number has one writer, beside the claim
        // of the change's number.
        beside: keepRevision
          ? async () => {
              kept = { revisions: await revisions.keep(existing) };
            }
          : undefined,
        // One round trip: the update answers with the article as it now is, and the revision that
        // falls out of the kept ones goes in the same trip.
        apply: async (seq) => {
          const [article] = await Promise.all([
            Articles.findOneAndUpdate(
              { _id: existing._id },
              { $set: { ...set, ...published, ...appliedOps, ...kept, version, seq } },
              { returnDocument: 'after' },
            ).lean(),
            kept.revisions === undefined ? null : revisions.dropOldest(id, kept.revisions),
          ]);
          return article as ArticleDoc | null;
        },
      });
      return changed.written ? changed.value : null;
    },

    async wasDeleted(id) {
      return (await tombstones.exists({ _id: tombstoneId('article', id) })) !== null;
    },
  };
}
