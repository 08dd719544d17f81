// One test run over the three parts. Backend integration tests and browser tests each start a
// real FerretDB (or use MONGODB_URI) in their global set-up; nothing mocks the database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at once on a 2-core machine: each backend file works in a database of its own.
    // (Vitest's own default ran one file at a time on this machine.)
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: './contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'backend',
          root: './backend',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Tests of PostgreSQL's own tools (backups) belong to the run on PostgreSQL (DB=postgres).
          exclude: process.env.DB === 'postgres' ? [] : ['test/**/*.postgres.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './pwa/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: './pwa',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time on a 2-core machine; files share the server. After the other
          // projects (a later group), so no backend file runs beside a browser test either.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
