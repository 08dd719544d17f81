// Vite build plugin: writes `<file>.br` and `<file>.gz` beside every compressible file of the
// build (after vite-plugin-pwa has written the service worker), so the server sends static files
// compressed without compressing them per request (backend/src/middleware/static-pwa.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats; images and fonts (png, woff2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Smaller files gain less than the request headers weigh (matches the server's threshold). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** Writes the compressed forms of one file; a form no smaller than the file is not written. */
async function precompressFile(file: string): Promise<void> {
  // Written already by the plugin that made the file (vite-plugins/bible.ts).
  if ((await exists(`${file}.br`)) && (await exists(`${file}.gz`))) return;
  const plain = await fs.readFile(file);
  if (plain.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    // Built once, so the slowest, smallest settings are worth it.
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < plain.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < plain.length) await fs.writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fw-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After vite-plugin-pwa's own closeBundle, which writes sw.js and the Workbox runtime.
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(files.map(precompressFile));
      },
    },
  };
}
