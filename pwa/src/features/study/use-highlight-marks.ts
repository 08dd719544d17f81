// Keeps the article's highlights drawn (highlight-layer.ts) over the page's own HTML, which React
// keeps: one pass whenever the article or the highlights change, anchoring in slices so the page
// keeps answering while thousands are placed, and showing them all at once when done.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Highlight } from '../../db/db.ts';
import { readDomText } from '../../lib/dom-text.ts';
import { Slices } from '../../lib/next-task.ts';
import { TextAnchors } from './anchor.ts';
import { addMarkers, hideHighlights, NOTHING_DRAWN, rangesFor, removeMarkers, showHighlights, type DrawnHighlights, type Paint } from './highlight-layer.ts';
import { HIGHLIGHT_HASH_PREFIX, markOrphans } from './study-store.ts';

export const ORPHAN_LINE_ID = 'study-orphans';
/** Longest part of a quote a note marker's name repeats. */
const MARKER_QUOTE_CHARS = 40;

interface Pass {
  drawn: DrawnHighlights;
  /** Ids found in the text, in reading order. */
  placed: string[];
  orphans: Set<string>;
}

function markerLabel(h: Highlight): string {
  const quote = h.quote.exact.length > MARKER_QUOTE_CHARS ? `${h.quote.exact.slice(0, MARKER_QUOTE_CHARS - 1)}…` : h.quote.exact;
  return `Your note on “${quote}”`;
}

/** Finds and draws every highlight in `root`'s text; null when cancelled before the end. */
async function drawPass(root: HTMLElement, highlights: readonly Highlight[], cancelled: () => boolean): Promise<Pass | null> {
  // User Timing marks, read by the highlights benchmark (bench/highlights.mjs).
  performance.mark('study:draw-start');
  removeMarkers(root);
  const dom = readDomText(root);
  const slices = new Slices();
  // Older first, so a newer highlight shows on top where two overlap.
  const ordered = [...highlights].sort((a, b) => a.createdAt - b.createdAt);
  const anchors = new TextAnchors(dom.text);
  const paints: Paint[] = [];
  const orphans = new Set<string>();
  for (const h of ordered) {
    if (slices.due()) {
      await slices.next();
      if (cancelled()) return null;
    }
    const span = anchors.find(h.quote);
    if (span) paints.push({ id: h._id, color: h.color, span });
    else orphans.add(h._id);
  }
  performance.mark('study:anchored');
  // The text may have changed while the page had its turns; the next pass draws it.
  if (cancelled() || !root.isConnected) return null;
  const { byColor, ...drawn } = rangesFor(dom, paints);
  // Markers first: the registry then gets the ranges once the text nodes they split are final.
  addMarkers(root, drawn, ordered.filter((h) => h.note && drawn.spans.has(h._id)).map((h) => ({ id: h._id, label: markerLabel(h) })));
  showHighlights(byColor);
  const placed = [...paints].sort((a, b) => a.span.start - b.span.start).map((p) => p.id);
  performance.mark('study:drawn', { detail: { count: placed.length } });
  performance.measure('study:anchor', 'study:draw-start', 'study:anchored');
  performance.measure('study:draw', 'study:anchored', 'study:drawn');
  return { drawn, placed, orphans };
}

/**
 * Keeps the highlights drawn; `placed` is the highlights found in the text (reading order),
 * `painted` counts the passes (margin notes line up after each), `drawnRef` what is on screen.
 */
export function useHighlightMarks(
  articleId: string,
  highlights: Highlight[] | undefined,
  contentRef: RefObject<HTMLDivElement | null>,
  html: string | undefined,
): { placed: string[]; painted: number; drawnRef: RefObject<DrawnHighlights> } {
  const [placed, setPlaced] = useState<string[]>([]);
  const [painted, setPainted] = useState(0);
  const drawnRef = useRef<DrawnHighlights>(NOTHING_DRAWN);

  useEffect(() => {
    const root = contentRef.current;
    if (!root || !highlights || html === undefined) return;
    let cancelled = false;
    void drawPass(root, highlights, () => cancelled).then((pass) => {
      if (!pass || cancelled) return;
      drawnRef.current = pass.drawn;
      setPlaced(pass.placed);
      setPainted((n) => n + 1);
      // Remember which ones lost their words (stored only when that changed).
      if (highlights.some((h) => pass.orphans.has(h._id) !== Boolean(h.orphan))) {
        void markOrphans(articleId, pass.orphans).catch((error: unknown) => console.warn('[study] orphans', error));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [highlights, html, articleId, contentRef]);

  // The registry is the document's: the highlights leave with the page.
  useEffect(
    () => () => {
      hideHighlights();
      drawnRef.current = NOTHING_DRAWN;
    },
    [],
  );

  useJumpToHighlight(painted, drawnRef);
  return { placed, painted, drawnRef };
}

/** A link from My notes (#hl-<id>) lands on its highlight once it is drawn. */
function useJumpToHighlight(painted: number, drawnRef: RefObject<DrawnHighlights>): void {
  const jumped = useRef(false);
  useEffect(() => {
    const hash = window.location.hash;
    if (jumped.current || !painted || !hash.startsWith(HIGHLIGHT_HASH_PREFIX)) return;
    jumped.current = true;
    const range = drawnRef.current.spans.get(hash.slice(HIGHLIGHT_HASH_PREFIX.length));
    if (!range) {
      // One whose words are gone is listed by the line that says so.
      document.getElementById(ORPHAN_LINE_ID)?.scrollIntoView({ block: 'center' });
      return;
    }
    const rect = range.getBoundingClientRect();
    window.scrollBy({ top: rect.top + rect.height / 2 - window.innerHeight / 2 });
  }, [painted, drawnRef]);
}
