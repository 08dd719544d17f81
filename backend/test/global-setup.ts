// Starts one real FerretDB for the backend's integration tests (or uses MONGODB_URI); each test
// file then works in a database of its own. FerretDB stores in SQLite files, or with DB=postgres
// in a throw-away PostgreSQL cluster (or POSTGRES_URL's): scripts/lib/postgres.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestDatabase } from '../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.MONGODB_URI) {
    project.provide('mongoUri', process.env.MONGODB_URI);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-backend-db-'));
  const db = await startTestDatabase({ dataDir });
  project.provide('mongoUri', db.uri);
  return async () => {
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
