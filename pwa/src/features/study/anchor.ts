// Text-quote anchors: how a highlight finds its words again after the article is edited. An anchor
// keeps the exact words, a little text on each side and where they were (a hint). All of it is
// measured on the article's "reading text": its text with every run of white space (non-breaking
// spaces, line breaks, a break between paragraphs) as one space, so markup added or removed
// between the words, or a space the editor wrote as &nbsp;, does not move or break an anchor.
// A highlight re-attaches only where its own words still stand; when they are gone it is an
// orphan, which the caller keeps and lists (never dropped).

import { isSpace, type TextSpan } from '../../lib/dom-text.ts';
import type { HighlightQuote } from '../../db/db.ts';

/** The highlighted words (`exact`), up to ANCHOR_CONTEXT_CHARS of reading text before and after
 * them, and where they began when made (`start`: breaks ties between equal contexts). */
export type TextQuote = HighlightQuote;

export type { TextSpan };

export const ANCHOR_CONTEXT_CHARS = 32;

/** Every run of white space as one space, no space at either end (for quotes and queries). */
export function collapseSpaces(text: string): string {
  let out = '';
  let space = true;
  for (const char of text) {
    if (isSpace(char)) {
      if (!space) out += ' ';
      space = true;
    } else {
      out += char;
      space = false;
    }
  }
  return out.endsWith(' ') ? out.slice(0, -1) : out;
}

/** The anchor for [start, end) of a reading text; the span is trimmed of spaces at its ends. */
export function makeAnchor(text: string, start: number, end: number): TextQuote | null {
  while (start < end && text[start] === ' ') start += 1;
  while (end > start && text[end - 1] === ' ') end -= 1;
  if (end <= start) return null;
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - ANCHOR_CONTEXT_CHARS), start),
    suffix: text.slice(end, end + ANCHOR_CONTEXT_CHARS),
    start,
  };
}

/** How many characters of `a`'s end match `b`'s end. */
function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * Where the quote stands in `text` now, or null when its words are gone. Among several places
 * with the same words, the one whose surrounding text matches best wins; equal context goes to
 * the place nearest the remembered position.
 */
export function findAnchor(text: string, quote: TextQuote): TextSpan | null {
  const { exact, prefix, suffix } = quote;
  if (!exact) return null;
  let best: TextSpan | null = null;
  let bestScore = -1;
  let bestDistance = Infinity;
  for (let at = text.indexOf(exact); at >= 0; at = text.indexOf(exact, at + 1)) {
    const end = at + exact.length;
    const before = text.slice(Math.max(0, at - prefix.length), at);
    const after = text.slice(end, end + suffix.length);
    const score = commonSuffix(before, prefix) + commonPrefix(after, suffix);
    const distance = Math.abs(at - quote.start);
    if (score > bestScore || (score === bestScore && distance < bestDistance)) {
      best = { start: at, end };
      bestScore = score;
      bestDistance = distance;
    }
  }
  return best;
}
