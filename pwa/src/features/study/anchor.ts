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

/** Characters of a quote's start the text index is keyed by. */
const INDEX_KEY_CHARS = 8;

/** The hash of the INDEX_KEY_CHARS characters at `at` (FNV-1a), in `bits` bits. */
function keyHash(text: string, at: number, bits: number): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < INDEX_KEY_CHARS; k += 1) hash = Math.imul(hash ^ text.charCodeAt(at + k), 0x01000193);
  return hash >>> (32 - bits);
}

/**
 * Every position of a text, chained by the hash of the characters it starts with: built once in
 * one pass over typed arrays (no strings made), then each quote's places are a short chain walk
 * instead of a scan of the whole text.
 */
class TextIndex {
  private readonly bits: number;
  private readonly head: Int32Array;
  private readonly next: Int32Array;

  constructor(private readonly text: string) {
    const positions = Math.max(0, text.length - INDEX_KEY_CHARS + 1);
    this.bits = Math.min(24, Math.max(8, Math.ceil(Math.log2(positions + 1)) + 1));
    this.head = new Int32Array(1 << this.bits).fill(-1);
    this.next = new Int32Array(positions);
    // Backwards, so each chain lists its places in reading order (as a scan would find them).
    for (let at = positions - 1; at >= 0; at -= 1) {
      const hash = keyHash(text, at, this.bits);
      this.next[at] = this.head[hash]!;
      this.head[hash] = at;
    }
  }

  *places(exact: string): Generator<number> {
    for (let at = this.head[keyHash(exact, 0, this.bits)]!; at >= 0; at = this.next[at]!) {
      if (this.text.startsWith(exact, at)) yield at;
    }
  }
}

/**
 * findAnchor for many quotes against one text (an article's highlights, maybe thousands), one
 * quote at a time so a caller can pause between them. Quotes still at their place cost nothing;
 * for the others (the article was edited, or the place was not kept) the text is indexed once.
 */
export class TextAnchors {
  private index: TextIndex | null = null;

  constructor(readonly text: string) {}

  find(quote: TextQuote): TextSpan | null {
    if (!quote.exact) return null;
    const here = atRememberedPlace(this.text, quote);
    if (here) return here;
    if (quote.exact.length < INDEX_KEY_CHARS) return bestPlace(this.text, quote, occurrences(this.text, quote.exact));
    this.index ??= new TextIndex(this.text);
    return bestPlace(this.text, quote, this.index.places(quote.exact));
  }
}

/** findAnchor for many quotes at once, through one TextAnchors. */
export function findAnchors(text: string, quotes: readonly TextQuote[]): (TextSpan | null)[] {
  const anchors = new TextAnchors(text);
  return quotes.map((q) => anchors.find(q));
}
