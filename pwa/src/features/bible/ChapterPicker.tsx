// The book and chapter picker at the top of the chapter reader: a button opening the books (Old
// and New Testament), then the chosen book's chapters as a grid of links. The books open with the
// current one in view and under the keyboard (or, back from a book's chapters, that book); choosing
// a book moves focus to its chapters, so the keyboard goes on from there.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BIBLE_BOOKS, chapterPath, type BibleBook } from '@fw/contracts/bible';
import styles from './ChapterPicker.module.css';

/** Genesis to Malachi; the rest is the New Testament. */
const OLD_TESTAMENT_BOOKS = 39;

function BookList({ current, onChoose }: { current: BibleBook; onChoose: (book: BibleBook) => void }) {
  const parts = [
    ['Old Testament', BIBLE_BOOKS.slice(0, OLD_TESTAMENT_BOOKS)],
    ['New Testament', BIBLE_BOOKS.slice(OLD_TESTAMENT_BOOKS)],
  ] as const;
  return (
    <>
      {parts.map(([name, books]) => (
        <section key={name} aria-label={name}>
          <h2 className={styles.part}>{name}</h2>
          <ul className={styles.books}>
            {books.map((b) => (
              <li key={b.slug}>
                <button type="button" data-book={b.slug} aria-current={b === current ? 'true' : undefined} onClick={() => onChoose(b)}>
                  {b.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export function ChapterPicker({ book, chapter, onClose }: { book: BibleBook; chapter: number; onClose: () => void }) {
  const [chosen, setChosen] = useState<BibleBook | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const lastBookRef = useRef(book);
  const id = useId();
  useEffect(() => {
    if (chosen) {
      headingRef.current?.focus();
      return;
    }
    const panel = panelRef.current;
    const button = panel?.querySelector<HTMLButtonElement>(`button[data-book="${lastBookRef.current.slug}"]`);
    if (!panel || !button) return;
    // Into the middle of the panel's own scroll, then onto the screen only if it is not (the page
    // moves no more than that).
    panel.scrollTop += button.getBoundingClientRect().top - panel.getBoundingClientRect().top - (panel.clientHeight - button.offsetHeight) / 2;
    button.scrollIntoView({ block: 'nearest' });
    button.focus({ preventScroll: true });
  }, [chosen]);
  const choose = (next: BibleBook) => {
    lastBookRef.current = next;
    setChosen(next);
  };
  return (
    <div ref={panelRef} className={styles.panel} id={id} role="region" aria-label="Choose a book and chapter" data-testid="chapter-picker">
      {chosen ? (
        <>
          <div className={styles.head}>
            <h2 ref={headingRef} tabIndex={-1} className={styles.part}>
              {chosen.name}: chapters
            </h2>
            <button type="button" className={styles.back} onClick={() => setChosen(null)}>
              All books
            </button>
          </div>
          <ul className={styles.grid}>
            {Array.from({ length: chosen.chapters }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <Link
                  to={chapterPath(chosen, n)}
                  aria-label={`${chosen.name} ${n}`}
                  aria-current={chosen === book && n === chapter ? 'page' : undefined}
                  onClick={onClose}
                >
                  {n}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <BookList current={book} onChoose={choose} />
      )}
    </div>
  );
}
