// The article's highlights drawn as <mark> elements over the page's own HTML (React keeps the
// HTML; this only adds and removes marks), all in one pass whenever the article or the
// highlights change, so links and other markup inside the text keep working.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Highlight } from '../../db/db.ts';
import { clearMarks, MARK_ATTR, paintMarks, readDomText, type Paint } from '../../lib/dom-text.ts';
import { findAnchors } from './anchor.ts';
import { HIGHLIGHT_HASH_PREFIX, markOrphans } from './study-store.ts';

export const ORPHAN_LINE_ID = 'study-orphans';

/** Paints every highlight found in `root`'s text; returns the ids drawn, in reading order, and the ones whose words are gone. */
function paintHighlights(root: HTMLElement, highlights: readonly Highlight[]): { placed: string[]; orphans: Set<string> } {
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
  return { placed: found.sort((a, b) => a.start - b.start).map((f) => f.id), orphans };
}

/**
 * Keeps the marks drawn; `placed` is the highlights found in the text (reading order), `painted`
 * counts the passes (margin notes line up after each).
 */
export function useHighlightMarks(
  articleId: string,
  highlights: Highlight[] | undefined,
  contentRef: RefObject<HTMLDivElement | null>,
  html: string | undefined,
): { placed: string[]; painted: number } {
  const [placed, setPlaced] = useState<string[]>([]);
  const [painted, setPainted] = useState(0);

  useLayoutEffect(() => {
    const root = contentRef.current;
    if (!root || !highlights || html === undefined) return;
    const drawn = paintHighlights(root, highlights);
    setPlaced(drawn.placed);
    setPainted((n) => n + 1);
    // Remember which ones lost their words (stored only when that changed).
    if (highlights.some((h) => drawn.orphans.has(h._id) !== Boolean(h.orphan))) {
      void markOrphans(articleId, drawn.orphans).catch((error: unknown) => console.warn('[study] orphans', error));
    }
  }, [highlights, html, articleId, contentRef]);

  useJumpToHighlight(painted, contentRef);
  return { placed, painted };
}

/** A link from My notes (#hl-<id>) lands on its highlight once it is drawn. */
function useJumpToHighlight(painted: number, contentRef: RefObject<HTMLDivElement | null>): void {
  const jumped = useRef(false);
  useEffect(() => {
    const hash = window.location.hash;
    if (jumped.current || !painted || !hash.startsWith(HIGHLIGHT_HASH_PREFIX)) return;
    jumped.current = true;
    const id = hash.slice(HIGHLIGHT_HASH_PREFIX.length);
    const mark = contentRef.current?.querySelector(`mark[${MARK_ATTR}="${CSS.escape(id)}"]`);
    // One whose words are gone is listed by the line that says so.
    (mark ?? document.getElementById(ORPHAN_LINE_ID))?.scrollIntoView({ block: 'center' });
  }, [painted, contentRef]);
}
