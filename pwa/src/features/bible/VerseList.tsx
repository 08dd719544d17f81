// The chapter's verses: each with its number (a toggle that selects the verse; a tap on its words
// does the same), the reader's highlight colour, a marker for a note, the cited verses of the
// address marked, and the verse tools after the last selected verse. Verse numbers are drawn by
// CSS from `data-n`, so Listen reads the words alone.
import type { ReactNode, RefObject } from 'react';
import styles from './ChapterPage.module.css';

interface VerseMarkView {
  id: string;
  color: string;
  noted: boolean;
}

interface Props {
  listRef: RefObject<HTMLOListElement | null>;
  texts: string[];
  /** The verses the address cites (`#v16-18`). */
  cited: { from: number; to: number } | null;
  marks: Map<number, VerseMarkView>;
  selected: ReadonlySet<number>;
  onToggle: (verse: number) => void;
  onOpenNote: (id: string) => void;
  /** Drawn inside the last selected verse. */
  tools: ReactNode;
}

export function VerseList({ listRef, texts, cited, marks, selected, onToggle, onOpenNote, tools }: Props) {
  const last = selected.size ? Math.max(...selected) : 0;
  return (
    <ol ref={listRef} className={styles.verses}>
      {texts.map((text, i) => {
        const verse = i + 1;
        const hit = cited !== null && verse >= cited.from && verse <= cited.to;
        const mark = marks.get(verse);
        const chosen = selected.has(verse);
        const classes = [hit ? styles.marked : '', chosen ? styles.selected : ''].filter(Boolean).join(' ');
        return (
          <li
            key={verse}
            id={`v${verse}`}
            value={verse}
            className={classes || undefined}
            onClick={(event) => {
              // A tap on the words selects the verse; buttons and the tools answer for themselves.
              if (!(event.target as Element).closest('button, a, [data-not-text]')) onToggle(verse);
            }}
          >
            <button type="button" className={styles.number} data-n={verse} aria-label={`Verse ${verse}`} aria-pressed={chosen} onClick={() => onToggle(verse)} />{' '}
            <span className={mark ? `${styles.words} hl-${mark.color}` : styles.words} data-hl-verse={mark?.id}>
              {text}
            </span>
            {mark?.noted ? (
              <button type="button" className={styles.noteMarker} aria-label={`Note on verse ${verse}`} onClick={() => onOpenNote(mark.id)}>
                <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M5 4h14v12H9l-4 4z" strokeLinejoin="round" />
                </svg>
              </button>
            ) : null}
            {verse === last ? tools : null}
          </li>
        );
      })}
    </ol>
  );
}
