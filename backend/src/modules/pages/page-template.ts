// The built PWA's index.html as a template, and which files each lazy route needs (from Vite's
// build manifest), so a served page can ask for its route's JavaScript and CSS at once instead
// of after the app has started (no request waterfall). Re-read when the build changes on disk.
import fs from 'node:fs';
import path from 'node:path';

/** Vite build manifest entry (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The PWA source file of each route that the server can ask for ahead (Vite manifest keys). */
export const ROUTE_SOURCES = {
  article: 'src/features/articles/ArticlePage.tsx',
  family: 'src/features/family-worship/FamilyWorshipPage.tsx',
  daily: 'src/features/daily/DailyPage.tsx',
  about: 'src/features/about/AboutPage.tsx',
  chapter: 'src/features/bible/ChapterPage.tsx',
} as const;
export type RouteName = keyof typeof ROUTE_SOURCES;

interface RouteFiles {
  /** JavaScript chunks to preload as modules (beyond what index.html already loads). */
  js: string[];
  css: string[];
}

export interface PageTemplate {
  html: string;
  routeFiles(route: RouteName): RouteFiles;
}

function readManifest(file: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {}; // no manifest: pages still work, the route's files just load when the app asks
  }
}

function build(dir: string): PageTemplate {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const manifest = readManifest(path.join(dir, '.vite', 'manifest.json'));
  // A link's href, or an entry of the deferred boot's space-separated list.
  const alreadyInPage = (file: string) => html.includes(`/${file}"`) || html.includes(`/${file} `);
  const cache = new Map<RouteName, RouteFiles>();
  return {
    html,
    routeFiles(route) {
      const known = cache.get(route);
      if (known) return known;
      const js = new Set<string>();
      const css = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || js.has(chunk.file)) return;
        js.add(chunk.file);
        for (const sheet of chunk.css ?? []) css.add(sheet);
        for (const next of chunk.imports ?? []) visit(next);
      };
      visit(ROUTE_SOURCES[route]);
      const files = {
        js: [...js].filter((f) => !alreadyInPage(f)).map((f) => `/${f}`),
        css: [...css].filter((f) => !alreadyInPage(f)).map((f) => `/${f}`),
      };
      cache.set(route, files);
      return files;
    },
  };
}

/** The template of `dir`, rebuilt when index.html changes (a new build while serving). */
export function pageTemplate(dir: string): () => PageTemplate {
  const indexFile = path.join(dir, 'index.html');
  let current: { mtimeMs: number; template: PageTemplate } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (!current || current.mtimeMs !== mtimeMs) current = { mtimeMs, template: build(dir) };
    return current.template;
  };
}
