// The search index's saved copy in IndexedDB, in parts: one record of the small fields, the
// bodies' texts in groups of articles, and the word lists in slices. Chromium refuses a single
// value past a size limit (about 128 MB), which one record would pass at 10,000 articles.
// Where the browser gives the origin a file system (OPFS, see text-file.ts), the bulk of the
// copy, the word lists and the bodies' texts, goes to one file instead: reading the texts back
// from IndexedDB took about 120 ms of the first search's 200 ms at 2,000 articles (9.6 MB), the
// file a fraction of that. openIndex() reads neither from the file: a search reads the word lists
// of its own words and the texts it needs (TextReader), the rest is read later.
import { db, type SavedIndexPart } from '../../db/db.ts';
import { BIBLE_INDEX_KEY } from './bible-search.ts';
import type { IndexSnapshot, PartialSnapshot } from './search-index.ts';
import { TextReader, originFiles, packTexts, type FileStore, type TextFile } from './text-file.ts';

/** Part of every key: bump it when the snapshot's shape or the text rule changes. */
const PREFIX = 'index:v2';
const TEXT_PART_ARTICLES = 500;
/** Word-list entries per record (4 bytes each). */
const POSTINGS_PART_ENTRIES = 4_000_000;

type TextFields = 'bases' | 'lowerAts' | 'lowerChars' | 'originals' | 'diffAts' | 'diffChars';
const TEXT_FIELDS: TextFields[] = [
  'bases',
  'lowerAts',
  'lowerChars',
  'originals',
  'diffAts',
  'diffChars',
];
type Head = Omit<IndexSnapshot, TextFields | 'postings'> & {
  /** Bodies' texts in a file: which one, and their lengths (-1: that text is in the parts). */
  textFile?: TextFile;
  textParts: number;
  postingsParts: number;
  postingsLength: number;
};

/** `sizes`: how finely to cut (tests cut small to check several parts). */
export async function saveIndex(
  snap: IndexSnapshot,
  sizes = { textPartArticles: TEXT_PART_ARTICLES, postingsPartEntries: POSTINGS_PART_ENTRIES },
  files: FileStore | null = originFiles(),
): Promise<void> {
  const { textPartArticles, postingsPartEntries } = sizes;
  let textFile: TextFile | undefined;
  let bases: (string | null)[] = snap.bases;
  if (files) {
    const packed = packTexts(snap.bases, snap.postings);
    try {
      await files.write(packed.file.name, packed.bytes);
      textFile = packed.file;
      bases = packed.rest;
    } catch (error) {
      // No room, or no file system after all (private windows): the texts go to IndexedDB.
      console.warn('[search] texts file not written, keeping them in IndexedDB', error);
    }
  }
  const parts: SavedIndexPart[] = [];
  const articles = snap.ids.length;
  const textParts = Math.ceil(articles / textPartArticles);
  for (let p = 0; p < textParts; p++) {
    const from = p * textPartArticles;
    const value = Object.fromEntries(
      TEXT_FIELDS.map((field) => [
        field,
        (field === 'bases' ? bases : snap[field]).slice(from, from + textPartArticles),
      ]),
    );
    parts.push({ key: `${PREFIX}:text:${p}`, value });
  }
  const postingsParts = textFile ? 0 : Math.ceil(snap.postings.length / postingsPartEntries);
  for (let p = 0; p < postingsParts; p++) {
    // slice, not subarray: a view would be saved with its whole buffer.
    const value = snap.postings.slice(p * postingsPartEntries, (p + 1) * postingsPartEntries);
    parts.push({ key: `${PREFIX}:postings:${p}`, value });
  }
  const head: Head = {
    ids: snap.ids,
    stamps: snap.stamps,
    titles: snap.titles,
    categories: snap.categories,
    vocabulary: snap.vocabulary,
    wordStarts: snap.wordStarts,
    listEnds: snap.listEnds,
    textFile,
    textParts,
    postingsParts,
    postingsLength: snap.postings.length,
  };
  await db.transaction('rw', db.searchIndex, async () => {
    // Every older copy goes; the Bible's word index (bible-search.ts) shares the table and stays.
    await db.searchIndex.where('key').noneOf([BIBLE_INDEX_KEY]).delete();
    await db.searchIndex.bulkPut(parts);
    // Last: a copy without its head is never read.
    await db.searchIndex.put({ key: PREFIX, value: head });
  });
  // Older copies' files (best effort: another tab's worker may still be reading one).
  if (textFile) await files?.removeAllBut(textFile.name).catch(() => undefined);
}

/**
 * The saved copy, its texts included: openIndex() and every text read.
 */
export async function loadIndex(
  files: FileStore | null = originFiles(),
): Promise<IndexSnapshot | null> {
  const opened = await openIndex(files);
  if (!opened) return null;
  const { snap, texts } = opened;
  if (!texts) return { ...snap, bases: snap.bases as string[], postings: snap.postings! };
  const read = await texts.read(snap.ids.map((_, n) => n));
  return {
    ...snap,
    bases: snap.bases.map((base, n) => base ?? read.get(n)!),
    postings: await texts.postings(),
  };
}

/**
 * The saved copy without what is in the file: null `bases` for its texts, null `postings` for
 * its word lists; `texts` reads both, per article and per word. This is what the first search
 * after a reload waits for.
 */
export async function openIndex(
  files: FileStore | null = originFiles(),
): Promise<{ snap: PartialSnapshot; texts: TextReader | null } | null> {
  const loaded = await loadParts();
  if (!loaded?.textFile) return loaded ? { snap: loaded.snap, texts: null } : null;
  // Read after the transaction: IndexedDB ends a transaction left waiting on something else.
  if (!files) throw new Error('search: the saved texts are in a file this browser cannot read');
  const { snap, textFile } = loaded;
  if (snap.bases.length !== textFile.lengths.length)
    throw new Error('search: the saved texts file does not match its index');
  const lastEnd = snap.listEnds.length ? snap.listEnds[snap.listEnds.length - 1]! : 0;
  if (lastEnd !== textFile.postings)
    throw new Error('search: the saved word lists do not match their index');
  const texts = new TextReader(textFile, await files.open(textFile.name));
  return { snap: { ...snap, postings: null }, texts };
}

async function loadParts(): Promise<{ snap: IndexSnapshot; textFile?: TextFile } | null> {
  return db.transaction('r', db.searchIndex, async () => {
    const head = (await db.searchIndex.get(PREFIX))?.value as Head | undefined;
    if (!head) return null;
    const textKeys = Array.from({ length: head.textParts }, (_, p) => `${PREFIX}:text:${p}`);
    const postingKeys = Array.from(
      { length: head.postingsParts },
      (_, p) => `${PREFIX}:postings:${p}`,
    );
    const [texts, postingParts] = await Promise.all([
      db.searchIndex.bulkGet(textKeys),
      db.searchIndex.bulkGet(postingKeys),
    ]);
    const snap: IndexSnapshot = {
      ids: head.ids,
      stamps: head.stamps,
      titles: head.titles,
      categories: head.categories,
      vocabulary: head.vocabulary,
      wordStarts: head.wordStarts,
      listEnds: head.listEnds,
      bases: [],
      lowerAts: [],
      lowerChars: [],
      originals: [],
      diffAts: [],
      diffChars: [],
      // With a file, the word lists are in it (openIndex reads them).
      postings: new Int32Array(head.textFile ? 0 : head.postingsLength),
    };
    for (const part of texts) {
      if (!part) throw new Error('search: a part of the saved index is missing');
      const value = part.value as Pick<IndexSnapshot, TextFields>;
      for (const field of TEXT_FIELDS) (snap[field] as unknown[]).push(...value[field]);
    }
    let at = 0;
    for (const part of postingParts) {
      if (!part) throw new Error('search: a part of the saved index is missing');
      const value = part.value as Int32Array;
      snap.postings.set(value, at);
      at += value.length;
    }
    return { snap, textFile: head.textFile };
  });
}
