// Bible books on the device: the build's per-book files (vite-plugins/bible.ts), fetched once and
// kept in IndexedDB (db.ts, table `bible`), with the last few read held in memory so a second tap
// in the same book costs nothing. The books an article or lesson cites are fetched after a sync
// (keepCitedBooks), and every book on request ("Keep the whole Bible on this device").
// What is going on is one small state the progress line and the setting read (progress.ts).
import manifest from 'virtual:bible-manifest';
import { BIBLE_BOOKS, parseOsis, type BibleBookFile } from '@fw/contracts/bible';
import { loadDeviceDb } from '../db/live.ts';
import { isQuotaError } from '../lib/storage.ts';
import { setBibleProgress } from './progress.ts';

export const BIBLE_MANIFEST = manifest;
const MEMORY_BOOKS = 6;
const memory = new Map<string, BibleBookFile>();

export const BIBLE_QUOTA_MESSAGE =
  "This device's storage is full, so no more Bible books can be kept on it. Reading goes on: verses already kept still open offline, and the others open while online.";

const OFFLINE_MESSAGE = 'You are offline: the rest of the Bible will be saved when the connection returns.';

function remember(osis: string, book: BibleBookFile): BibleBookFile {
  memory.delete(osis);
  memory.set(osis, book);
  if (memory.size > MEMORY_BOOKS) memory.delete(memory.keys().next().value!);
  return book;
}

/** A book if this device holds it, without the network. */
export async function bookOnDevice(osis: string): Promise<BibleBookFile | null> {
  const held = memory.get(osis);
  if (held) return held;
  const { db } = await loadDeviceDb();
  const kept = await db.bible.get(osis);
  return kept ? remember(osis, kept.book) : null;
}

async function fetchBook(osis: string): Promise<{ book: BibleBookFile; file: string; brBytes: number }> {
  const entry = manifest.books[osis];
  if (!entry) throw new Error(`No Bible book ${osis} in this build.`);
  const res = await fetch(entry.file);
  if (!res.ok) throw new Error(`The Bible book could not be fetched (${res.status}).`);
  return { book: (await res.json()) as BibleBookFile, file: entry.file, brBytes: entry.brBytes };
}

/** Keeps a fetched book; a full store is reported, never thrown (reading goes on). */
async function keep(osis: string, fetched: Awaited<ReturnType<typeof fetchBook>>): Promise<boolean> {
  const { db } = await loadDeviceDb();
  try {
    await db.bible.put({ osis, ...fetched });
    return true;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    setBibleProgress({ quotaFull: true });
    return false;
  }
}

/** A book from the device, else from the network (and then kept). */
export async function loadBook(osis: string): Promise<BibleBookFile> {
  const held = await bookOnDevice(osis);
  if (held) return held;
  const fetched = await fetchBook(osis);
  await keep(osis, fetched);
  return remember(osis, fetched.book);
}

/** Books kept from this build's files, by OSIS id. */
async function keptBooks(): Promise<Set<string>> {
  const { db } = await loadDeviceDb();
  const kept = await db.bible.toArray();
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
        const fetched = await fetchBook(osis);
        remember(osis, fetched.book);
        if (!(await keep(osis, fetched))) break;
      } catch (error) {
        setBibleProgress({ task: null, error: navigator.onLine ? (error instanceof Error ? error.message : String(error)) : OFFLINE_MESSAGE });
        return;
      }
      setBibleProgress({ done: i + 1 });
    }
    setBibleProgress({ task: null });
  };
  const previous = running ?? Promise.resolve();
  const next = previous.then(run, run);
  running = next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}

/** The books this device's articles and lessons cite (their OSIS ids). */
export async function citedBooks(): Promise<string[]> {
  const { db } = await loadDeviceDb();
  const [articles, lessons] = await Promise.all([db.articles.toArray(), db.worship.toArray()]);
  const books = new Set<string>();
  const add = (osis: string) => {
    const range = parseOsis(osis);
    if (range) books.add(range.book.osis);
  };
  for (const article of articles) article.scripture?.forEach(add);
  for (const lesson of lessons) for (const list of Object.values(lesson.scripture ?? {})) list.forEach((c) => add(c.osis));
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
  const { db } = await loadDeviceDb();
  const kept = await db.bible.toArray();
  const allBytes = Object.values(manifest.books).reduce((sum, b) => sum + b.brBytes, 0);
  return { books: kept.length, bytes: kept.reduce((sum, k) => sum + k.brBytes, 0), allBytes };
}
