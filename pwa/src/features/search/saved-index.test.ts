// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../../../test/reset-db.ts';
import { db } from '../../db/db.ts';
import { loadIndex, saveIndex } from './saved-index.ts';
import { SearchIndex, type IndexSnapshot } from './search-index.ts';
import type { FileStore } from './text-file.ts';

/** The origin's file system as a map (Node has none). */
function memoryFiles(): FileStore & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    async write(name, bytes) {
      files.set(name, bytes.slice());
    },
    async open(name) {
      const bytes = files.get(name);
      if (!bytes) throw new Error(`no file ${name}`);
      return new Blob([bytes.slice()]);
    },
    async removeAllBut(name) {
      for (const key of [...files.keys()]) if (key !== name) files.delete(key);
    },
  };
}

beforeEach(resetDb);

function sampleIndex(articles: number): SearchIndex {
  const index = new SearchIndex();
  for (let n = 0; n < articles; n++) {
    const text = `Article ${n} speaks of Grace and İstanbul, ${'hope '.repeat(n % 7)}cafe\u0301 ${n * 31}`;
    index.upsert({
      id: `a${n}`,
      stamp: `1|${n}`,
      title: `Title ${n}`,
      category: 'Life',
      text,
      textLower: text.toLowerCase(),
    });
  }
  index.trim();
  return index;
}

/** Typed arrays as plain ones: a structured clone may come back from another realm's constructors. */
function plain(snap: IndexSnapshot | null) {
  if (!snap) return snap;
  return {
    ...snap,
    listEnds: Array.from(snap.listEnds),
    wordStarts: Array.from(snap.wordStarts),
    lowerAts: snap.lowerAts.map((d) => (d ? Array.from(d) : d)),
    postings: Array.from(snap.postings),
    diffAts: snap.diffAts.map((d) => (d ? Array.from(d) : d)),
  };
}

describe('the saved search index', () => {
  it('comes back equal from many small parts, and a new save replaces every old part', async () => {
    const snap = sampleIndex(57).snapshot();
    await saveIndex(snap, { textPartArticles: 5, postingsPartEntries: 100 });
    expect(await db.searchIndex.count()).toBeGreaterThan(20);
    expect(plain(await loadIndex())).toEqual(plain(snap));

    const smaller = sampleIndex(3).snapshot();
    await saveIndex(smaller, { textPartArticles: 5, postingsPartEntries: 100 });
    expect(plain(await loadIndex())).toEqual(plain(smaller));
    expect((await db.searchIndex.toArray()).every((p) => !p.key.includes(':text:1'))).toBe(true);
  });

  it('keeps one-byte texts in a file and the others in IndexedDB, and reads both back', async () => {
    const index = sampleIndex(20);
    // Greek (two bytes a character), a C1 control (the file's decoder would change it), Latin-1.
    for (const [n, text] of [
      '\u0394\u039f\u039e\u0391 \u03b8\u03b5\u03bf\u03c5',
      'a\u0085b',
      'caf\u00e9 na\u00efve',
    ].entries())
      index.upsert({
        id: `x${n}`,
        stamp: '1',
        title: '',
        category: '',
        text,
        textLower: text.toLowerCase(),
      });
    const snap = index.snapshot();
    const files = memoryFiles();
    await saveIndex(snap, { textPartArticles: 5, postingsPartEntries: 100 }, files);
    expect(files.files.size).toBe(1);
    const [bytes] = [...files.files.values()];
    // The Latin-1 texts are in the file, one byte a character; the other two are not.
    const fileTexts = snap.bases.filter(
      (b) => ![...b].some((c) => c > '\u00ff' || (c >= '\u0080' && c < '\u00a0')),
    );
    expect(fileTexts.length).toBe(snap.bases.length - 2);
    expect(bytes!.length).toBe(snap.postings.byteLength + fileTexts.join('').length);
    expect(await db.searchIndex.count()).toBeLessThan(10);
    expect(plain(await loadIndex(files))).toEqual(plain(snap));

    // A new save writes a new file and removes the old one.
    const [oldName] = [...files.files.keys()];
    await saveIndex(sampleIndex(3).snapshot(), undefined, files);
    expect(files.files.size).toBe(1);
    expect(files.files.has(oldName!)).toBe(false);
    expect(plain(await loadIndex(files))).toEqual(plain(sampleIndex(3).snapshot()));

    // A file that does not match its index is refused (then the engine rebuilds).
    files.files.set([...files.files.keys()][0]!, new Uint8Array(3));
    await expect(loadIndex(files)).rejects.toThrow(/does not match/);
  });

  it('is absent until saved, and a copy missing a part is refused rather than read half', async () => {
    expect(await loadIndex()).toBeNull();
    await saveIndex(sampleIndex(12).snapshot(), { textPartArticles: 5, postingsPartEntries: 100 });
    await db.searchIndex.delete('index:v2:text:1');
    await expect(loadIndex()).rejects.toThrow(/missing/);
  });
});
