// Vite build plugin: takes the app's entry script and its modulepreload links out of index.html
// and hands them to /boot.js (pwa/public/boot.js), which requests them once the page the server
// wrote has been painted. The stylesheet stays in the head: the server's first screen needs it.
// The server adds a route's own chunks to the same list (backend/src/modules/pages/pages.ts).
// The copy of boot.js the build writes is minified like the app's own code: every visit loads it
// before the app, and its comments are for the people reading pwa/public/boot.js, not for phones.
import fs from 'node:fs/promises';
import path from 'node:path';
import { minify, type Plugin, type ResolvedConfig } from 'vite';

const BOOT_SCRIPT = '/boot.js';

function deferBoot(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('deferred boot: index.html has no entry script to defer');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], '');
  for (const [tag] of preloads) out = out.replace(tag, '');
  const list = preloads.map(([, href]) => href).join(' ');
  const boot = `<script type="module" src="${BOOT_SCRIPT}" data-entry="${entry[1]}" data-preload="${list}"></script>`;
  return out.replace('</head>', `  ${boot}\n  </head>`);
}

export function deferredBoot(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fw-deferred-boot',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After Vite has written the entry script and modulepreload links into index.html.
    transformIndexHtml: { order: 'post', handler: deferBoot },
    // Vite has copied public/ by now; vite-plugin-pwa lists the files for its precache after this
    // (closeBundle), and the compressed copies are made after that (precompress.ts).
    async writeBundle() {
      const file = path.join(path.resolve(config.root, config.build.outDir), BOOT_SCRIPT);
      const { code, errors: [error] } = await minify(BOOT_SCRIPT, await fs.readFile(file, 'utf8'), { module: true });
      if (error) this.error(`deferred boot: ${BOOT_SCRIPT} does not minify: ${error.message}`);
      await fs.writeFile(file, code);
    },
  };
}
