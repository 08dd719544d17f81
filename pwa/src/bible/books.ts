// Bible text on the device: the build's per-book files (vite-plugins/bible.ts), fetched once and
// kept in IndexedDB (db.ts declares the stores; db/worker-idb.ts reads and writes them without Dexie, for
// the keeper worker's sake: `bibleBooks` says which books are kept, `bibleChapters` holds their
// text a chapter a record, so a tap reads a few kilobytes, not a whole book), with recent chapters
// held in memory. The books an article or lesson cites are fetched after a sync (keepCitedBooks),
// and every book on request ("Keep the whole Bible on this device"). What is going on is one small
// state the progress line and the setting read (progress.ts).
import manifest from 'virtual:bible-manifest';
import { BIBLE_BOOKS, parseOsis, type BibleBookFile } from '@fw/contracts/bible';
import type { KeptBibleBook, KeptBibleChapter, LocalDailyText, LocalLesson, ArticleSummary } from '../db/db.ts';
import { isQuotaError } from '../lib/storage.ts';
import { getAll, getMany, putAll } from '../db/worker-idb.ts';
import { setBibleProgress } from './progress.ts';

const MEMORY_CHAPTERS = 200;

/** A chapter's verses (verse v is verses[v - 1]) and, for some psalms, its heading. */
export interface ChapterText {
  verses: string[];
  heading?: string;
}

export const BIBLE_QUOTA_MESSAGE =
  "This device's storage is full, so no more Bible books can be kept on it. Reading goes on: verses already kept still open offline, and the others open while online.";
const OFFLINE_MESSAGE = 'You are offline: the rest of the Bible will be saved when the connection returns.';

const memory = new Map<string, ChapterText>();
const chapterId = (osis: string, chapter: number) => `${osis}.${chapter}`;

function remember(id: string, text: ChapterText): ChapterText {
  memory.delete(id);
  memory.set(id, text);
  if (memory.size > MEMORY_CHAPTERS) memory.delete(memory.keys().next().value!);
  return text;
}

function chaptersOf(book: BibleBookFile): { id: string; verses: string[]; heading?: string }[] {
  return book.chapters.map((verses, i) => {
    const heading = book.headings?.[String(i + 1)];
    return { id: chapterId(book.osis, i + 1), verses, ...(heading ? { heading } : {}) };
  });
}

async function fetchBook(osis: string): Promise<{ book: BibleBookFile; file: string; brBytes: number }> {
  const entry = manifest.books[osis];
  if (!entry) throw new Error(`No Bible book ${osis} in this build.`);
  const res = await fetch(entry.file);
  if (!res.ok) throw new Error(`The Bible book could not be fetched (${res.status}).`);
  return { book: (await res.json()) as BibleBookFile, file: entry.file, brBytes: entry.brBytes };
}

/** Keeps a fetched book; a full store is reported, never thrown (reading goes on). */
async function keep(fetched: Awaited<ReturnType<typeof fetchBook>>): Promise<boolean> {
  const { book, file, brBytes } = fetched;
  try {
    // The chapters first: a book is listed as kept only once all its text is.
    await putAll('bibleChapters', chaptersOf(book) satisfies KeptBibleChapter[]);
    await putAll('bibleBooks', [{ osis: book.osis, file, brBytes } satisfies KeptBibleBook]);
    return true;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    setBibleProgress({ quotaFull: true });
    return false;
  }
}

/** Chapters `from`..`to` of a book when all are held in memory now (a screen drawn again), else null. */
export function heldChapters(osis: string, from: number, to: number): Map<number, ChapterText> | null {
  const found = new Map<number, ChapterText>();
  for (let c = from; c <= to; c++) {
    const held = memory.get(chapterId(osis, c));
    if (!held) return null;
    found.set(c, held);
  }
  return found;
}

/**
 * Chapters `from`..`to` of a book: from memory or the device, else the whole book from the
 * network (then kept). Throws when the device lacks it and the network fails.
 */
export async function loadChapters(osis: string, from: number, to: number): Promise<Map<number, ChapterText>> {
  const wanted = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const found = new Map<number, ChapterText>();
  const missing = wanted.filter((c) => {
    const held = memory.get(chapterId(osis, c));
    if (held) found.set(c, held);
    return !held;
  });
  if (missing.length) {
    const kept = await getMany<KeptBibleChapter>('bibleChapters', missing.map((c) => chapterId(osis, c))).catch(() => []);
    kept.forEach((record, i) => record && found.set(missing[i]!, remember(record.id, record)));
  }
  if (found.size === wanted.length) return found;
  const fetched = await fetchBook(osis);
  for (const chapter of chaptersOf(fetched.book)) remember(chapter.id, chapter);
  await keep(fetched);
  for (const c of wanted) {
    const text = memory.get(chapterId(osis, c));
    if (text) found.set(c, text);
  }
  return found;
}

/** Books kept from this build's files, by OSIS id. */
async function keptBooks(): Promise<Set<string>> {
  const kept = await getAll<KeptBibleBook>('bibleBooks');
  return new Set(kept.filter((k) => k.file === manifest.books[k.osis]?.file).map((k) => k.osis));
}

let running: Promise<void> | null = null;

/** Fetches the books missing from the device, one at a time, saying how far it has got. */
function fetchMissing(task: 'cited' | 'whole', wanted: string[]): Promise<void> {
  const run = async () => {
    const kept = await keptBooks();
    const missing = wanted.filter((osis) => !kept.has(osis) && manifest.books[osis]);
    if (missing.length === 0) return;
    setBibleProgress({ task, done: 0, total: missing.length, quotaFull: false, error: null });
    for (const [i, osis] of missing.entries()) {
      try {
        if (!(await keep(await fetchBook(osis)))) break;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        setBibleProgress({ task: null, error: navigator.onLine ? message : OFFLINE_MESSAGE });
        return;
      }
      setBibleProgress({ done: i + 1 });
    }
    setBibleProgress({ task: null });
  };
  const next = (running ?? Promise.resolve()).then(run, run);
  running = next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}

/** The books this device's articles, lessons and daily texts cite (their OSIS ids). */
async function citedBooks(): Promise<string[]> {
  const [articles, lessons, daily] = await Promise.all([
    getAll<ArticleSummary>('articles'),
    getAll<LocalLesson>('worship'),
    // A database from before the daily texts (version 9) has no such store yet.
    getAll<LocalDailyText>('dailyTexts').catch(() => []),
  ]);
  const books = new Set<string>();
  const add = (osis: string) => {
    const range = parseOsis(osis);
    if (range) books.add(range.book.osis);
  };
  for (const article of articles) article.scripture?.forEach(add);
  for (const lesson of lessons) for (const list of Object.values(lesson.scripture ?? {})) list.forEach((c) => add(c.osis));
  // Every day the device holds reads offline with its verses (features/daily).
  for (const text of daily) {
    add(text.osis);
    text.scripture?.forEach((c) => add(c.osis));
  }
  return [...books];
}

export async function keepCitedBooks(): Promise<void> {
  return fetchMissing('cited', await citedBooks());
}

export function keepWholeBible(): Promise<void> {
  return fetchMissing('whole', BIBLE_BOOKS.map((b) => b.osis));
}

/** How many books the device holds and what they cost on the wire; the whole Bible's too. */
export async function bibleOnDevice(): Promise<{ books: number; bytes: number; allBytes: number }> {
  const kept = await getAll<KeptBibleBook>('bibleBooks');
  const allBytes = Object.values(manifest.books).reduce((sum, b) => sum + b.brBytes, 0);
  return { books: kept.length, bytes: kept.reduce((sum, k) => sum + k.brBytes, 0), allBytes };
}
