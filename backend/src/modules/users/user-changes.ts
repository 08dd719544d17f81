// The changes of a user, each with a change number (db/write-change.ts), so the admin view of every
// instance (admin/admin-model.ts) learns of them without reading the users collection.
import type mongoose from 'mongoose';
import { writeChange } from '../../db/write-change.ts';
import { changeRef, recordRemoval, tombstoneModel } from '../sync/tombstone.model.ts';
import { userModel, type UserDoc } from './user.model.ts';

export function userChanges(connection: mongoose.Connection) {
  const Users = userModel(connection);
  const tombstones = tombstoneModel(connection);
  return {
    /** Sets fields of one user; the number of matched users (0: there is none). */
    async update(userId: string, set: Partial<Pick<UserDoc, 'role' | 'isApproved'>>): Promise<number> {
      const { value } = await writeChange(connection, {
        ref: changeRef('user', userId),
        apply: (seq) => Users.updateOne({ _id: userId }, { $set: { ...set, seq } }),
      });
      return value.matchedCount;
    },
    /** Deletes one user matching `filter` besides its id; the number deleted. */
    async remove(userId: string, filter: Record<string, unknown> = {}): Promise<number> {
      const { value } = await writeChange(connection, {
        ref: changeRef('user', userId, true),
        apply: async (seq) => {
          const { deletedCount } = await Users.deleteOne({ ...filter, _id: userId });
          // Never public: devices hold no users. Recorded only when one was deleted.
          if (deletedCount > 0) await recordRemoval(tombstones, 'user', userId, seq, false);
          return deletedCount;
        },
      });
      return value;
    },
  };
}
