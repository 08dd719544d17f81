// Who may move an article from one version to the next. FerretDB 1.24 runs a conditional update
// without isolation (two `updateOne({ _id, version: 3 }, …)` can both match), so the version check
// is an insert of `<articleId>:<nextVersion>` into article_versions: only one change per version
// wins, the other gets a 409. MongoDB would not need this; it costs one small insert per change.
import type mongoose from 'mongoose';
import { isDuplicateKey } from '../../db/duplicate-key.ts';

/** A claim whose change never landed (its writer died) is given up after this long. */
export const VERSION_CLAIM_STALE_MS = 60_000;

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
  /** Drops every claim of a deleted article. */
  forget(articleId: string): Promise<void>;
}

/** `collection` lets other versioned records (worship lessons) use the same check. */
export function articleVersions(connection: mongoose.Connection, collection = 'article_versions'): ArticleVersions {
  const claims = connection.collection<VersionClaimDoc>(collection);
  const idOf = (articleId: string, version: number) => `${articleId}:${version}`;

  async function tryInsert(articleId: string, version: number): Promise<boolean> {
    try {
      await claims.insertOne({ _id: idOf(articleId, version), article: articleId, at: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  return {
    async claim(articleId, version, storedVersion) {
      if (await tryInsert(articleId, version)) return true;
      const held = await claims.findOne({ _id: idOf(articleId, version) });
      if (!held) return tryInsert(articleId, version);
      const abandoned =
        held.at.getTime() < Date.now() - VERSION_CLAIM_STALE_MS &&
        (await storedVersion()) === version - 1;
      if (!abandoned) return false;
      // Deletes are atomic on FerretDB too: of several callers taking over, one removes it.
      const taken = await claims.deleteOne({ _id: held._id, at: held.at });
      return taken.deletedCount === 1 && tryInsert(articleId, version);
    },
    async release(articleId, version) {
      await claims.deleteOne({ _id: idOf(articleId, version) });
    },
    async forget(articleId) {
      await claims.deleteMany({ article: articleId });
    },
  };
}
