// The study tools on an article page, the study feature's public entry for it: `useArticleStudy`
// gives the page its actions (Listen, Notes) and the layer after the text (the highlight bar,
// margin notes, the notes sheet), and what goes just before the text. The highlights drawn over
// the article's text are use-highlight-marks.ts; the selection and taps on highlights are
// use-text-selection.ts. By keyboard: "Select words to highlight" (SelectWords.tsx) selects words
// and goes on to the bar, Tab from a selection goes to the bar, and the Notes list reaches every
// highlight.
import { forwardRef, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { db, useLiveQuery, type HighlightColor } from '../../db/db.ts';
import { ListenControl } from '../read-aloud/index.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { HighlightBar } from './HighlightBar.tsx';
import { MarginNotes } from './MarginNotes.tsx';
import { NO_LONGER_IN_ARTICLE, StudySheet, type SheetState } from './StudySheet.tsx';
import { addHighlight, type ArticleRef } from './study-store.ts';
import type { DrawnHighlights } from './highlight-layer.ts';
import { ORPHAN_LINE_ID, useHighlightMarks } from './use-highlight-marks.ts';
import { selectedQuote, useHighlightTaps, usePendingQuote } from './use-text-selection.ts';
import { useKeyboardSelection } from './SelectWords.tsx';
import styles from './study.module.css';

export interface ArticleStudy {
  actions: ReactNode;
  /** Drawn right before the article's text (first in Tab order there). */
  beforeText: ReactNode;
  layer: ReactNode;
}

/** The article's highlights and notes on the device, newest note first. */
function useArticleStudyData(articleId: string) {
  const highlights = useLiveQuery(() => db.highlights.where('articleId').equals(articleId).toArray(), [articleId]);
  const notes = useLiveQuery(
    async () => (await db.notes.where('articleId').equals(articleId).toArray()).sort((a, b) => b.updatedAt - a.updatedAt),
    [articleId],
  );
  return { highlights, notes };
}

interface StudyActionsProps {
  article: ArticleRef;
  contentRef: RefObject<HTMLDivElement | null>;
  count: number;
  onNotes: () => void;
}

const StudyActions = forwardRef<HTMLButtonElement, StudyActionsProps>(function StudyActions({ article, contentRef, count, onNotes }, notesRef) {
  return (
    <>
      <ListenControl rootRef={contentRef} placeKey={`article:${article._id}`} name={article.title} />
      <button ref={notesRef} type="button" className={styles.action} onClick={onNotes} data-testid="notes-button">
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 4h14v12H9l-4 4z" strokeLinejoin="round" />
        </svg>
        <span>Notes</span>
        {count ? <span className={styles.count}>{count}</span> : null}
      </button>
    </>
  );
});

/** The line under the article saying how many highlights lost their words, with the way to them. */
function OrphanLine({ count, onList }: { count: number; onList: () => void }) {
  return (
    <p className={styles.orphanLine} id={ORPHAN_LINE_ID} data-testid="orphan-line">
      {count === 1 ? 'One highlight is' : `${count} highlights are`} no longer in the article (it was changed).{' '}
      <button type="button" className={styles.linkButton} onClick={onList}>
        See them under “{NO_LONGER_IN_ARTICLE}”
      </button>
    </p>
  );
}

/**
 * Tab from words selected in the text goes to the highlight bar, as Tab from a verse goes to its
 * tools (bible/VerseTools.tsx): a selection made with the keys (caret browsing, Shift+arrows)
 * moves no focus, so the browser would start from the top of the page.
 */
function useTabToBar(barShown: boolean, contentRef: RefObject<HTMLDivElement | null>, barRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    if (!barShown) return;
    const onKey = (event: KeyboardEvent) => {
      const root = contentRef.current;
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented || !root) return;
      const at = document.activeElement;
      if ((at && at !== document.body && !root.contains(at)) || !selectedQuote(root)) return;
      const first = barRef.current?.querySelector('button');
      if (!first) return;
      event.preventDefault();
      first.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [barShown, contentRef, barRef]);
}

/** A highlight opened from the Notes list is scrolled into view, between the header and the sheet. */
function useShowListed(sheet: SheetState, drawnRef: RefObject<DrawnHighlights>): void {
  const id = sheet?.kind === 'highlight' && sheet.fromList ? sheet.id : null;
  useEffect(() => {
    const range = id ? drawnRef.current.spans.get(id) : undefined;
    if (!range) return;
    const rect = range.getBoundingClientRect();
    const top = Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
    const bottom = document.querySelector('dialog[open]')?.getBoundingClientRect().top ?? window.innerHeight;
    if (rect.top >= top && rect.bottom <= bottom) return;
    const want = bottom - top > rect.height ? (top + bottom - rect.height) / 2 : top;
    window.scrollBy({ top: rect.top - want });
  }, [id, drawnRef]);
}

/**
 * `articleId` is the page's (from its address), known before the article is read: the highlights
 * are read from the device while the article loads, not after.
 */
export function useArticleStudy(
  articleId: string,
  article: ArticleRef | null,
  contentRef: RefObject<HTMLDivElement | null>,
  html: string | undefined,
): ArticleStudy {
  const { highlights, notes } = useArticleStudyData(articleId);
  const [sheet, setSheet] = useState<SheetState>(null);
  const notesButton = useRef<HTMLButtonElement>(null);
  const { placed, painted, drawnRef } = useHighlightMarks(articleId, highlights, contentRef, html);
  const { pending, setPending, barActiveRef } = usePendingQuote(articleId, contentRef, html);
  useHighlightTaps(contentRef, html, drawnRef, setSheet);
  const barRef = useRef<HTMLDivElement>(null);
  useTabToBar(pending !== null, contentRef, barRef);
  const { control: selectControl, backToWords, afterHighlight } = useKeyboardSelection(contentRef, barRef, pending !== null, setPending);
  useShowListed(sheet, drawnRef);

  const create = useCallback(
    async (color: HighlightColor, withNote: boolean) => {
      // The words selected now: a colour pressed before the last change of the selection settled
      // (Shift+arrow, then Tab and Enter at once) still gets all of them.
      const quote = (contentRef.current && selectedQuote(contentRef.current)) ?? pending;
      if (!article || !quote) return;
      try {
        const made = await addHighlight(article, quote, color);
        barActiveRef.current = false;
        setPending(null);
        document.getSelection()?.removeAllRanges();
        afterHighlight(color, withNote);
        if (withNote) setSheet({ kind: 'highlight', id: made._id, editNote: true });
      } catch (error) {
        notifyError(error);
      }
    },
    [article, pending, contentRef, barActiveRef, setPending, afterHighlight],
  );

  if (!article) return { actions: null, beforeText: null, layer: null };
  const kept = { highlights: highlights ?? [], notes: notes ?? [], placed };
  const orphanCount = highlights?.filter((h) => !placed.includes(h._id)).length ?? 0;
  const openList = () => setSheet({ kind: 'list' });
  const layer = (
    <>
      {pending ? (
        <HighlightBar
          ref={barRef}
          onColor={(color) => void create(color, false)}
          onNote={() => void create('yellow', true)}
          onActive={(active) => {
            barActiveRef.current = active;
            if (!active && !selectedQuote(contentRef.current!)) setPending(null);
          }}
          onEscape={backToWords}
        />
      ) : null}
      {orphanCount ? <OrphanLine count={orphanCount} onList={openList} /> : null}
      <MarginNotes contentRef={contentRef} {...kept} painted={painted} drawnRef={drawnRef} onOpen={setSheet} />
      <StudySheet article={article} sheet={sheet} {...kept} onChange={setSheet} returnFocus={notesButton} />
    </>
  );
  const count = kept.highlights.length + kept.notes.length;
  return {
    actions: <StudyActions ref={notesButton} article={article} contentRef={contentRef} count={count} onNotes={openList} />,
    beforeText: selectControl,
    layer,
  };
}
