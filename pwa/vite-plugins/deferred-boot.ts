// Vite build plugin: takes the app's entry script and its modulepreload links out of index.html
// and hands them to /boot.js (pwa/public/boot.js), which requests them once the page the server
// wrote has been painted. The stylesheet stays in the head: the server's first screen needs it.
// The server adds a route's own chunks to the same list (backend/src/modules/pages/pages.ts).
import type { Plugin } from 'vite';

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
  return {
    name: 'fw-deferred-boot',
    apply: 'build',
    // After Vite has written the entry script and modulepreload links into index.html.
    transformIndexHtml: { order: 'post', handler: deferBoot },
  };
}
