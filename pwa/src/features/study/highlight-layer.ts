// The article's highlights drawn with the CSS Custom Highlight API: one registered Highlight per
// colour (`::highlight(hl-yellow)`... in styles/article-content.css) holding a range per visible
// piece, so drawing thousands of them adds no element to the article and moves no text node.
// Elements are added only where a person must reach one: a small button after each highlight
// that has a note (focusable, so a keyboard reaches the note from the text). A tap on the
// highlighted words themselves is hit-tested against the pieces (pieceAt).
import { HIGHLIGHT_COLORS, type HighlightColor } from '../../db/db.ts';
import { rangeOfSpan, type DomText, type TextSpan } from '../../lib/dom-text.ts';

export const MARKER_CLASS = 'hl-marker';
/** The marker's attribute naming its highlight. */
export const MARKER_ATTR = 'data-hl';

/** The registry name (and `::highlight()` name) of a colour. */
function highlightName(color: HighlightColor): string {
  return `hl-${color}`;
}

export interface Piece extends TextSpan {
  /** Index of the highlight (in paint order) shown on this piece. */
  top: number;
}

/**
 * The visible pieces of overlapping spans, in reading order: where spans overlap, the later one
 * in `spans` shows (a newer highlight on top), as one piece per run with the same top. Null spans
 * (words not found) are skipped.
 */
export function visiblePieces(spans: readonly (TextSpan | null)[]): Piece[] {
  const edges: { at: number; index: number; opens: boolean }[] = [];
  spans.forEach((span, index) => {
    if (!span || span.end <= span.start) return;
    edges.push({ at: span.start, index, opens: true }, { at: span.end, index, opens: false });
  });
  edges.sort((a, b) => a.at - b.at);
  const open = new Set<number>();
  const pieces: Piece[] = [];
  let i = 0;
  while (i < edges.length) {
    const at = edges[i]!.at;
    for (; i < edges.length && edges[i]!.at === at; i += 1) {
      if (edges[i]!.opens) open.add(edges[i]!.index);
      else open.delete(edges[i]!.index);
    }
    if (!open.size || i >= edges.length) continue;
    // Overlaps are few, so the open set stays tiny.
    let top = -1;
    for (const index of open) top = Math.max(top, index);
    const end = edges[i]!.at;
    const last = pieces.at(-1);
    if (last && last.top === top && last.end === at) last.end = end;
    else pieces.push({ start: at, end, top });
  }
  return pieces;
}

/** What is drawn now: each highlight's whole span and its visible pieces, as live ranges. */
export interface DrawnHighlights {
  spans: Map<string, Range>;
  pieces: { id: string; range: Range }[];
}

export const NOTHING_DRAWN: DrawnHighlights = { spans: new Map(), pieces: [] };

export interface Paint {
  id: string;
  color: HighlightColor;
  span: TextSpan;
}

function registry(): HighlightRegistry | null {
  return typeof CSS !== 'undefined' && CSS.highlights && typeof Highlight !== 'undefined' ? CSS.highlights : null;
}

/** The ranges for `paints` (in paint order: later on top), with no change to the page yet. */
export function rangesFor(dom: DomText, paints: readonly Paint[]): DrawnHighlights & { byColor: Map<HighlightColor, Range[]> } {
  const spans = new Map<string, Range>();
  for (const paint of paints) {
    const range = rangeOfSpan(dom, paint.span);
    if (range) spans.set(paint.id, range);
  }
  const byColor = new Map<HighlightColor, Range[]>(HIGHLIGHT_COLORS.map((c) => [c, []]));
  const pieces: DrawnHighlights['pieces'] = [];
  for (const piece of visiblePieces(paints.map((p) => p.span))) {
    const paint = paints[piece.top]!;
    const whole = paint.span.start === piece.start && paint.span.end === piece.end;
    const range = whole ? spans.get(paint.id) : rangeOfSpan(dom, piece);
    if (!range) continue;
    pieces.push({ id: paint.id, range });
    byColor.get(paint.color)!.push(range);
  }
  return { spans, pieces, byColor };
}

/** Puts the colours' ranges on screen at once (what was drawn before is replaced, never blank in between). */
export function showHighlights(byColor: Map<HighlightColor, Range[]>): void {
  const highlights = registry();
  if (!highlights) return;
  for (const color of HIGHLIGHT_COLORS) {
    const ranges = byColor.get(color) ?? [];
    if (ranges.length) highlights.set(highlightName(color), new Highlight(...ranges));
    else highlights.delete(highlightName(color));
  }
}

export function hideHighlights(): void {
  const highlights = registry();
  for (const color of HIGHLIGHT_COLORS) highlights?.delete(highlightName(color));
}

/** Takes the note markers out of `root`, joining the text they had split. */
export function removeMarkers(root: HTMLElement): void {
  const markers = root.querySelectorAll(`.${MARKER_CLASS}`);
  if (!markers.length) return;
  for (const marker of markers) marker.remove();
  root.normalize();
}

/**
 * A note marker after each noted highlight's last word (after the link, where it ends inside one:
 * a button inside a link is neither valid nor reachable). Live ranges follow the text nodes split.
 */
export function addMarkers(root: HTMLElement, drawn: DrawnHighlights, noted: readonly { id: string; label: string }[]): void {
  const doc = root.ownerDocument;
  for (const { id, label } of noted) {
    const span = drawn.spans.get(id);
    if (!span) continue;
    const marker = doc.createElement('button');
    marker.type = 'button';
    marker.className = MARKER_CLASS;
    marker.setAttribute(MARKER_ATTR, id);
    marker.setAttribute('aria-label', label);
    const node = span.endContainer;
    const link = (node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element))?.closest('a');
    if (link && root.contains(link)) link.after(marker);
    else if (node.nodeType === Node.TEXT_NODE && span.endOffset === (node as Text).length) (node as Text).after(marker);
    else {
      const point = span.cloneRange();
      point.collapse(false);
      point.insertNode(marker);
    }
  }
}

/** The caret point under (x, y), where the browser can say. */
function caretAt(doc: Document, x: number, y: number): { node: Node; offset: number } | null {
  if (doc.caretPositionFromPoint) {
    const caret = doc.caretPositionFromPoint(x, y);
    return caret ? { node: caret.offsetNode, offset: caret.offset } : null;
  }
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/** Whether (x, y) falls on the character of `node` at `offset`. */
function onCharacter(node: Text, offset: number, x: number, y: number): boolean {
  if (offset < 0 || offset >= node.length) return false;
  const range = node.ownerDocument.createRange();
  range.setStart(node, offset);
  range.setEnd(node, offset + 1);
  for (const rect of range.getClientRects()) {
    if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) return true;
  }
  return false;
}

/**
 * The id of the highlight whose drawn words are under (x, y), or null. The caret sits between two
 * characters; the one under the point is the one whose box holds it.
 */
export function pieceAt(doc: Document, drawn: DrawnHighlights, x: number, y: number): string | null {
  const caret = caretAt(doc, x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE) return null;
  const node = caret.node as Text;
  const offset = [caret.offset, caret.offset - 1].find((o) => onCharacter(node, o, x, y));
  if (offset === undefined) return null;
  for (const { id, range } of drawn.pieces) {
    if (range.comparePoint(node, offset) === 0 && range.comparePoint(node, offset + 1) === 0) return id;
  }
  return null;
}
