// Who may move an article from one version to the next. FerretDB 1.24 runs a conditional update
// without isolation (two `updateOne({ _id, version: 3 }, …)` can both match), so the version check
// is an insert of `<articleId>:<nextVersion>` into article_versions (db/claim.ts): only one change
// per version wins, the other gets a 409. MongoDB would not need this; it costs one small insert.
//
// Claims are kept (they are tiny), so `<articleId>:1` also says "this id has been used": a create
// with a client-made id claims it first, and only a create that finds it taken looks any further.
// That keeps a create to one insert: no lookups of the article or its tombstone first.
import type mongoose from 'mongoose';
import { claimOrHolder, insertClaim, isStale } from '../../db/claim.ts';
import { tombstoneModel } from '../sync/tombstone.model.ts';

interface VersionClaimDoc {
  _id: string;
  article: string;
  at: Date;
}

export interface ArticleVersions {
  /** True when this caller may write `version` of the article (currently at `version - 1`). */
  claim(
    articleId: string,
    version: number,
    storedVersion: () => Promise<number | null>,
  ): Promise<boolean>;
  /** Gives a claim back when its change could not be written. */
  release(articleId: string, version: number): Promise<void>;
  /** Claims version 1: true when nobody has ever used this id (for a create). */
  claimNewId(articleId: string): Promise<boolean>;
  /** Marks the id as used for good (on delete: an id never comes back). */
  markUsed(articleId: string): Promise<void>;
  /** Drops every claim of a record whose deleted copy is kept anyway (worship lessons). */
  forget(articleId: string): Promise<void>;
}

/** `collection` lets other versioned records (worship lessons) use the same check. */
const ARTICLE_VERSIONS = 'article_versions';

export function articleVersions(connection: mongoose.Connection, collection = ARTICLE_VERSIONS): ArticleVersions {
  const claims = connection.collection<VersionClaimDoc>(collection);
  const idOf = (articleId: string, version: number) => `${articleId}:${version}`;
  const claimDoc = (articleId: string, version: number): VersionClaimDoc => ({
    _id: idOf(articleId, version),
    article: articleId,
    at: new Date(),
  });
  let deletedBeforeMarked: Promise<void> | undefined;

  /**
   * Articles deleted before claims were kept have no `<id>:1`: mark them once per process (one
   * read of the article tombstones, not per request), so their ids stay retired.
   */
  function markDeletedBefore(): Promise<void> {
    deletedBeforeMarked ??= (async () => {
      if (collection !== ARTICLE_VERSIONS) return;
      const gone = await tombstoneModel(connection).find({ kind: 'article' }, { refId: 1 }).lean();
      for (const { refId } of gone) await insertClaim(claims, claimDoc(String(refId), 1));
    })().catch((error: unknown) => {
      deletedBeforeMarked = undefined;
      throw error;
    });
    return deletedBeforeMarked;
  }

  return {
    async claim(articleId, version, storedVersion) {
      const outcome = await claimOrHolder(claims, claimDoc(articleId, version));
      if (outcome.mine) return true;
      const held = outcome.holder;
      if (!held) return insertClaim(claims, claimDoc(articleId, version));
      const abandoned = isStale(held.at) && (await storedVersion()) === version - 1;
      if (!abandoned) return false;
      // Deletes are atomic on FerretDB too: of several callers taking over, one removes it.
      const taken = await claims.deleteOne({ _id: held._id, at: held.at });
      return taken.deletedCount === 1 && insertClaim(claims, claimDoc(articleId, version));
    },
    async release(articleId, version) {
      await claims.deleteOne({ _id: idOf(articleId, version) });
    },
    async claimNewId(articleId) {
      await markDeletedBefore();
      return insertClaim(claims, claimDoc(articleId, 1));
    },
    async markUsed(articleId) {
      await insertClaim(claims, claimDoc(articleId, 1));
    },
    async forget(articleId) {
      await claims.deleteMany({ article: articleId });
    },
  };
}
