// Vite build plugin: finds the files only the admin screens behind a login use (the screens'
// chunk, the rich-text editor, their styles), so the service worker's precache can leave them
// out. A visitor's first visit then does not download them (about 90 KB on the wire, brotli);
// once someone logs in on the device the app fetches them through the service worker, which
// keeps them (src/lib/admin-screens.ts, and the `admin-screens` rule in vite.config.ts).
// The list is also written as ADMIN_FILES_LIST, which the app reads to fetch them.
import type { Plugin } from 'vite';

/** The module every admin screen behind the login is reached through (app/router.tsx). */
const ADMIN_ENTRY = /\/src\/app\/admin-routes\.tsx$/;
export const ADMIN_FILES_LIST = 'admin-files.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundleLike = Record<string, ChunkLike | { type: 'asset'; fileName: string }>;

/**
 * The files of `bundle` that nothing but the admin screens reaches: every chunk reachable from
 * an entry, through static and dynamic imports, without going into ADMIN_ENTRY's chunk, is
 * public; the other chunks, and styles only they import, are the admin's.
 */
export function adminOnlyFiles(bundle: BundleLike): string[] {
  const chunks = new Map<string, ChunkLike>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const reached = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || reached.has(name) || ADMIN_ENTRY.test(chunk.facadeModuleId ?? '')) return;
    reached.add(name);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  if (![...chunks.values()].some((c) => ADMIN_ENTRY.test(c.facadeModuleId ?? '')))
    throw new Error('admin-screens: no chunk for the admin screens (was app/admin-routes.tsx moved?)');
  const publicCss = new Set<string>();
  for (const name of reached) for (const css of chunks.get(name)!.viteMetadata?.importedCss ?? []) publicCss.add(css);
  const files: string[] = [];
  for (const chunk of chunks.values()) {
    if (reached.has(chunk.fileName)) continue;
    files.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!publicCss.has(css)) files.push(css);
  }
  return [...new Set(files)].sort();
}

/** `found.files` is filled when the bundle is written (before the service worker is generated). */
export function adminScreens(found: { files: Set<string> }): Plugin {
  return {
    name: 'fw-admin-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = adminOnlyFiles(bundle as unknown as BundleLike);
      found.files = new Set(files);
      this.emitFile({ type: 'asset', fileName: ADMIN_FILES_LIST, source: JSON.stringify(files) });
    },
  };
}
