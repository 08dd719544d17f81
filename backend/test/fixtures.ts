// Test fixtures shared by every backend test file: users inserted straight through the model
// (no HTTP, no rate limits) and tokens signed with the app's own secret. Each insert takes a change
// number as the server's own user writes do (users/user-changes.ts), so admin views list it.
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { userModel } from '../src/modules/users/user.model.ts';
import { writeChange } from '../src/db/write-change.ts';
import { changeRef } from '../src/modules/sync/tombstone.model.ts';
import { signToken } from '../src/modules/users/tokens.ts';
import type { TestApp } from './harness.ts';

/** Lower than production's cost: fixtures hash many passwords and the strength is irrelevant here. */
const FIXTURE_BCRYPT_COST = 4;

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  role?: 'admin' | 'user';
  isApproved?: boolean;
}

export interface CreatedUser {
  user: { _id: string; email: string; password: string };
  token: string;
}

/** Inserts a user (by default an approved admin) and returns it with a valid token. */
export async function createUser(app: TestApp, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const email = (overrides.email ?? `user-${suffix}@example.test`).toLowerCase();
  const password = overrides.password ?? `password-${suffix}`;
  const Users = userModel(app.connection);
  const passwordHash = await bcrypt.hash(password, FIXTURE_BCRYPT_COST);
  const _id = new mongoose.Types.ObjectId().toHexString();
  await writeChange(app.connection, {
    ref: changeRef('user', _id),
    apply: (seq) =>
      Users.create({
        _id,
        name: overrides.name ?? `User ${suffix}`,
        email,
        passwordHash,
        role: overrides.role ?? 'admin',
        isApproved: overrides.isApproved ?? true,
        seq,
      }),
  });
  return { user: { _id, email, password }, token: signToken(_id, app.config.jwtSecret) };
}
