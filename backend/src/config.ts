// The environment, parsed once. A production start without JWT_SECRET refuses to run; in
// development a secret is generated once and kept under DATA_DIR.
//
// Rate limits: RATE_LIMIT_LOGIN, RATE_LIMIT_REGISTER and RATE_LIMIT_COMMENT each take "N/ms"
// (N attempts per window of ms milliseconds, e.g. "10/900000") or just "N" (the default window).
// Password hashing: PASSWORD_HASH_THREADS worker threads, PASSWORD_HASH_QUEUE_MAX jobs waiting for
// them at most (modules/users/password-pool.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PASSWORD_QUEUE_MAX,
  DEFAULT_PASSWORD_THREADS,
  type PasswordPoolOptions,
} from './modules/users/password-pool.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  MONGODB_URI: z.string().min(1, 'MONGODB_URI is required'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  DATA_DIR: z.string().default('data'),
  STATIC_DIR: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('false'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_LOGIN: z.string().optional(),
  RATE_LIMIT_REGISTER: z.string().optional(),
  RATE_LIMIT_COMMENT: z.string().optional(),
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(64).default(DEFAULT_PASSWORD_THREADS),
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_PASSWORD_QUEUE_MAX),
});

export interface RateLimitSetting {
  /** Attempts allowed per window (per IP, or per email for login). */
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  login: RateLimitSetting;
  register: RateLimitSetting;
  comment: RateLimitSetting;
  /** The cap of the per-email login failure delay (middleware/login-limits.ts); default 4 s. */
  loginDelayMaxMs?: number;
}

const MINUTE_MS = 60_000;

/** Generous for a family site, tight enough to make password guessing and comment spam slow. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { limit: 10, windowMs: 15 * MINUTE_MS },
  register: { limit: 5, windowMs: 60 * MINUTE_MS },
  comment: { limit: 10, windowMs: 10 * MINUTE_MS },
};

const RATE_LIMIT_PATTERN = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/;

/** "N/ms" or "N" → a setting; anything else is a configuration error naming the variable. */
export function parseRateLimit(name: string, value: string | undefined, fallback: RateLimitSetting): RateLimitSetting {
  if (value === undefined || value.trim() === '') return fallback;
  const match = RATE_LIMIT_PATTERN.exec(value);
  const limit = Number(match?.[1]);
  const windowMs = match?.[2] === undefined ? fallback.windowMs : Number(match[2]);
  if (!match || limit < 1 || windowMs < 1) {
    throw new Error(`Bad configuration: ${name} must look like "10/900000" (attempts/milliseconds) or "10".`);
  }
  return { limit, windowMs };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  mongoUri: string;
  jwtSecret: string;
  dataDir: string;
  staticDir?: string;
  seedDemo: boolean;
  corsOrigins: string[];
  trustProxy: boolean;
  /** Optional so hand-built configs keep working; missing means DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimits;
  /** Optional like rateLimits; missing means one thread per core and the default queue. */
  passwordHashing?: PasswordPoolOptions;
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Bad configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set in production (at least 32 random characters).');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    mongoUri: e.MONGODB_URI,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(e.DATA_DIR),
    dataDir: e.DATA_DIR,
    staticDir: e.STATIC_DIR,
    seedDemo: e.SEED_DEMO === 'true',
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimits: {
      login: parseRateLimit('RATE_LIMIT_LOGIN', e.RATE_LIMIT_LOGIN, DEFAULT_RATE_LIMITS.login),
      register: parseRateLimit('RATE_LIMIT_REGISTER', e.RATE_LIMIT_REGISTER, DEFAULT_RATE_LIMITS.register),
      comment: parseRateLimit('RATE_LIMIT_COMMENT', e.RATE_LIMIT_COMMENT, DEFAULT_RATE_LIMITS.comment),
    },
    passwordHashing: { threads: e.PASSWORD_HASH_THREADS, queueMax: e.PASSWORD_HASH_QUEUE_MAX },
  };
}
