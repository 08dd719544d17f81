// The version claims of articles (db/claims/version-claims.ts), plus what only articles need: `<id>:1`
// says "this id has been used", so a create with a client-made id claims it first, and only a
// create that finds it taken looks any further. That keeps a create to one insert: no lookups of
// the article or its tombstone first.
import type mongoose from 'mongoose';
import { insertClaim, versionClaims, type VersionClaims } from '../../db/claims/index.ts';
import { tombstoneModel } from '../sync/tombstone.model.ts';

export interface ArticleVersions extends VersionClaims {
  /** Claims version 1: true when nobody has ever used this id (for a create). */
  claimNewId(articleId: string): Promise<boolean>;
  /** Marks the id as used for good (on delete: an id never comes back). */
  markUsed(articleId: string): Promise<void>;
}

const ARTICLE_VERSIONS = 'article_versions';

export function articleVersions(connection: mongoose.Connection): ArticleVersions {
  const claims = versionClaims(connection, ARTICLE_VERSIONS);
  let deletedBeforeMarked: Promise<void> | undefined;

  /**
   * Articles deleted before claims were kept have no `<id>:1`: mark them once per process (one
   * read of the article tombstones, not per request), so their ids stay retired.
   */
  function markDeletedBefore(): Promise<void> {
    deletedBeforeMarked ??= (async () => {
      const gone = await tombstoneModel(connection).find({ kind: 'article' }, { refId: 1 }).lean();
      const marks = connection.collection<{ _id: string; article: string; at: Date }>(ARTICLE_VERSIONS);
      for (const { refId } of gone) await insertClaim(marks, { _id: `${String(refId)}:1`, article: String(refId), at: new Date() });
    })().catch((error: unknown) => {
      deletedBeforeMarked = undefined;
      throw error;
    });
    return deletedBeforeMarked;
  }

  return {
    ...claims,
    async claimNewId(articleId) {
      await markDeletedBefore();
      return claims.claimFirst(articleId);
    },
    async markUsed(articleId) {
      await claims.claimFirst(articleId);
    },
  };
}
