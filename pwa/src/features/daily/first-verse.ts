// The first verse of a passage, only from the Bible kept on this device (the home card never
// fetches a book: with none kept it shows the reference alone). Loaded when a card needs it.
import { parseOsis } from '@fw/contracts/bible';
import type { KeptBibleChapter } from '../../db/db.ts';
import { getMany } from '../../db/worker-idb.ts';

export async function firstVerseOnDevice(osis: string): Promise<string | null> {
  const range = parseOsis(osis);
  if (!range) return null;
  const [chapter] = await getMany<KeptBibleChapter>('bibleChapters', [`${range.book.osis}.${range.chapter}`]).catch(() => []);
  return chapter?.verses[(range.verse ?? 1) - 1] ?? null;
}
