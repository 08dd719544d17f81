// Registration, login and the admin's user management. Knows nothing of HTTP beyond the HttpErrors
// it throws; the routes file turns requests into calls here.
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { HttpError } from '../../errors.ts';
import { signToken } from './tokens.ts';
import { userModel, type UserDoc } from './user.model.ts';
import { claimFirstAdmin } from './first-admin.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import type { PasswordPool } from './password-pool.ts';
import type { WriteDeadline } from '../../db/claims/index.ts';
import { writeChange } from '../../db/write-change.ts';
import { changeRef } from '../sync/tombstone.model.ts';
import { userChanges } from './user-changes.ts';

export const BCRYPT_COST = 10;

export const USER_MESSAGES = {
  REGISTERED_FIRST_ADMIN: 'Registration complete. You are the first administrator of this site.',
  REGISTERED_PENDING: 'Registration received. An administrator must approve your account before you can log in.',
  LOGGED_IN: 'Logged in successfully!',
  BAD_CREDENTIALS: 'Email or password is incorrect.',
  NOT_APPROVED: 'Your account is waiting for approval by an administrator.',
  USER_NOT_FOUND: 'No such user. The list may be out of date; reload it.',
  ADMIN_UNDELETABLE: 'Administrators cannot be deleted.',
  DELETED: 'User deleted.',
  APPROVED: 'User approved. They are now an administrator and can log in.',
  ALREADY_ADMIN: 'This user is already an approved administrator.',
} as const;

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

export interface AuthResult {
  token?: string;
  message: string;
}

export interface UsersServiceDeps {
  connection: mongoose.Connection;
  jwtSecret: string;
  passwords: PasswordPool;
}

export function usersService({ connection, jwtSecret, passwords }: UsersServiceDeps) {
  const Users = userModel(connection);
  const changes = userChanges(connection);

  let dummyHash: Promise<string> | undefined;
  /** A real hash to compare against when the email is unknown, so both paths take as long. */
  function dummyPasswordHash(): Promise<string> {
    // Made once; a refusal (the pool busy) is not kept, so the next login makes it again.
    dummyHash ??= passwords.hash(crypto.randomBytes(16).toString('hex'), BCRYPT_COST).catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    });
    return dummyHash;
  }

  async function findUser(userId: string): Promise<UserDoc | null> {
    return (await Users.findById(userId).lean()) as UserDoc | null;
  }

  return {
    /**
     * Creates the account waiting for approval, then tries to claim the first-admin slot. The
     * account is created first so that a duplicate email never uses up the slot.
     *
     * An email that already has an account gets the answer of a new account waiting for
     * approval, and that account is left as it is: login never tells who has an account here,
     * and registration must not either. Its owner learns nothing from this.
     */
    async register({ name, email, password }: RegisterInput, deadline?: WriteDeadline): Promise<AuthResult> {
      // The unique email index must exist before the insert relies on it (fresh installs).
      await Users.init();
      // Hashed before the email is tried, so a taken email costs the same work as a new one.
      const passwordHash = await passwords.hash(password, BCRYPT_COST);
      const userId = new mongoose.Types.ObjectId().toHexString();
      try {
        await writeChange(connection, {
          ref: changeRef('user', userId),
          apply: (seq) => {
            // The account is the first write: a request already answered "nothing was saved" stops here.
            deadline?.enterWrite();
            return Users.create({ _id: userId, name, email, passwordHash, role: 'user', isApproved: false, seq });
          },
        });
      } catch (error) {
        if (isDuplicateKey(error)) return { message: USER_MESSAGES.REGISTERED_PENDING };
        throw error;
      }
      let isFirstAdmin: boolean;
      try {
        isFirstAdmin = await claimFirstAdmin({ connection, userId });
      } catch (error) {
        // Without this the person's retry would be answered "waiting for approval" for an
        // account in limbo. A claim left naming the removed account is freed by the next
        // registration.
        await changes.remove(userId).catch(() => {});
        throw error;
      }
      if (isFirstAdmin) {
        return { token: signToken(userId, jwtSecret), message: USER_MESSAGES.REGISTERED_FIRST_ADMIN };
      }
      return { message: USER_MESSAGES.REGISTERED_PENDING };
    },

    async login({ email, password }: { email: string; password: string }): Promise<AuthResult> {
      const user = (await Users.findOne({ email }).lean()) as UserDoc | null;
      const matches = await passwords.compare(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !matches) throw new HttpError('BAD_CREDENTIALS', USER_MESSAGES.BAD_CREDENTIALS);
      if (!user.isApproved) throw new HttpError('NOT_APPROVED', USER_MESSAGES.NOT_APPROVED);
      return { token: signToken(String(user._id), jwtSecret), message: USER_MESSAGES.LOGGED_IN };
    },

    /** Deletes a user who is not an admin (an admin calling this on themself is refused too). */
    async remove(userId: string): Promise<string> {
      const user = await findUser(userId);
      if (!user) throw new HttpError('NOT_FOUND', USER_MESSAGES.USER_NOT_FOUND);
      if (user.role === 'admin') throw new HttpError('ADMIN_UNDELETABLE', USER_MESSAGES.ADMIN_UNDELETABLE);
      // The role is part of the filter, so an approval that lands in between is never undone.
      const deletedCount = await changes.remove(userId, { role: { $ne: 'admin' } });
      if (deletedCount === 0) {
        const now = await findUser(userId);
        if (now) throw new HttpError('ADMIN_UNDELETABLE', USER_MESSAGES.ADMIN_UNDELETABLE);
        throw new HttpError('NOT_FOUND', USER_MESSAGES.USER_NOT_FOUND);
      }
      return USER_MESSAGES.DELETED;
    },

    /** Approving makes the user an approved admin for good: no call demotes or deletes an admin. */
    async approve(userId: string): Promise<string> {
      const user = await findUser(userId);
      if (!user) throw new HttpError('NOT_FOUND', USER_MESSAGES.USER_NOT_FOUND);
      if (user.isApproved && user.role === 'admin') return USER_MESSAGES.ALREADY_ADMIN;
      const matchedCount = await changes.update(userId, { isApproved: true, role: 'admin' });
      if (matchedCount === 0) throw new HttpError('NOT_FOUND', USER_MESSAGES.USER_NOT_FOUND);
      return USER_MESSAGES.APPROVED;
    },
  };
}
