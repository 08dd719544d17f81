// One lint config for the three parts; it also keeps the parts apart (no part imports another's source) and
// the PWA's layers in one direction (README, "Layout"). In pwa/src, each layer imports only
// those before it:
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
    // backend/src/http holds what handlers call; it sits below middleware and the modules.
    files: ['backend/src/http/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './backend/src/http',
              from: ['./backend/src/middleware', './backend/src/modules', './backend/src/app.ts'],
              message: 'backend/src/http is below middleware and the modules (README, "Layout").',
            },
          ],
        },
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
            // Only the db module may touch Dexie directly: one place owns the schema and its queries.
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
    files: ['pwa/src/db/**', 'pwa/e2e/**', 'pwa/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
