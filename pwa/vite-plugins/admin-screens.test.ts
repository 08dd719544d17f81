import { describe, expect, it } from 'vitest';
import { adminOnlyFiles } from './admin-screens.ts';

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  dynamicImports: string[] = [],
  css: string[] = [],
  isEntry = false,
) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  facadeModuleId: facade,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css) },
});

/** A bundle shaped like the app's: the entry, public routes, the login gate, the admin screens. */
function bundle() {
  const files = [
    chunk('index.js', '/x/pwa/index.html', ['react.js'], ['article.js', 'gate.js', 'admin.js'], ['index.css'], true),
    chunk('react.js', null),
    chunk('article.js', '/x/pwa/src/features/articles/ArticlePage.tsx', ['shared.js'], [], ['article.css']),
    // The login screen is public; what it imports statically is public too.
    chunk('gate.js', '/x/pwa/src/app/AdminGate.tsx', ['moment.js', 'shared.js'], [], ['gate.css']),
    chunk('moment.js', null),
    chunk('shared.js', null, [], [], ['shared.css']),
    chunk('admin.js', '/x/pwa/src/app/admin-routes.tsx', ['shared.js', 'react.js', 'tables.js'], ['editor.js'], ['admin.css', 'shared.css']),
    chunk('tables.js', null),
    chunk('editor.js', '/x/pwa/src/features/admin-editor/RichTextEditor.tsx', ['react.js'], [], ['editor.css']),
  ];
  const chunks = Object.fromEntries(files.map((f) => [f.fileName, f]));
  return { chunks, bundle: { ...chunks, 'search.worker.js': { type: 'asset' as const, fileName: 'search.worker.js' } } };
}

describe('the admin screens left out of the precache', () => {
  it('are the chunks and styles only the admin screens reach', () => {
    expect(adminOnlyFiles(bundle().bundle)).toEqual(['admin.css', 'admin.js', 'editor.css', 'editor.js', 'tables.js']);
  });

  it('never include what a public screen also reaches', () => {
    const { chunks, bundle: files } = bundle();
    // A public screen that opens the editor too: the editor stays in the precache.
    chunks['article.js']!.dynamicImports.push('editor.js');
    expect(adminOnlyFiles(files)).toEqual(['admin.css', 'admin.js', 'tables.js']);
  });

  it('refuse a bundle without the admin screens’ chunk (a moved module would precache them silently)', () => {
    const { chunks, bundle: files } = bundle();
    chunks['admin.js']!.facadeModuleId = '/x/pwa/src/app/admin.tsx';
    expect(() => adminOnlyFiles(files)).toThrow(/no chunk for the admin screens/);
  });
});
