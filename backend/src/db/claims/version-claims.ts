// Who may move a record from one version to the next. FerretDB 1.24 runs a conditional update
// without isolation (two `updateOne({ _id, version: 3 }, …)` can both match), so the version check
// is an insert of `<id>:<nextVersion>` into a claims collection (db/claims/claim.ts): only one change per
// version wins, the other is told so (the caller answers 409). MongoDB would not need this; it
// costs one small insert. Articles (`article_versions`) and worship lessons (`lesson_versions`)
// each have their own collection; db/write-change.ts makes the claim before a change is written.
//
// Claims are kept (they are tiny), so `<id>:1` also says "this id has been used". A take-over
// leaves a mark `<id>:<version>@<time of the claim taken over>#<generation>` beside them.
import type mongoose from 'mongoose';
import { claimOrHolder, insertClaim, isStale, winTakeOver } from './claim.ts';

interface VersionClaimDoc {
  _id: string;
  /** The record's id (the field keeps its first user's name: articles). */
  article: string;
  at: Date;
}

export interface VersionClaims {
  /** True when this caller may write `version` of the record (currently at `version - 1`). */
  claim(id: string, version: number, storedVersion: () => Promise<number | null>): Promise<boolean>;
  /** Gives a claim back when its change could not be written. */
  release(id: string, version: number): Promise<void>;
  /** Claims version 1: true when nobody has ever claimed this id. */
  claimFirst(id: string): Promise<boolean>;
  /** Drops every claim of a record (reads the whole collection: only for rare removals). */
  forget(id: string): Promise<void>;
}

export function versionClaims(connection: mongoose.Connection, collection: string): VersionClaims {
  const claims = connection.collection<VersionClaimDoc>(collection);
  const idOf = (id: string, version: number) => `${id}:${version}`;
  const claimDoc = (id: string, version: number): VersionClaimDoc => ({
    _id: idOf(id, version),
    article: id,
    at: new Date(),
  });

  return {
    async claim(id, version, storedVersion) {
      const outcome = await claimOrHolder(claims, claimDoc(id, version));
      if (outcome.mine) return true;
      const held = outcome.holder;
      if (!held) return insertClaim(claims, claimDoc(id, version));
      // A claim whose change never arrived (its writer crashed) may be taken over once stale.
      const abandoned = isStale(held.at) && (await storedVersion()) === version - 1;
      if (!abandoned) return false;
      // Of several callers taking over, only the winner of the take-over mark goes on (claim.ts).
      if (!(await winTakeOver(claims, held, { article: id }))) return false;
      await claims.deleteOne({ _id: held._id, at: held.at });
      return insertClaim(claims, claimDoc(id, version));
    },
    async release(id, version) {
      await claims.deleteOne({ _id: idOf(id, version) });
    },
    claimFirst(id) {
      return insertClaim(claims, claimDoc(id, 1));
    },
    async forget(id) {
      await claims.deleteMany({ article: id });
    },
  };
}
