// What the reader does to the article's text: a selection waiting to become a highlight, and a
// tap on a highlight that opens it.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { readDomText, spanOfRange } from '../../lib/dom-text.ts';
import { makeAnchor, type TextQuote } from './anchor.ts';
import { MARKER_ATTR, MARKER_CLASS, pieceAt, type DrawnHighlights } from './highlight-layer.ts';
import type { SheetState } from './StudySheet.tsx';

/** Selection changes settle for this long before the bar reads them (a drag fires many). */
const SELECTION_SETTLE_MS = 120;

/** The current selection inside `root` as an anchor, or null. */
export function selectedQuote(root: HTMLElement): TextQuote | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const dom = readDomText(root);
  const span = spanOfRange(dom, root, range);
  return span ? makeAnchor(dom.text, span.start, span.end) : null;
}

/**
 * The quote selected in the text, read when the selection settles. While the highlight bar is in
 * use (`barActiveRef`), a selection that goes away (the bar took the focus) keeps the quote.
 */
export function usePendingQuote(articleId: string, contentRef: RefObject<HTMLDivElement | null>, html: string | undefined) {
  const [pending, setPending] = useState<TextQuote | null>(null);
  const barActiveRef = useRef(false);
  useEffect(() => {
    const root = contentRef.current;
    if (!root || !articleId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const quote = selectedQuote(root);
        if (quote) setPending(quote);
        else if (!barActiveRef.current) setPending(null);
      }, SELECTION_SETTLE_MS);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [articleId, contentRef, html]);
  return { pending, setPending, barActiveRef };
}

/**
 * A tap on a highlight's words, or on its note marker, opens it (a tap on a link inside one still
 * follows the link). The words are no element of their own: the tap is matched to what is drawn.
 */
export function useHighlightTaps(
  contentRef: RefObject<HTMLDivElement | null>,
  html: string | undefined,
  drawnRef: RefObject<DrawnHighlights>,
  open: (sheet: SheetState) => void,
): void {
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || target.closest('a')) return;
      const marker = target.closest(`.${MARKER_CLASS}`);
      if (!marker && !document.getSelection()?.isCollapsed) return;
      const id = marker ? marker.getAttribute(MARKER_ATTR) : pieceAt(document, drawnRef.current, event.clientX, event.clientY);
      if (id) open({ kind: 'highlight', id });
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [contentRef, html, drawnRef, open]);
}
