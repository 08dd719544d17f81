// The environment, parsed once. A production start without JWT_SECRET or PUBLIC_URL refuses to
// run; in development a secret is generated once and kept under DATA_DIR, and the site's address
// is the one the server listens on.
//
// Rate limits: RATE_LIMIT_LOGIN, RATE_LIMIT_REGISTER, RATE_LIMIT_COMMENT, RATE_LIMIT_ANON_KEYS,
// RATE_LIMIT_SPACE_CREATE and RATE_LIMIT_SPACE_WRITE
// each take "N/ms" (N per window of ms milliseconds, e.g. "10/900000") or just "N" (the default
// window).
// Behind a load balancer: TRUST_PROXY=true, and TRUSTED_PROXY_HOPS (default 1) the number of
// proxies of ours a request passes; the client is the address that many entries from the right of
// X-Forwarded-For, since each proxy appends what it saw and anything further left is the client's.
// Password hashing: PASSWORD_HASH_THREADS worker threads, PASSWORD_HASH_QUEUE_MAX jobs waiting for
// them at most (modules/users/password-pool.ts).
// Reminders (Web Push): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_SERVICE_HOSTS,
// REMINDER_CHECK_MS (config-reminders.ts); RATE_LIMIT_REMINDER limits reminder saves per address.
// Pictures: IMAGE_QUEUE_MAX saves may wait while another save's pictures are encoded
// (modules/images/image-queue.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { reminderOptionsFrom, type ReminderOptions } from './config-reminders.ts';

// The worker pools' settings live here, beside the variables that set them; the pools
// (modules/users/password-pool.ts, modules/scripture/scripture-pool.ts, modules/images/image-queue.ts)
// import them, so config imports no module.
export interface PasswordPoolOptions {
  /** Worker threads (at least 1). */
  threads: number;
  /** Jobs that may wait for a thread; one more is refused with BUSY. */
  queueMax: number;
}

/** A thread per core: logins then use every core, and each wait is one job long. */
export const DEFAULT_PASSWORD_THREADS = Math.max(1, os.availableParallelism());
/** About a second of waiting at cost 10 on two cores; a client told BUSY comes back later. */
export const DEFAULT_PASSWORD_QUEUE_MAX = 32;

export interface ScripturePoolOptions {
  /** Worker threads (at least 1). */
  threads: number;
  /** Saves that may wait for a thread; one more is refused with BUSY. */
  queueMax: number;
  /** Longest one save's citations may take to find. */
  budgetMs: number;
}

export interface ImageQueueOptions {
  /** Saves that may wait while another's pictures are encoded; one more is refused with BUSY. */
  queueMax: number;
  /** A save not done this long after it was queued is given up (the request has 20 s in all). */
  timeMaxMs?: number;
}

/** A few admins saving at once; a fifth waits at most a few saves' time, or is told to come back. */
export const DEFAULT_IMAGE_QUEUE_MAX = 4;

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
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  RATE_LIMIT_LOGIN: z.string().optional(),
  RATE_LIMIT_REGISTER: z.string().optional(),
  RATE_LIMIT_COMMENT: z.string().optional(),
  RATE_LIMIT_ANON_KEYS: z.string().optional(),
  RATE_LIMIT_SPACE_CREATE: z.string().optional(),
  RATE_LIMIT_SPACE_WRITE: z.string().optional(),
  RATE_LIMIT_REMINDER: z.string().optional(),
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(64).default(DEFAULT_PASSWORD_THREADS),
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_PASSWORD_QUEUE_MAX),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(1_000).default(DEFAULT_IMAGE_QUEUE_MAX),
  PUBLIC_URL: z.string().optional(),
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(0).optional(),
  SERVER_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  SERVER_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  PUBLISH_CHECK_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SHUTDOWN_LIMIT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
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
  /**
   * New Idempotency-Key records of anonymous callers (visitors' comments) per window, all
   * together; past it a comment is stored without one (middleware/idempotency.ts). Optional so
   * hand-built limits keep working; missing means the default.
   */
  anonKeys?: RateLimitSetting;
  /** New study sync spaces per address (modules/study/); optional like anonKeys. */
  spaceCreate?: RateLimitSetting;
  /** Writes per study sync space, each up to 100 records (modules/study/); optional like anonKeys. */
  spaceWrite?: RateLimitSetting;
  /** Reminder saves and removals per address (modules/reminders/); optional like anonKeys. */
  reminder?: RateLimitSetting;
  /** The cap of the per-email login failure delay (middleware/login-limits.ts); default 4 s. */
  loginDelayMaxMs?: number;
}

const MINUTE_MS = 60_000;

/** Generous for a family site, tight enough to make password guessing and comment spam slow. */
export const DEFAULT_RATE_LIMITS = {
  login: { limit: 10, windowMs: 15 * MINUTE_MS },
  register: { limit: 5, windowMs: 60 * MINUTE_MS },
  comment: { limit: 10, windowMs: 10 * MINUTE_MS },
  anonKeys: { limit: 120, windowMs: 60 * MINUTE_MS },
  spaceCreate: { limit: 10, windowMs: 60 * MINUTE_MS },
  spaceWrite: { limit: 300, windowMs: 10 * MINUTE_MS },
  reminder: { limit: 30, windowMs: 60 * MINUTE_MS },
} satisfies RateLimits;

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

/**
 * What the HTTP server allows a connection (http-server.ts), suited to a phone on a slow line: a
 * request's headers (about a kilobyte) get seconds to arrive, not minutes, and idle connections
 * are let go, so nobody can hold the server's sockets open by sending nothing.
 */
export interface ServerLimits {
  /** From a connection's start (or its previous answer) until a request's headers are all in. */
  headersTimeoutMs: number;
  /** Until the whole request, headers and body, is in (the app answers in 20 s anyway). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection between requests (Node adds about a second). */
  keepAliveTimeoutMs: number;
  /** No byte moving either way during a request or its answer (a client that stopped reading). */
  idleTimeoutMs: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1_000,
};

/** The site's address, as `https://host[:port]`: the only source of absolute links in pages. */
function parsePublicUrl(value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    // reported below
  }
  const plain = url && !url.username && !url.password && !url.search && !url.hash && url.pathname === '/';
  if (!url || !['http:', 'https:'].includes(url.protocol) || !plain) {
    throw new Error(
      'Bad configuration: PUBLIC_URL must be the address people open the site at, like https://example.org (http or https, no path, query or login).',
    );
  }
  return url.origin;
}

/** In development: the address the server listens on (a loopback or "any" address as localhost). */
function defaultPublicUrl(host: string, port: number): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', ''].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
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
  /**
   * With trustProxy: how many proxies of ours stand in front (TRUSTED_PROXY_HOPS); the client is
   * the entry that many places from the right of X-Forwarded-For. Missing means 1.
   */
  trustedProxyHops?: number;
  /** Optional so hand-built configs keep working; missing means DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimits;
  /** Optional like rateLimits; missing means one thread per core and the default queue. */
  passwordHashing?: PasswordPoolOptions;
  /** Citation threads, queue and budget (scripture/scripture-pool.ts); missing: its defaults. */
  scriptureLinking?: Partial<ScripturePoolOptions>;
  /** What one study sync space may hold (modules/study/space-store.ts); missing: STUDY_LIMITS. */
  studyQuota?: { bytes: number; records: number };
  /** Optional like rateLimits; missing means the default picture queue. */
  images?: ImageQueueOptions;
  /** The site's address (PUBLIC_URL): canonical and preview links, never the request's Host. */
  publicUrl: string;
  /** Missing means DEFAULT_SERVER_LIMITS. */
  server?: ServerLimits;
  /** How often scheduled drafts are looked for (PUBLISH_CHECK_MS); missing means 10 s. */
  publishCheckMs?: number;
  /** Web Push reminders (config-reminders.ts); missing: keys under dataDir, the default hosts. */
  reminders?: ReminderOptions;
  /** How a SIGTERM ends the process (http-server.ts's drain); missing: no grace, 25 s limit. */
  shutdown?: ShutdownTimes;
  /** The app's answer deadline (middleware/timeout.ts); missing means app.ts REQUEST_TIMEOUT_MS. Tests shorten it. */
  requestDeadlineMs?: number;
}

export interface ShutdownTimes {
  /** How long it keeps answering after saying "not ready", so a load balancer's checks notice. */
  graceMs: number;
  /** How long requests in flight get to finish once it stops accepting; then it closes anyway. */
  limitMs: number;
}

/**
 * In production an instance stands behind a load balancer, whose checks (every second or so)
 * must see "not ready" before it stops accepting; in development Ctrl-C should not wait.
 */
const PRODUCTION_SHUTDOWN_GRACE_MS = 3_000;

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
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL?.trim()) {
    throw new Error(
      'PUBLIC_URL must be set in production: the address people open the site at, like https://example.org (links in pages and previews are made from it).',
    );
  }
  const server: ServerLimits = {
    headersTimeoutMs: e.SERVER_HEADERS_TIMEOUT_MS ?? DEFAULT_SERVER_LIMITS.headersTimeoutMs,
    requestTimeoutMs: e.SERVER_REQUEST_TIMEOUT_MS ?? DEFAULT_SERVER_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: e.SERVER_KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs,
    idleTimeoutMs: e.SERVER_IDLE_TIMEOUT_MS ?? DEFAULT_SERVER_LIMITS.idleTimeoutMs,
    maxConnections: e.SERVER_MAX_CONNECTIONS ?? DEFAULT_SERVER_LIMITS.maxConnections,
  };
  // Node refuses a headers timeout longer than the whole request's.
  if (server.headersTimeoutMs > server.requestTimeoutMs) {
    throw new Error('Bad configuration: SERVER_HEADERS_TIMEOUT_MS must not be more than SERVER_REQUEST_TIMEOUT_MS.');
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
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    rateLimits: {
      login: parseRateLimit('RATE_LIMIT_LOGIN', e.RATE_LIMIT_LOGIN, DEFAULT_RATE_LIMITS.login),
      register: parseRateLimit('RATE_LIMIT_REGISTER', e.RATE_LIMIT_REGISTER, DEFAULT_RATE_LIMITS.register),
      comment: parseRateLimit('RATE_LIMIT_COMMENT', e.RATE_LIMIT_COMMENT, DEFAULT_RATE_LIMITS.comment),
      anonKeys: parseRateLimit('RATE_LIMIT_ANON_KEYS', e.RATE_LIMIT_ANON_KEYS, DEFAULT_RATE_LIMITS.anonKeys),
      spaceCreate: parseRateLimit('RATE_LIMIT_SPACE_CREATE', e.RATE_LIMIT_SPACE_CREATE, DEFAULT_RATE_LIMITS.spaceCreate),
      spaceWrite: parseRateLimit('RATE_LIMIT_SPACE_WRITE', e.RATE_LIMIT_SPACE_WRITE, DEFAULT_RATE_LIMITS.spaceWrite),
      reminder: parseRateLimit('RATE_LIMIT_REMINDER', e.RATE_LIMIT_REMINDER, DEFAULT_RATE_LIMITS.reminder),
    },
    passwordHashing: { threads: e.PASSWORD_HASH_THREADS, queueMax: e.PASSWORD_HASH_QUEUE_MAX },
    images: { queueMax: e.IMAGE_QUEUE_MAX },
    publicUrl: e.PUBLIC_URL?.trim() ? parsePublicUrl(e.PUBLIC_URL) : defaultPublicUrl(e.HOST, e.PORT),
    server,
    publishCheckMs: e.PUBLISH_CHECK_MS,
    reminders: reminderOptionsFrom(env),
    shutdown: {
      graceMs: e.SHUTDOWN_GRACE_MS ?? (e.NODE_ENV === 'production' ? PRODUCTION_SHUTDOWN_GRACE_MS : 0),
      limitMs: e.SHUTDOWN_LIMIT_MS,
    },
  };
}
