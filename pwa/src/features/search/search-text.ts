// Text helpers of the search index: splitting text into words the same way for articles and
// queries, and cutting previews from the compact form the index keeps of each body.
import {
  ELLIPSIS,
  SEARCH_PREVIEW_CONTEXT_CHARS,
  searchPreview,
  type SearchPreview,
} from '@fw/contracts/text';

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Calls `onWord(start, end)` for each word (maximal run of letters and digits) of `text`.
 * ASCII is classified by code; anything else by Unicode property, a surrogate pair as one.
 */
export function forEachWord(text: string, onWord: (start: number, end: number) => void): void {
  let start = -1;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    let width = 1;
    let isWord: boolean;
    if (c < 128) {
      isWord = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    } else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      width = 2;
      isWord = WORD_CHAR.test(text.slice(i, i + 2));
    } else {
      isWord = WORD_CHAR.test(text[i]!);
    }
    if (isWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      onWord(start, i);
      start = -1;
    }
    i += width - 1;
  }
  if (start >= 0) onWord(start, length);
}

/** Where a query's run must sit in a word of the article. */
export type RunPlace = 'inside' | 'start' | 'end' | 'whole';

export interface QueryRun {
  run: string;
  /** Where the run starts in the query. */
  offset: number;
  place: RunPlace;
}

/**
 * The runs of letters and digits of a query. Wherever the query occurs, each run lies inside one
 * word of the text; a non-word character before it in the query means it starts that word, one
 * after it means it ends it.
 */
export function runsOf(needle: string): QueryRun[] {
  const runs: QueryRun[] = [];
  forEachWord(needle, (start, end) => {
    const boundedBefore = start > 0;
    const boundedAfter = end < needle.length;
    const place: RunPlace = boundedBefore
      ? boundedAfter
        ? 'whole'
        : 'start'
      : boundedAfter
        ? 'end'
        : 'inside';
    runs.push({ run: needle.slice(start, end), offset: start, place });
  });
  return runs;
}

/** A body as the index keeps it: lower-cased, plus what is needed to give back the original. */
export interface CompactText {
  textLower: string;
  /** The original text, kept only when lower-casing changed its length. */
  text?: string;
  /** Positions where the original differs from textLower, ascending, and its characters there. */
  diffAt?: Uint32Array;
  diffChars?: string;
}

export function compactText(text: string, textLower: string): CompactText {
  if (text.length !== textLower.length) return { textLower, text };
  if (text === textLower) return { textLower };
  const at: number[] = [];
  let chars = '';
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== textLower.charCodeAt(i)) {
      at.push(i);
      chars += text[i];
    }
  }
  return { textLower, diffAt: Uint32Array.from(at), diffChars: chars };
}

/** First index in values[0, length) whose value is > target (values ascending). */
export function upperBound(values: ArrayLike<number>, length: number, target: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The original text between two positions. */
function originalSlice(body: CompactText, from: number, to: number): string {
  const { diffAt, diffChars, textLower } = body;
  if (!diffAt || !diffChars) return textLower.slice(from, to);
  let k = upperBound(diffAt, diffAt.length, from - 1);
  if (k >= diffAt.length || diffAt[k]! >= to) return textLower.slice(from, to);
  let out = '';
  let pos = from;
  for (; k < diffAt.length && diffAt[k]! < to; k++) {
    const at = diffAt[k]!;
    out += textLower.slice(pos, at) + diffChars[k];
    pos = at + 1;
  }
  return out + textLower.slice(pos, to);
}

/** searchPreview(text, needle, textLower) for the first match, at `at`, from the compact form. */
export function bodyPreview(body: CompactText, at: number, needle: string): SearchPreview | null {
  if (body.text !== undefined) return searchPreview(body.text, needle, body.textLower);
  const length = body.textLower.length;
  const start = Math.max(0, at - SEARCH_PREVIEW_CONTEXT_CHARS);
  const end = Math.min(length, at + needle.length + SEARCH_PREVIEW_CONTEXT_CHARS);
  return {
    before: (start > 0 ? ELLIPSIS : '') + originalSlice(body, start, at),
    match: originalSlice(body, at, at + needle.length),
    after: originalSlice(body, at + needle.length, end) + (end < length ? ELLIPSIS : ''),
  };
}
