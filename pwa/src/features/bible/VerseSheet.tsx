// The verses of a tapped citation: a sheet from the bottom on phones, a dialog on wider screens.
// A native modal <dialog>: focus moves into it and stays there, Escape closes it (so does a swipe
// down on phones, and the Close button), and focus returns to the citation that opened it.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatRange, type ScriptureRange } from '@fw/contracts/bible';
// The host reads a tapped link with the sheet's module (CitationSheetHost.tsx), not in every page.
export { rangeFromHref } from '@fw/contracts/bible';
import { versesOf } from '../../bible/passage.ts';
import { loadChapters, type ChapterText } from '../../bible/books.ts';
import { BOOK_MISSING_TEXT, usePassage } from './use-passage.ts';
import { sharePassage } from './share-passage.ts';
import styles from './VerseSheet.module.css';

/** A long passage ("Genesis 3:15 through 22:18") shows its start; the reader has the rest. */
export const SHEET_MAX_VERSES = 40;
/** A swipe down longer than this closes the sheet. */
const SWIPE_CLOSE_PX = 80;

/** The chapters a sheet shows: at most two (SHEET_MAX_VERSES). */
const chaptersShown = (range: ScriptureRange) => [range.chapter, Math.min(range.endChapter, range.chapter + 1)] as const;

/**
 * The passage read before the sheet opens, so it opens with its verses in one render; null when
 * it cannot be read (the sheet then says why).
 */
export function passageFor(range: ScriptureRange): Promise<Map<number, ChapterText> | null> {
  return loadChapters(range.book.osis, ...chaptersShown(range)).catch(() => null);
}

export interface VerseSheetProps {
  /** The passage's chapters when they were read before opening (passageFor). */
  initial?: Map<number, ChapterText> | null;
  range: ScriptureRange;
  /** Where the reader is sent by "Read the whole chapter" (the citation's own link). */
  href: string;
  opener: HTMLElement | null;
  onClose: () => void;
}

export function VerseSheet({ range, href, opener, onClose, initial }: VerseSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const state = usePassage(range.book.osis, ...chaptersShown(range), initial);
  const title = formatRange(range);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, [opener]);

  const all = state.status === 'ready' ? versesOf(state.chapters, range) : [];
  const verses = all.slice(0, SHEET_MAX_VERSES);
  const many = verses.some((v) => v.chapter !== range.chapter);
  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby="verse-sheet-title"
      data-testid="verse-sheet"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A tap on the backdrop (outside the sheet's box) closes it too.
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onTouchStart={(event) => {
        swipeFrom.current = event.touches[0]?.clientY ?? null;
      }}
      onTouchEnd={(event) => {
        const from = swipeFrom.current;
        const to = event.changedTouches[0]?.clientY;
        swipeFrom.current = null;
        if (from !== null && to !== undefined && to - from > SWIPE_CLOSE_PX && (ref.current?.scrollTop ?? 0) <= 0) onClose();
      }}
    >
      <div className={styles.handle} aria-hidden="true" />
      <header className={styles.header}>
        <h2 id="verse-sheet-title" className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {state.status === 'loading' ? <p className={styles.note}>Loading…</p> : null}
      {state.status === 'missing' ? (
        <p className={styles.note} role="alert">
          {BOOK_MISSING_TEXT[state.reason]}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <div className={styles.verses} data-testid="verse-sheet-text">
          {verses.map((v) => (
            <p key={`${v.chapter}:${v.verse}`}>
              <sup className={styles.number}>{many ? `${v.chapter}:${v.verse}` : v.verse}</sup> {v.text}
            </p>
          ))}
          {all.length > verses.length ? <p className={styles.note}>The passage goes on in the chapter reader.</p> : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Link to={href} className={styles.primary} onClick={onClose}>
          Read the whole chapter
        </Link>
        {state.status === 'ready' ? (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void sharePassage(title, verses.map((v) => v.text).join(' '), href)}
          >
            Share
          </button>
        ) : null}
      </div>
      <p className={styles.translation}>American Standard Version (1901)</p>
    </dialog>
  );
}
