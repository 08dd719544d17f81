// The environment, parsed once. A production start without JWT_SECRET refuses to run; in
// development a secret is generated once and kept under DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
});

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
  };
}
