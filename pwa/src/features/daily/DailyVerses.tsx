// The verses of a daily text's passage, from the Bible on the device (or fetched once and kept,
// as the chapter reader does); offline without the book, the reference stands alone with a note.
import { parseOsis, scriptureHref } from '@fw/contracts/bible';
import { versesOf } from '../../bible/passage.ts';
import { usePassage } from '../bible/index.ts';
import styles from './DailyPage.module.css';

const VERSES_NOT_ON_DEVICE = 'The verses will show here once this book of the Bible is on this device.';

export function DailyVerses({ osis }: { osis: string }) {
  const range = parseOsis(osis);
  const state = usePassage(range?.book.osis ?? null, range?.chapter ?? 1, range?.endChapter ?? 1);
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
