// The chapter reader, /bible/<book>/<chapter>: a study place. At the top a bar that stays in view
// with the chapter's name, the chapters before and after and the book and chapter picker; then
// Listen, and the verses with their numbers, the cited verses (the address's `#v16-18`) marked and
// scrolled to below that bar. A tap on verses selects them for the verse tools (VerseTools.tsx):
// highlights and notes kept with the article study data, sharing as words or as an image, and
// "Cited in"; at the end, a reading plan's mark (features/plans). The server draws the same page for a first visit (backend/src/modules/pages,
// chapter-page.ts, with the same class names); offline it opens from the book kept on the device.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BIBLE_BOOKS, bookBySlug, chapterPath, formatRange, scriptureHref, type BibleBook } from '@fw/contracts/bible';
import { SITE_NAME } from '@fw/contracts/pages';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { firstPaintFor } from '../../lib/first-paint.ts';
import { highlightedVerses } from '../../bible/passage.ts';
import { ListenControl } from '../read-aloud/index.ts';
import { PlanReadingMark } from '../plans/index.ts';
import { selectionPassage, useVerseMarks, VerseHighlightSheet, VerseHighlightTools, type VerseSheetState } from '../study/index.ts';
import { ChapterPicker } from './ChapterPicker.tsx';
import { BOOK_MISSING_TEXT, usePassage } from './use-passage.ts';
import { VerseList } from './VerseList.tsx';
import { VerseTools } from './VerseTools.tsx';
import styles from './ChapterPage.module.css';

export const TRANSLATION_NAME = 'American Standard Version (1901)';

/** The chapter before or after, across books; null at either end of the Bible. */
export function neighbour(book: BibleBook, chapter: number, step: 1 | -1): { book: BibleBook; chapter: number } | null {
  if (chapter + step >= 1 && chapter + step <= book.chapters) return { book, chapter: chapter + step };
  const next = BIBLE_BOOKS[BIBLE_BOOKS.indexOf(book) + step];
  if (!next) return null;
  return { book: next, chapter: step === 1 ? 1 : next.chapters };
}

const nameOf = (to: { book: BibleBook; chapter: number }) => formatRange({ book: to.book, chapter: to.chapter, endChapter: to.chapter });

/** Keeps the reader's bar just under the site's sticky header, whatever its height. */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const observer = new ResizeObserver(() => setHeight(header.getBoundingClientRect().height));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

function ChapterBar({ book, chapter, title, pickerOpen, onPicker }: { book: BibleBook; chapter: number; title: string; pickerOpen: boolean; onPicker: () => void }) {
  const before = neighbour(book, chapter, -1);
  const after = neighbour(book, chapter, 1);
  return (
    <div className={styles.bar}>
      {before ? (
        <Link className={styles.step} to={chapterPath(before.book, before.chapter)} aria-label={`Previous chapter: ${nameOf(before)}`}>
          ‹
        </Link>
      ) : (
        <span className={styles.step} />
      )}
      <h1 className={styles.title}>{title}</h1>
      <button type="button" className={styles.pick} aria-label="Books and chapters" aria-expanded={pickerOpen} onClick={onPicker}>
        Books<span className={styles.wide}> and chapters</span>
      </button>
      {after ? (
        <Link className={styles.step} to={chapterPath(after.book, after.chapter)} aria-label={`Next chapter: ${nameOf(after)}`}>
          ›
        </Link>
      ) : (
        <span className={styles.step} />
      )}
    </div>
  );
}

export function ChapterPage() {
  const params = useParams();
  const { hash, pathname } = useLocation();
  const book = bookBySlug(params.book ?? '');
  const chapter = Number(params.chapter);
  const valid = book !== undefined && Number.isInteger(chapter) && chapter >= 1 && chapter <= book.chapters;
  const first = firstPaintFor(pathname);
  // The server's copy of this chapter, until the device's own is read.
  const initial =
    first?.page === 'chapter' && valid && first.osis === book.osis && first.chapter === chapter
      ? new Map([[chapter, { verses: first.verses, ...(first.heading ? { heading: first.heading } : {}) }]])
      : null;
  const state = usePassage(valid ? book.osis : null, chapter, chapter, initial);
  const cited = useMemo(() => highlightedVerses(hash, chapter), [hash, chapter]);
  const listRef = useRef<HTMLOListElement>(null);
  const title = valid ? formatRange({ book, chapter, endChapter: chapter }) : 'Chapter not found';
  const headerHeight = useHeaderHeight();
  const [pickerFor, setPickerFor] = useState<string | null>(null);
  const [selection, setSelection] = useState<{ at: string; verses: Set<number> }>({ at: pathname, verses: new Set() });
  const [sheet, setSheet] = useState<VerseSheetState>(null);
  const { highlights, marks } = useVerseMarks(book?.osis ?? '', chapter);
  // A new chapter starts with nothing selected and the picker closed.
  const selected = selection.at === pathname ? selection.verses : new Set<number>();
  const pickerOpen = pickerFor === pathname;

  useEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);
  // Escape closes the Books panel, or else lets go of the chosen verses (their tools' card), as it
  // closes the sheets; focus goes back to what opened them. A modal open over them (a sheet, a
  // card) takes its own Escape first.
  const choosing = selected.size > 0;
  // Lets go of the chosen verses with focus on the first one's number, the button that chose it:
  // their tools go with them (by Escape, ×, or once a colour or a note is chosen), and focus would
  // otherwise fall to the page.
  const letGo = useCallback(
    (verses: ReadonlySet<number>) => {
      setSelection({ at: pathname, verses: new Set() });
      if (verses.size) listRef.current?.querySelector<HTMLElement>(`#v${Math.min(...verses)} button[aria-pressed]`)?.focus();
    },
    [pathname],
  );
  useEffect(() => {
    if (!pickerOpen && !choosing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const reader = listRef.current?.closest('[data-testid="chapter-reader"]');
      if (pickerOpen) {
        setPickerFor(null);
        reader?.querySelector<HTMLElement>('button[aria-label="Books and chapters"]')?.focus();
        return;
      }
      letGo(selection.verses);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pickerOpen, choosing, selection.verses, letGo]);
  // A highlight removed from its sheet takes away the button that opened the sheet (its note
  // marker, "Edit highlight"), but only once the list has updated, after the sheet closed and gave
  // focus back to it (use-modal.ts): focus then fell to the page, and goes to the verse's number.
  const removedRef = useRef<{ id: string; verse: number } | null>(null);
  useEffect(() => {
    const removed = removedRef.current;
    if (!removed || sheet || highlights?.some((h) => h._id === removed.id)) return;
    removedRef.current = null;
    const at = document.activeElement;
    if (at && at !== document.body && at.isConnected) return;
    listRef.current?.querySelector<HTMLElement>(`#v${removed.verse} button[aria-pressed]`)?.focus();
  }, [sheet, highlights]);
  useEffect(() => {
    if (state.status !== 'ready' || !cited) return;
    listRef.current?.querySelector(`#v${cited.from}`)?.scrollIntoView({ block: 'center' });
  }, [state.status, cited, chapter]);

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
  const toggle = (verse: number) => {
    const next = new Set(selected);
    if (next.has(verse)) next.delete(verse);
    else next.add(verse);
    setSelection({ at: pathname, verses: next });
  };
  const clear = () => letGo(selected);
  const passage = selectionPassage(book.osis, chapter, selected);
  let tools = null;
  if (passage) {
    const range = { book, chapter, endChapter: chapter, verse: passage.verse, endVerse: passage.endVerse };
    const words = texts.slice(passage.verse - 1, passage.endVerse).join(' ');
    const markedId = [...selected].map((v) => marks.get(v)?.id).find(Boolean) ?? null;
    tools = (
      <VerseTools
        title={formatRange(range)}
        range={range}
        href={scriptureHref(range)}
        words={words}
        translation={TRANSLATION_NAME}
        onClear={clear}
        study={<VerseHighlightTools passage={passage} words={words} markedId={markedId} onDone={clear} onSheet={setSheet} />}
      />
    );
  }
  return (
    <article className={styles.reader} data-testid="chapter-reader" style={{ '--chapter-top': `${headerHeight}px` } as React.CSSProperties}>
      <header className={styles.top}>
        <ChapterBar book={book} chapter={chapter} title={title} pickerOpen={pickerOpen} onPicker={() => setPickerFor(pickerOpen ? null : pathname)} />
        {/* In the bar that stays in view, so it opens where the reader is, however far down. */}
        {pickerOpen ? <ChapterPicker key={pathname} book={book} chapter={chapter} onClose={() => setPickerFor(null)} /> : null}
      </header>
      <div className={styles.actions}>
        <p className={styles.translation}>{TRANSLATION_NAME}</p>
        {state.status === 'ready' ? <ListenControl rootRef={listRef} placeKey={`chapter:${book.osis}.${chapter}`} name={title} /> : null}
      </div>
      {state.status === 'loading' ? <LoadingScreen label="Loading the chapter" /> : null}
      {state.status === 'missing' ? <p className={styles.note}>{BOOK_MISSING_TEXT[state.reason]}</p> : null}
      {heading ? <p className={styles.heading}>{heading}</p> : null}
      {texts.length ? <p className={styles.hint}>Tap a verse to highlight it, add a note or share it.</p> : null}
      <VerseList
        listRef={listRef}
        texts={texts}
        cited={cited}
        marks={marks}
        selected={selected}
        onToggle={toggle}
        onOpenNote={(id) => setSheet({ kind: 'highlight', id })}
        tools={tools}
      />
      {/* At the chapter's end: reaching it marks a plan's reading of this chapter read. */}
      {texts.length ? <PlanReadingMark key={pathname} osis={book.osis} chapter={chapter} /> : null}
      <nav className={styles.nav} aria-label="Chapters">
        {before ? (
          <Link to={chapterPath(before.book, before.chapter)} rel="prev">
            ← {nameOf(before)}
          </Link>
        ) : (
          <span />
        )}
        {after ? (
          <Link to={chapterPath(after.book, after.chapter)} rel="next">
            {nameOf(after)} →
          </Link>
        ) : null}
      </nav>
      <VerseHighlightSheet
        sheet={sheet}
        highlights={highlights ?? []}
        onChange={setSheet}
        onRemoved={(highlight) => {
          removedRef.current = { id: highlight._id, verse: highlight.passage.verse };
        }}
      />
    </article>
  );
}
