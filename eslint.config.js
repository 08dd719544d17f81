// One lint config for the three parts; it also keeps the parts apart (contracts imports only zod;
// the PWA and the backend import contracts, never each other) and the layers of each in one
// direction (README, "Layout"). In pwa/src, each layer imports only those before it:
//   lib         shared helpers: the api client, clock, route paths, formats; imports no other layer
//   db          the Dexie schema (lib)
//   bible       the Bible text kept on the device: books, keeper worker, progress (lib, db)
//   components  the UI kit: buttons, dialog, table, toasts; no data, no sync (lib)
//   sync        pull, outbox, engine, and sendWrite, the screens' side of a write (lib, db, components)
//   features/X  one feature (all shared layers, its own folder, and another feature only through
//               that feature's entry point, features/Y/index.ts, which names what others may use)
//   app         router, layouts, the admin route module: composes features (everything)
//   main.tsx    the entry
// No import cycle anywhere (type-only imports aside: they vanish from the built code).
//
// In backend/src, each layer imports only those before it (tests, *.test.ts and backend/test,
// may import anything):
//   base        config.ts, errors.ts, thread-pool.ts: settings, the error class, worker threads
//   db          connection, change numbers, claims, key records (base)
//   http        what handlers and middleware call: validation, deadlines, idempotency keys (base, db)
//   middleware  the Koa middleware factories app.ts mounts (base, db, http)
//   modules     one domain each, routes, services, models (base, db, http, middleware; another
//               module too, though never app or the seed); router-deps.ts is their shared shape
//   seed        the demo content and lessons put into a new database (everything above)
//   top         app.ts, http-server.ts, main.ts, mark-restored.ts: wire it all up (everything)
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const PWA = './pwa/src';
// Paths are relative to this file (basePath below), wherever eslint is started from.
const FEATURES = readdirSync(new URL(`${PWA}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const LAYER_ZONES = [
  {
    target: `${PWA}/lib`,
    from: ['db', 'bible', 'components', 'sync', 'features', 'app', 'main.tsx'],
    why: 'lib imports no other layer',
  },
  {
    target: `${PWA}/db`,
    from: ['bible', 'components', 'sync', 'features', 'app', 'main.tsx'],
    why: 'db imports only lib',
  },
  {
    target: `${PWA}/bible`,
    from: ['components', 'sync', 'features', 'app', 'main.tsx'],
    why: 'bible imports only lib and db',
  },
  {
    target: `${PWA}/components`,
    from: ['db', 'bible', 'sync', 'features', 'app', 'main.tsx'],
    why: 'the UI kit imports only lib: screens bring the data',
  },
  {
    target: `${PWA}/sync`,
    from: ['features', 'app', 'main.tsx'],
    why: 'sync imports only lib, db and components',
  },
  {
    target: `${PWA}/features`,
    from: ['app', 'main.tsx'],
    why: 'features never import app: move the shared piece down (lib, components)',
  },
].map(({ target, from, why }) => ({
  target,
  from: from.map((layer) => `${PWA}/${layer}`),
  message: `${why} (README, "Layout").`,
}));
const API = './backend/src';
const BACKEND_BASE = ['config.ts', 'errors.ts', 'thread-pool.ts'];
const BACKEND_TOP = ['app.ts', 'http-server.ts', 'main.ts', 'mark-restored.ts'];
const BACKEND_ZONES = [
  {
    target: BACKEND_BASE,
    from: ['db', 'http', 'middleware', 'modules', 'seed', ...BACKEND_TOP],
    why: 'config, errors and thread-pool import no other layer',
  },
  {
    target: ['db'],
    from: ['http', 'middleware', 'modules', 'seed', ...BACKEND_TOP],
    why: 'db imports only the base (config, errors, thread-pool)',
  },
  {
    target: ['http'],
    from: ['middleware', 'modules', 'seed', ...BACKEND_TOP],
    why: 'http imports only the base and db',
  },
  {
    target: ['middleware'],
    from: ['modules', 'seed', ...BACKEND_TOP],
    why: 'middleware imports only the base, db and http: app.ts hands it what a module knows',
  },
  {
    target: ['modules'],
    from: ['seed', ...BACKEND_TOP],
    why: 'modules never import the seed or the wiring (app, main, http-server)',
  },
  { target: ['seed'], from: BACKEND_TOP, why: 'the seed sits beside app.ts, below main.ts' },
].map(({ target, from, why }) => ({
  target: target.map((layer) => `${API}/${layer}`),
  from: from.map((layer) => `${API}/${layer}`),
  message: `${why} (backend layers, eslint.config.js).`,
}));
// A feature reaches another only through its entry point (index.ts): never sideways into its files.
const FEATURE_ZONES = FEATURES.map((feature) => ({
  target: `${PWA}/features/${feature}`,
  from: `${PWA}/features`,
  except: [
    `./${feature}`,
    ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
  ],
  message:
    'A feature imports another only through its entry point, features/<name>/index.ts (README, "Layout").',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tools/**',
      'coverage/**',
      'bench/tmp/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['{contracts,backend,pwa}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their files (.ts, .tsx); the rules read those files with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...LAYER_ZONES, ...FEATURE_ZONES] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Benchmarks hand some functions to the browser, and bench/search-page runs there.
    files: ['bench/**/*.{mjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@fw/backend', '@fw/pwa', 'mongoose', 'react'] },
      ],
    },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', { patterns: ['@fw/pwa', '**/pwa/**'] }] },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: BACKEND_ZONES },
      ],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            // Only the db module may touch Dexie directly: screens read through it.
            { name: 'dexie', message: 'Import the database through src/db.' },
            {
              name: '@fw/contracts',
              allowTypeImports: true,
              message:
                'Import values from a schema-free subpath (e.g. @fw/contracts/text) so zod stays out of the bundle.',
            },
          ],
          patterns: [
            {
              group: ['@fw/backend', '**/backend/src/**'],
              message: 'The PWA talks to the backend only over HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    // These may import Dexie and any part of the contracts, but still no backend code: the browser
    // tests read the demo seed from its data files (pwa/e2e/demo-seed.ts).
    files: ['pwa/src/db/**', 'pwa/e2e/**', 'pwa/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fw/backend', '**/backend/**'],
              message: 'The PWA and its tests reach the backend only over HTTP (or its seed data files).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
