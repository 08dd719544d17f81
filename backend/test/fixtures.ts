// Test fixtures shared by every backend test file: users inserted straight through the model
// (no HTTP, no rate limits) and tokens signed with the app's own secret.
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { userModel } from '../src/modules/users/user.model.ts';
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
  const doc = await Users.create({
    name: overrides.name ?? `User ${suffix}`,
    email,
    passwordHash: await bcrypt.hash(password, FIXTURE_BCRYPT_COST),
    role: overrides.role ?? 'admin',
    isApproved: overrides.isApproved ?? true,
  });
  const _id = String(doc._id);
  return { user: { _id, email, password }, token: signToken(_id, app.config.jwtSecret) };
}
