// The environment a backend started for the browser tests runs with (global-setup.ts starts the
// shared one; a test may start one of its own over another database).
import { PWA_DIST } from '../../scripts/lib/proc.mjs';

export function backendEnv({ port, mongoUri, dataDir, jwtSecret }: { port: number; mongoUri: string; dataDir: string; jwtSecret: string }) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    // The address the tests open, so canonical and preview links match it.
    PUBLIC_URL: `http://localhost:${port}`,
    MONGODB_URI: mongoUri,
    STATIC_DIR: PWA_DIST,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    // Browser tests post many comments and logins from one address.
    RATE_LIMIT_COMMENT: '1000',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
    // A scheduled draft goes public within a second of its time, not ten (publishing.e2e waits for it).
    PUBLISH_CHECK_MS: '1000',
  };
}
