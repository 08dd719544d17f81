import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-plugins/precompress.ts';
import { deferredBoot } from './vite-plugins/deferred-boot.ts';
import { compileHints } from './vite-plugins/compile-hints.ts';
import { bible } from './vite-plugins/bible.ts';
import { readingPlans } from './vite-plugins/reading-plans.ts';
import { routerUnused } from './vite-plugins/router-unused.ts';

/** The reference parser's files are named apart, so the precache can leave them out. */
const chunkFileNames = (chunk: { facadeModuleId?: string | null }) =>
  /bible-passage-reference-parser/.test(chunk.facadeModuleId ?? '') ? 'assets/bible-reference-[hash].js' : 'assets/[name]-[hash].js';

/**
 * react-router 7's package exports name only its development build, whatever the mode, so a
 * build would ship its dev warnings and checks; a build takes the production files the package also
 * ships. Tests and the dev server keep the development build and its warnings.
 */
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDir, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? productionRouter : [] },
  plugins: [
    react(),
    routerUnused(),
    deferredBoot(),
    compileHints(),
    bible(),
    readingPlans(),
    VitePWA({
      // 'prompt', not 'autoUpdate': an automatic reload would lose what an admin is typing.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'logo.svg'],
      manifest: {
        name: 'Living Best Now: Bible articles for families',
        short_name: 'Living Best Now',
        description: 'Bible-based articles and a weekly Family Worship schedule, readable offline.',
        theme_color: '#7a4b1f',
        background_color: '#faf6ef',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The reference parser (search by reference, in the search worker) is not part of a first
        // visit's download: the worker fetches it at the first query with a digit, and it is
        // kept from then on (runtimeCaching below), so it works offline after that.
        globIgnores: ['**/assets/bible-reference-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/bible-reference-[^/]*\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'bible-reference-parser', expiration: { maxEntries: 4 } },
          },
          // Stored article pictures never change (their name is their content): served from the
          // cache the image keeper fills for the articles on the device (sync/images/), and kept
          // when a page draws one first. The keeper lets go of files no article uses.
          {
            urlPattern: /\/api\/images\/[0-9a-f]{32}-\d+\.(?:webp|jpg|png)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'article-images', cacheableResponse: { statuses: [200] } },
          },
        ],
        // Hashed files (assets/) change name when they change, so they need no revision: Workbox
        // then fetches them with the HTTP cache allowed, and what the page has just loaded (the
        // server marks assets/ immutable for a year) is not downloaded a second time. Files with
        // a revision are fetched with `cache: 'reload'`, past the HTTP cache.
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: '/index.html',
        // Answered by the server, never the app shell: the API, draft previews (server-drawn, signed
        // links) and the feeds, also when a tab the worker controls opens them.
        navigateFallbackDenylist: [/^\/api\//, /^\/preview\//, /^\/(rss|sitemap)\.xml$/, /^\/robots\.txt$/],
        cleanupOutdatedCaches: true,
        // On the FIRST install (no worker before it) the new worker takes control of the open
        // tab at once, so the tab that installed the app works offline without a reload. An
        // update still waits: a waiting worker only activates when the person chooses Reload
        // (prompt mode), and the page it then claims is reloaded anyway.
        clientsClaim: true,
        // Reminders: the push and notification-click handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
    // Last: compresses what every plugin before it wrote, the service worker included.
    precompress(),
  ],
  // Module workers, so the search worker loads the reference parser as its own file, on demand.
  // The Bible keeper worker reads the list of Bible files too (no files written a second time).
  worker: { format: 'es', plugins: () => [bible({ emit: false })], rolldownOptions: { output: { chunkFileNames } } },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  css: {
    modules: {
      // Stable class names ("ArticleCard_title"): the server writes a page's first screen with
      // the same classes (backend/src/modules/pages/page-markup.ts) so the app takes over in place.
      generateScopedName: (local: string, file: string) => `${path.basename(file).split('.')[0]}_${local}`,
    },
  },
  // The manifest tells the server which files each route needs, to ask for them at once.
  build: { target: 'es2022', sourcemap: false, manifest: true, rolldownOptions: { output: { chunkFileNames } } },
}));
