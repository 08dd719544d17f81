// Who becomes the first administrator of a fresh install, so that it can be taken over.
//
// FerretDB 1.24 has no transactions, so "no admin exists yet, therefore make this user the admin"
// cannot be one atomic step: two registrations arriving together would both see no admin. The slot
// is therefore a document with a fixed _id in `bootstrap_claims`. Inserting it is atomic (the _id
// index is unique), so of two concurrent first registrations exactly one wins; the other account
// simply waits for approval like any later one.
//
// If the process dies between the claim and the promotion, the claim names a user who is not yet
// an admin. The next registration rolls that forward (promotes the claimed user, who was first);
// a claim naming a user who no longer exists is removed and the slot is claimed again.
import type mongoose from 'mongoose';
import { claimOrHolder } from '../../db/claims/index.ts';
import { userModel } from './user.model.ts';
import { userChanges } from './user-changes.ts';

export const BOOTSTRAP_CLAIMS_COLLECTION = 'bootstrap_claims';
export const FIRST_ADMIN_CLAIM_ID = 'first-admin';
/** One retry after freeing a stale claim is enough; more would mean something else is wrong. */
const CLAIM_ATTEMPTS = 2;

export interface ClaimDoc {
  _id: string;
  userId: string;
  claimedAt: Date;
}

/** True when `userId` has just become the first admin (and is now promoted). */
export async function claimFirstAdmin({
  connection,
  userId,
}: {
  connection: mongoose.Connection;
  userId: string;
}): Promise<boolean> {
  const Users = userModel(connection);
  const claims = connection.collection<ClaimDoc>(BOOTSTRAP_CLAIMS_COLLECTION);
  const changes = userChanges(connection);
  const promote = async (id: string) => (await changes.update(id, { role: 'admin', isApproved: true })) > 0;

  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt++) {
    // Installs whose admin came another way (the demo seed) have no claim and need none.
    if (await Users.exists({ role: 'admin', isApproved: true })) return false;
    const outcome = await claimOrHolder(claims, { _id: FIRST_ADMIN_CLAIM_ID, userId, claimedAt: new Date() });
    if (outcome.mine) return promote(userId);
    const claim = outcome.holder;
    if (!claim) continue;
    if (await promote(claim.userId)) return false;
    // Only free the slot if it still names the vanished user (someone may have re-claimed it).
    await claims.deleteOne({ _id: FIRST_ADMIN_CLAIM_ID, userId: claim.userId });
  }
  return false;
}
