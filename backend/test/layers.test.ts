// The backend's layers (listed at the top of eslint.config.js) are kept by lint: a file planted in
// one layer that imports a layer above it, or a module that imports the seed or the wiring, fails
// `npm run lint`, while imports down the layers and any import from a test pass. The planted files
// exist only as text handed to ESLint; the files they import are the real ones.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The messages of the layer rules for `code` as if it were the file at `filePath` (repo-relative). */
async function layerErrors(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('backend layers in lint', () => {
  let eslint: ESLint;
  beforeAll(async () => {
    // Only the layer rules matter here; the cycle check would walk the whole import graph per file.
    eslint = new ESLint({ cwd: REPO_ROOT, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });
    // Loading the config, plugins and TypeScript parser takes seconds: do it before the timed tests.
    await eslint.lintText('export {};\n', { filePath: 'backend/src/db/planted.ts' });
  });

  it.each([
    ['db → modules', 'backend/src/db/planted.ts', '../modules/articles/article.model.ts', 'db imports only'],
    ['middleware → modules', 'backend/src/middleware/planted.ts', '../modules/users/tokens.ts', 'middleware imports only'],
    ['http → middleware', 'backend/src/http/planted.ts', '../middleware/require-admin.ts', 'http imports only'],
    ['modules → seed', 'backend/src/modules/articles/planted.ts', '../../seed/seed.ts', 'modules never import'],
    ['modules → app.ts', 'backend/src/modules/articles/planted.ts', '../../app.ts', 'modules never import'],
    ['seed → main.ts', 'backend/src/seed/planted.ts', '../main.ts', 'the seed sits beside app.ts'],
  ])('refuses %s', async (_name, filePath, target, message) => {
    const errors = await layerErrors(eslint, filePath, `import * as planted from '${target}';\nexport { planted };\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('refuses a sideways import into a base file (config.ts importing a module)', async () => {
    // The base is named file by file, so the text is linted as if it were config.ts.
    const errors = await layerErrors(
      eslint,
      'backend/src/config.ts',
      `import * as planted from './modules/users/password-pool.ts';\nexport { planted };\n`,
    );
    expect(errors).toEqual([expect.stringContaining('config, errors and thread-pool import no other layer')]);
  });

  it('refuses the browser tests importing backend code', async () => {
    const errors = await layerErrors(
      eslint,
      'pwa/e2e/planted.ts',
      `import * as planted from '../../backend/src/seed/seed-data.ts';\nexport { planted };\n`,
    );
    expect(errors).toEqual([expect.stringContaining('only over HTTP')]);
  });

  it.each([
    ['modules → db', 'backend/src/modules/articles/planted.ts', '../../db/connection.ts'],
    ['modules → middleware', 'backend/src/modules/articles/planted.ts', '../../middleware/require-admin.ts'],
    ['middleware → http', 'backend/src/middleware/planted.ts', '../http/validate.ts'],
    ['seed → modules', 'backend/src/seed/planted.ts', '../modules/articles/article.model.ts'],
    ['main.ts → seed', 'backend/src/main.ts', './seed/seed.ts'],
    ['a test in db → modules', 'backend/src/db/planted.test.ts', '../modules/articles/article.model.ts'],
    ['backend/test → app.ts', 'backend/test/planted.ts', '../src/app.ts'],
  ])('allows %s', async (_name, filePath, target) => {
    expect(await layerErrors(eslint, filePath, `import * as planted from '${target}';\nexport { planted };\n`)).toEqual([]);
  });
});
