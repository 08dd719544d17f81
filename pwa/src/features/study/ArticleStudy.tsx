// The study tools on an article page, the study feature's public entry for it: `useArticleStudy`
// gives the page its actions (Listen, Notes) and the layer after the text (the highlight bar,
// margin notes, the notes sheet). The article's HTML is the page's own (React keeps it); this
// layer only adds and removes <mark> elements, repainting all highlights in one pass whenever
// the article or the highlights change, so links and other markup inside the text keep working.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { db, useLiveQuery, type HighlightColor } from '../../db/db.ts';
import { ListenControl } from '../read-aloud/index.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { clearMarks, MARK_ATTR, paintMarks, readDomText, spanOfRange, type Paint } from '../../lib/dom-text.ts';
import { findAnchors, makeAnchor, type TextQuote } from './anchor.ts';
import { HighlightBar } from './HighlightBar.tsx';
import { MarginNotes } from './MarginNotes.tsx';
import { NO_LONGER_IN_ARTICLE, StudySheet, type SheetState } from './StudySheet.tsx';
import { addHighlight, HIGHLIGHT_HASH_PREFIX, markOrphans, type ArticleRef } from './study-store.ts';
import styles from './study.module.css';

/** Selection changes settle for this long before the bar reads them (a drag fires many). */
const SELECTION_SETTLE_MS = 120;
const ORPHAN_LINE_ID = 'study-orphans';

export interface ArticleStudy {
  actions: ReactNode;
  layer: ReactNode;
}

/** The current selection inside `root` as an anchor, or null. */
function selectedQuote(root: HTMLElement): TextQuote | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const dom = readDomText(root);
  const span = spanOfRange(dom, root, range);
  return span ? makeAnchor(dom.text, span.start, span.end) : null;
}

export function useArticleStudy(article: ArticleRef | null, contentRef: RefObject<HTMLDivElement | null>, html: string | undefined): ArticleStudy {
  const articleId = article?._id ?? '';
  const highlights = useLiveQuery(() => db.highlights.where('articleId').equals(articleId).toArray(), [articleId]);
  const notes = useLiveQuery(
    async () => (await db.notes.where('articleId').equals(articleId).toArray()).sort((a, b) => b.updatedAt - a.updatedAt),
    [articleId],
  );
  const [placed, setPlaced] = useState<string[]>([]);
  const [painted, setPainted] = useState(0);
  const [pending, setPending] = useState<TextQuote | null>(null);
  const [sheet, setSheet] = useState<SheetState>(null);
  const barActive = useRef(false);
  const jumped = useRef(false);

  // Paint every highlight in one pass, and remember which ones lost their words.
  useLayoutEffect(() => {
    const root = contentRef.current;
    if (!root || !highlights || html === undefined) return;
    // User Timing marks, read by the highlights benchmark (bench/highlights.mjs).
    performance.mark('study:draw-start');
    clearMarks(root);
    const dom = readDomText(root);
    const paints: Paint[] = [];
    const orphans = new Set<string>();
    const found: { id: string; start: number }[] = [];
    // Older first, so a newer highlight shows on top where two overlap.
    const ordered = [...highlights].sort((a, b) => a.createdAt - b.createdAt);
    const spans = findAnchors(dom.text, ordered.map((h) => h.quote));
    for (const [i, h] of ordered.entries()) {
      const span = spans[i];
      if (!span) {
        orphans.add(h._id);
        continue;
      }
      found.push({ id: h._id, start: span.start });
      paints.push({ id: h._id, span, className: `hl-${h.color}${h.note ? ' hl-noted' : ''}` });
    }
    performance.mark('study:anchored');
    paintMarks(dom, paints);
    performance.measure('study:anchor', 'study:draw-start', 'study:anchored');
    performance.measure('study:draw', 'study:anchored');
    setPlaced(found.sort((a, b) => a.start - b.start).map((f) => f.id));
    setPainted((n) => n + 1);
    if (highlights.some((h) => orphans.has(h._id) !== Boolean(h.orphan))) {
      void markOrphans(articleId, orphans).catch((error: unknown) => console.warn('[study] orphans', error));
    }
  }, [highlights, html, articleId, contentRef]);

  // A link from My notes (#hl-<id>) lands on its highlight once it is drawn.
  useEffect(() => {
    const hash = window.location.hash;
    if (jumped.current || !painted || !hash.startsWith(HIGHLIGHT_HASH_PREFIX)) return;
    jumped.current = true;
    const id = hash.slice(HIGHLIGHT_HASH_PREFIX.length);
    const mark = contentRef.current?.querySelector(`mark[${MARK_ATTR}="${CSS.escape(id)}"]`);
    // One whose words are gone is listed by the line that says so.
    (mark ?? document.getElementById(ORPHAN_LINE_ID))?.scrollIntoView({ block: 'center' });
  }, [painted, contentRef]);

  // The selection, read when it settles.
  useEffect(() => {
    const root = contentRef.current;
    if (!root || !articleId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const quote = selectedQuote(root);
        if (quote) setPending(quote);
        else if (!barActive.current) setPending(null);
      }, SELECTION_SETTLE_MS);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [articleId, contentRef, html]);

  // A tap on a highlight opens it (a tap on a link inside one still follows the link).
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || target.closest('a') || !document.getSelection()?.isCollapsed) return;
      const mark = target.closest(`mark[${MARK_ATTR}]`);
      const id = mark?.getAttribute(MARK_ATTR);
      if (id) setSheet({ kind: 'highlight', id });
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [contentRef, html]);

  const create = useCallback(
    async (color: HighlightColor, withNote: boolean) => {
      if (!article || !pending) return;
      try {
        const made = await addHighlight(article, pending, color);
        barActive.current = false;
        setPending(null);
        document.getSelection()?.removeAllRanges();
        if (withNote) setSheet({ kind: 'highlight', id: made._id, editNote: true });
      } catch (error) {
        notifyError(error);
      }
    },
    [article, pending],
  );

  if (!article) return { actions: null, layer: null };
  const orphanCount = highlights?.filter((h) => !placed.includes(h._id)).length ?? 0;
  const total = (highlights?.length ?? 0) + (notes?.length ?? 0);
  const actions = (
    <>
      <ListenControl rootRef={contentRef} placeKey={`article:${article._id}`} name={article.title} />
      <button type="button" className={styles.action} onClick={() => setSheet({ kind: 'list' })} data-testid="notes-button">
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 4h14v12H9l-4 4z" strokeLinejoin="round" />
        </svg>
        <span>Notes</span>
        {total ? <span className={styles.count}>{total}</span> : null}
      </button>
    </>
  );
  const layer = (
    <>
      {pending ? (
        <HighlightBar
          onColor={(color) => void create(color, false)}
          onNote={() => void create('yellow', true)}
          onActive={(active) => {
            barActive.current = active;
            if (!active && !selectedQuote(contentRef.current!)) setPending(null);
          }}
        />
      ) : null}
      {orphanCount ? (
        <p className={styles.orphanLine} id={ORPHAN_LINE_ID} data-testid="orphan-line">
          {orphanCount === 1 ? 'One highlight is' : `${orphanCount} highlights are`} no longer in the article (it was changed).{' '}
          <button type="button" className={styles.linkButton} onClick={() => setSheet({ kind: 'list' })}>
            See them under “{NO_LONGER_IN_ARTICLE}”
          </button>
        </p>
      ) : null}
      <MarginNotes
        contentRef={contentRef}
        highlights={highlights ?? []}
        notes={notes ?? []}
        placed={placed}
        painted={painted}
        onOpen={setSheet}
      />
      <StudySheet article={article} sheet={sheet} highlights={highlights ?? []} notes={notes ?? []} placed={placed} onChange={setSheet} />
    </>
  );
  return { actions, layer };
}
