// The chapter reader, /bible/<book>/<chapter>: the chapter with its verse numbers, the cited verses
// (the address's `#v16-18`) highlighted and scrolled to, the chapters before and after, and a
// book and chapter picker. The server draws the same page for a first visit
// (backend/src/modules/pages, chapterMarkup, with the same class names); offline it opens from
// the book kept on the device.
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { BIBLE_BOOKS, bookBySlug, chapterPath, formatRange, type BibleBook } from '@fw/contracts/bible';
import { SITE_NAME } from '@fw/contracts/pages';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { firstPaintFor } from '../../lib/first-paint.ts';
import { highlightedVerses } from '../../bible/passage.ts';
import { BOOK_MISSING_TEXT, usePassage } from './use-passage.ts';
import styles from './ChapterPage.module.css';

/** The chapter before or after, across books; null at either end of the Bible. */
export function neighbour(book: BibleBook, chapter: number, step: 1 | -1): { book: BibleBook; chapter: number } | null {
  if (chapter + step >= 1 && chapter + step <= book.chapters) return { book, chapter: chapter + step };
  const next = BIBLE_BOOKS[BIBLE_BOOKS.indexOf(book) + step];
  if (!next) return null;
  return { book: next, chapter: step === 1 ? 1 : next.chapters };
}

function Picker({ book, chapter }: { book: BibleBook; chapter: number }) {
  const navigate = useNavigate();
  return (
    <form
      className={styles.picker}
      aria-label="Choose a book and chapter"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const chosen = bookBySlug(String(form.get('book')));
        if (chosen) navigate(chapterPath(chosen, Math.min(Number(form.get('chapter')) || 1, chosen.chapters)));
      }}
    >
      <label>
        <span>Book</span>
        <select name="book" defaultValue={book.slug} key={book.slug}>
          {BIBLE_BOOKS.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Chapter</span>
        <input name="chapter" type="number" inputMode="numeric" min={1} max={150} defaultValue={chapter} key={`${book.slug}${chapter}`} />
      </label>
      <button type="submit">Go</button>
    </form>
  );
}

export function ChapterPage() {
  const params = useParams();
  const { hash } = useLocation();
  const book = bookBySlug(params.book ?? '');
  const chapter = Number(params.chapter);
  const valid = book !== undefined && Number.isInteger(chapter) && chapter >= 1 && chapter <= book.chapters;
  const first = firstPaintFor(useLocation().pathname);
  // The server's copy of this chapter, until the device's own is read.
  const initial =
    first?.page === 'chapter' && valid && first.osis === book.osis && first.chapter === chapter
      ? new Map([[chapter, { verses: first.verses, ...(first.heading ? { heading: first.heading } : {}) }]])
      : null;
  const state = usePassage(valid ? book.osis : null, chapter, chapter, initial);
  const marked = useMemo(() => highlightedVerses(hash, chapter), [hash, chapter]);
  const listRef = useRef<HTMLOListElement>(null);
  const title = valid ? formatRange({ book, chapter, endChapter: chapter }) : 'Chapter not found';

  useEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);
  useEffect(() => {
    if (state.status !== 'ready' || !marked) return;
    listRef.current?.querySelector(`#v${marked.from}`)?.scrollIntoView({ block: 'center' });
  }, [state.status, marked, chapter]);

  if (!valid) {
    return (
      <div className="page">
        <div className="empty-state" data-testid="chapter-missing">
          <h1>Chapter not found</h1>
          <p>There is no such book or chapter in the Bible.</p>
          <Link to={chapterPath(BIBLE_BOOKS[0]!, 1)}>Start at Genesis 1</Link>
        </div>
      </div>
    );
  }
  const before = neighbour(book, chapter, -1);
  const after = neighbour(book, chapter, 1);
  const texts = state.status === 'ready' ? (state.chapters.get(chapter)?.verses ?? []) : [];
  const heading = state.status === 'ready' ? state.chapters.get(chapter)?.heading : undefined;
  return (
    <article className={styles.reader} data-testid="chapter-reader">
      <header>
        <p className={styles.translation}>American Standard Version (1901)</p>
        <h1>{title}</h1>
      </header>
      {state.status === 'loading' ? <LoadingScreen label="Loading the chapter" /> : null}
      {state.status === 'missing' ? <p className={styles.note}>{BOOK_MISSING_TEXT[state.reason]}</p> : null}
      {heading ? <p className={styles.heading}>{heading}</p> : null}
      <ol ref={listRef} className={styles.verses}>
        {texts.map((text, i) => {
          const verse = i + 1;
          const hit = marked !== null && verse >= marked.from && verse <= marked.to;
          return (
            <li key={verse} id={`v${verse}`} className={hit ? styles.marked : undefined} value={verse}>
              <span className={styles.number}>{verse}</span> {text}
            </li>
          );
        })}
      </ol>
      <nav className={styles.nav} aria-label="Chapters">
        {before ? (
          <Link to={chapterPath(before.book, before.chapter)} rel="prev">
            ← {formatRange({ book: before.book, chapter: before.chapter, endChapter: before.chapter })}
          </Link>
        ) : (
          <span />
        )}
        {after ? (
          <Link to={chapterPath(after.book, after.chapter)} rel="next">
            {formatRange({ book: after.book, chapter: after.chapter, endChapter: after.chapter })} →
          </Link>
        ) : null}
      </nav>
      <Picker book={book} chapter={chapter} />
    </article>
  );
}
