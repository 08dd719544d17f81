// The verses of a daily text's passage, from the Bible on the device (or fetched once and kept,
// as the chapter reader does); offline without the book, the reference stands alone with a note.
// The page reads the passage (DailyPage.tsx, useDailyPassage), so it can wait for it before it draws.
import { parseOsis, scriptureHref } from '@fw/contracts/bible';
import { heldChapters } from '../../bible/books.ts';
import { versesOf } from '../../bible/passage.ts';
import { usePassage } from '../bible/index.ts';
import styles from './DailyPage.module.css';

const VERSES_NOT_ON_DEVICE = 'The verses will show here once this book of the Bible is on this device.';

type Passage = ReturnType<typeof usePassage>;

/** The passage `osis` names (null: none): what memory holds at once (a return to the page), else read. */
export function useDailyPassage(osis: string | null): Passage {
  const range = osis ? parseOsis(osis) : null;
  const from = range?.chapter ?? 1;
  const to = range?.endChapter ?? 1;
  const held = range ? heldChapters(range.book.osis, from, to) : null;
  const state = usePassage(range?.book.osis ?? null, from, to, held);
  // No passage to read: nothing to wait for (DailyVerses draws none).
  return range ? state : NO_PASSAGE;
}
const NO_PASSAGE: Passage = { status: 'missing', reason: 'error' };

export function DailyVerses({ osis, state }: { osis: string; state: Passage }) {
  const range = parseOsis(osis);
  if (!range) return null;
  const open = (
    <a href={scriptureHref(range)} className={`tap-link ${styles.open}`}>
      Open the chapter
    </a>
  );
  if (state.status === 'loading') return <p className={styles.versesNote}>{open}</p>;
  if (state.status === 'missing') {
    return (
      <p className={styles.versesNote} data-testid="daily-verses-missing">
        {VERSES_NOT_ON_DEVICE} {open}
      </p>
    );
  }
  const verses = versesOf(state.chapters, range);
  const several = range.chapter !== range.endChapter;
  return (
    <>
      <blockquote className={styles.verses} data-testid="daily-verses">
        {verses.map((v) => (
          <p key={`${v.chapter}.${v.verse}`}>
            <sup>{several ? `${v.chapter}:${v.verse}` : v.verse}</sup> {v.text}
          </p>
        ))}
      </blockquote>
      <p className={styles.versesNote}>{open}</p>
    </>
  );
}
