// One lint config for the three parts; it also keeps the parts apart (see style.md rule 1).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tools/**', 'coverage/**', 'bench/tmp/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
      'no-restricted-imports': ['error', { patterns: ['@fw/backend', '@fw/pwa', 'mongoose', 'react'] }],
    },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', { patterns: ['@fw/pwa', '**/pwa/**'] }] },
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
            // Only the db module may touch Dexie directly (style.md rule 3).
            { name: 'dexie', message: 'Import the database through src/db.' },
            {
              name: '@fw/contracts',
              allowTypeImports: true,
              message: 'Import values from a schema-free subpath (e.g. @fw/contracts/text) so zod stays out of the bundle.',
            },
          ],
          patterns: [{ group: ['@fw/backend', '**/backend/src/**'], message: 'The PWA talks to the backend only over HTTP.' }],
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
