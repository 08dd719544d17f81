// Text-quote anchors: how a highlight finds its words again after the article is edited. An anchor
// keeps the exact words, a little text on each side and where they were (a hint). All of it is
// measured on the article's "reading text": its text with every run of white space (non-breaking
// spaces, line breaks, a break between paragraphs) as one space, so markup added or removed
// between the words, or a space the editor wrote as &nbsp;, does not move or break an anchor.
// A highlight re-attaches only where its own words still stand; when they are gone it is an
// orphan, which the caller keeps and lists (never dropped).

import type { TextSpan } from '../../lib/dom-text.ts';
import type { HighlightQuote } from '../../db/db.ts';

/** The highlighted words (`exact`), up to ANCHOR_CONTEXT_CHARS of reading text before and after
 * them, and where they began when made (`start`: breaks ties between equal contexts). */
export type TextQuote = HighlightQuote;

export type { TextSpan };

const ANCHOR_CONTEXT_CHARS = 32;

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

/** The quote at its remembered place with all its context: nothing can score better there. */
function atRememberedPlace(text: string, quote: TextQuote): TextSpan | null {
  const { exact, prefix, suffix, start } = quote;
  const end = start + exact.length;
  if (
    text.startsWith(exact, start) &&
    text.slice(Math.max(0, start - prefix.length), start) === prefix &&
    text.startsWith(suffix, end)
  ) {
    return { start, end };
  }
  return null;
}

/** Of the places `at` where the quote's words stand, the one whose context matches best. */
function bestPlace(text: string, quote: TextQuote, places: Iterable<number>): TextSpan | null {
  const { exact, prefix, suffix } = quote;
  let best: TextSpan | null = null;
  let bestScore = -1;
  let bestDistance = Infinity;
  for (const at of places) {
    if (!text.startsWith(exact, at)) continue;
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

function* occurrences(text: string, exact: string): Generator<number> {
  for (let at = text.indexOf(exact); at >= 0; at = text.indexOf(exact, at + 1)) yield at;
}

/**
 * Where the quote stands in `text` now, or null when its words are gone. Among several places
 * with the same words, the one whose surrounding text matches best wins; equal context goes to
 * the place nearest the remembered position.
 */
export function findAnchor(text: string, quote: TextQuote): TextSpan | null {
  if (!quote.exact) return null;
  return atRememberedPlace(text, quote) ?? bestPlace(text, quote, occurrences(text, quote.exact));
}

/** Characters of a quote's start the index of findAnchors is keyed by. */
const INDEX_KEY_CHARS = 8;
/** From this many quotes off their remembered place, one index of the text beats a scan each. */
const INDEX_FROM_QUOTES = 32;

/**
 * findAnchor for many quotes at once (an article's highlights, maybe thousands). Quotes still at
 * their place cost nothing; when many moved (the article was edited), the text is indexed once by
 * the characters each position starts with, instead of being scanned once per quote.
 */
export function findAnchors(text: string, quotes: readonly TextQuote[]): (TextSpan | null)[] {
  const spans = quotes.map((q) => (q.exact ? atRememberedPlace(text, q) : null));
  const moved = quotes.filter((q, i) => !spans[i] && q.exact.length >= INDEX_KEY_CHARS).length;
  let index: Map<string, number[]> | null = null;
  if (moved >= INDEX_FROM_QUOTES) {
    index = new Map();
    for (let at = 0; at + INDEX_KEY_CHARS <= text.length; at += 1) {
      const key = text.slice(at, at + INDEX_KEY_CHARS);
      const list = index.get(key);
      if (list) list.push(at);
      else index.set(key, [at]);
    }
  }
  return quotes.map((q, i) => {
    if (spans[i] || !q.exact) return spans[i] ?? null;
    const places = index && q.exact.length >= INDEX_KEY_CHARS ? (index.get(q.exact.slice(0, INDEX_KEY_CHARS)) ?? []) : occurrences(text, q.exact);
    return bestPlace(text, q, places);
  });
}
