// The article writes every service shares: create with a given id, change to the next version,
// and the checks around them. Each write takes the next global change number (db/sequence.ts).
import mongoose from 'mongoose';
import { sequenceOn, type Sequence } from '../../db/sequence.ts';
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

export interface ArticleStore {
  Articles: ArticleModel;
  tombstones: TombstoneModel;
  sequence: Sequence;
  versions: ArticleVersions;
  find(id: string): Promise<ArticleDoc | null>;
  /** Inserts version 1; a duplicate `_id` throws the driver's E11000 error. */
  create(id: string, fields: ArticleFields): Promise<ArticleDoc>;
  /**
   * Writes `set` as the version after `existing`. Null when another change took that version
   * first (the caller answers 409 or reads again), or the article was deleted meanwhile.
   */
  change(existing: ArticleDoc, set: Partial<ArticleFields>, op?: AppliedOp): Promise<ArticleDoc | null>;
  /** True if an article with this id existed and was deleted (its id is never used again). */
  wasDeleted(id: string): Promise<boolean>;
}

export function articleStore(connection: mongoose.Connection): ArticleStore {
  const Articles = articleModel(connection);
  const tombstones = tombstoneModel(connection);
  const sequence = sequenceOn(connection);
  const versions = articleVersions(connection);

  const find = async (id: string) => (await Articles.findById(id).lean()) as ArticleDoc | null;

  return {
    Articles,
    tombstones,
    sequence,
    versions,
    find,

    // The created document is the answer: no second round trip to read it back.
    async create(id, fields) {
      const created = await sequence.next(
        (seq) =>
          Articles.create({
            _id: new mongoose.Types.ObjectId(id),
            ...fields,
            wasPublished: fields.isPublished,
            version: 1,
            seq,
          }),
        changeRef('article', id),
      );
      return created.toObject() as ArticleDoc;
    },

    async change(existing, set, op) {
      const id = String(existing._id);
      const version = existing.version + 1;
      const mine = await versions.claim(id, version, async () => (await find(id))?.version ?? null);
      if (!mine) return null;
      // Written with the change itself, under the version claim, so it lands exactly when it does.
      const appliedOps = op
        ? { appliedOps: [...(existing.appliedOps ?? []), op].slice(-APPLIED_OPS_KEPT) }
        : {};
      try {
        const published = set.isPublished ? { wasPublished: true } : {};
        // One round trip: the update answers with the article as it now is.
        return await sequence.next(
          async (seq) =>
            (await Articles.findOneAndUpdate(
              { _id: existing._id },
              { $set: { ...set, ...published, ...appliedOps, version, seq } },
              { returnDocument: 'after' },
            ).lean()) as ArticleDoc | null,
          changeRef('article', id),
        );
      } catch (error) {
        await versions.release(id, version).catch(() => {});
        throw error;
      }
    },

    async wasDeleted(id) {
      return (await tombstones.exists({ _id: tombstoneId('article', id) })) !== null;
    },
  };
}
