// Dead code check (run by `npm run lint` after eslint): files nothing reaches, exports nothing
// imports, dependencies nothing uses. Entries are what starts code without an import: the server,
// the app, workers started by path, scripts, benchmarks and tests. An export that only its own
// file uses is reported too: drop the `export` keyword instead of listing it here.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs', 'bench/*.mjs', 'bench/search-page/main.ts', 'vitest.config.ts'],
      project: ['scripts/**/*.mjs', 'bench/**/*.{mjs,ts}', '*.{js,ts}'],
      // The projects in vitest.config.ts name their set-up files relative to their own root,
      // which knip's vitest plugin does not follow: the workspaces below list them as entries.
      vitest: false,
      ignoreDependencies: [
        // The benchmarks run the backend's own packages (from the backend workspace) outside it.
        'mongodb',
        'sharp',
        'koa',
      ],
    },
    contracts: {
      // Only the backend and the PWA import the contracts: what they leave unused is dead, even
      // though package.json exports every file.
      includeEntryExports: true,
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    backend: {
      entry: [
        // Run by path: scripts/postgres-backup.mjs after a restore.
        'src/mark-restored.ts',
        // Worker threads started by path (new URL('./x-worker.mjs', import.meta.url)).
        'src/**/*-worker.mjs',
        'test/global-setup.ts',
        '{src,test}/**/*.test.ts',
      ],
      project: ['src/**/*.{ts,mjs}', 'test/**/*.ts'],
      ignoreDependencies: [
        // The driver mongoose brings, at mongoose's version: used for its types and error codes.
        'mongodb',
        // The contracts' zod: schemas built here must be the same zod as the contracts' schemas.
        'zod',
      ],
      // Drops root privileges for one test's database process (backend/test/db-socket.ts).
      ignoreBinaries: ['runuser'],
    },
    pwa: {
      // The app (src/main.tsx, from index.html) and its web workers need no entry here: knip reads
      // index.html and follows `new Worker(new URL('./x.worker.ts', import.meta.url))`.
      entry: [
        // Loaded by the page the server writes, before the app (pwa/vite-plugins/deferred-boot.ts).
        'public/boot.js',
        // Loaded by the service worker the build makes (vite.config.ts, workbox importScripts).
        'public/push-sw.js',
        'src/**/*.test.{ts,tsx}',
        'e2e/global-setup.ts',
        'e2e/**/*.e2e.test.ts',
      ],
      project: ['src/**/*.{ts,tsx}', 'test/**/*.ts', 'e2e/**/*.ts', 'vite-plugins/**/*.ts', 'public/*.js'],
      // Reads pwa/vitest.config.ts (the unit tests' jsdom environment and set-up file).
      vitest: { config: ['vitest.config.ts'] },
      ignoreDependencies: [
        // Quill's own modules, reached through the quill that react-quill-new brings.
        'quill',
        // Browser tests seed and inspect the backend's database and tokens with its own packages.
        'mongoose',
        'jsonwebtoken',
      ],
    },
  },
};

export default config;
