// Users: administrators and people waiting to become one. The password hash never leaves the
// users module: the admin view reads users without it (sync/read-model.ts).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { modelOn } from '../../db/model-on.ts';

const userSchema = new Schema(
  {
    name: { type: String, required: true },
    /** Stored lower-cased, so uniqueness is case-insensitive. */
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    role: { type: String, enum: ['admin', 'user'], default: 'user' },
    isApproved: { type: Boolean, default: false },
    /**
     * The global change number of the user's latest change (db/write-change.ts): how every
     * instance's admin view (admin/admin-model.ts) learns of it. 0 on users stored before it.
     */
    seq: { type: Number, default: 0 },
  },
  { timestamps: true, collection: 'users' },
);

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };

export function userModel(connection: mongoose.Connection) {
  return modelOn(connection, 'User', userSchema);
}
