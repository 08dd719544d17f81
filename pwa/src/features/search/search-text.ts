// Text helpers of the search index: splitting text into words the same way for articles and
// queries, and cutting previews from the compact form the index keeps of each body.
import {
  ELLIPSIS,
  previewWindow,
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

/**
 * A body as the index keeps it, in about one byte per character (V8 keeps a string whose
 * characters all fit in a byte at one byte each, otherwise two): `base` is the lower-cased text
 * with each character past U+00FF (curly quotes, dashes, other scripts) replaced by SENTINEL,
 * those characters kept aside (`lowerAt`, `lowerChars`), plus what is needed to give back the
 * original: positions are those of the lower-cased text, so matches and previews are unchanged.
 */
export interface CompactText {
  base: string;
  /** Where the lower-cased text has a character past U+00FF, ascending, and those characters. */
  lowerAt?: Uint32Array;
  lowerChars?: string;
  /** The original text, kept only when lower-casing changed its length. */
  text?: string;
  /** Positions where the original differs from the lower-cased text, ascending, and its characters there. */
  diffAt?: Uint32Array;
  diffChars?: string;
}

/** Stands for a character past U+00FF in `base`. A text holding it itself is kept as it is. */
const SENTINEL = 0;
const isSetAside = (code: number) => code === SENTINEL || code > 0xff;

function hasSetAside(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isSetAside(text.charCodeAt(i))) return true;
  return false;
}

/** Arguments per String.fromCharCode call (engines limit how many a call may take). */
const CHARS_PER_CALL = 8_192;
/** Past this share of characters set aside, a body is kept as it is (a text in another script). */
const MAX_ASIDE_SHARE = 0.125;

/** A query as bodies are searched for it: `base` is what to look for in a body's base. */
export interface BodyQuery {
  needle: string;
  base: string;
  /** The needle has characters that base replaced: each place base finds must be checked. */
  wide: boolean;
}

export function bodyQuery(needle: string): BodyQuery {
  const wide = hasSetAside(needle);
  let base = needle;
  if (wide) {
    base = '';
    for (let i = 0; i < needle.length; i++)
      base += isSetAside(needle.charCodeAt(i)) ? String.fromCharCode(SENTINEL) : needle[i];
  }
  return { needle, wide, base };
}

function compactLower(textLower: string): Pick<CompactText, 'base' | 'lowerAt' | 'lowerChars'> {
  if (!hasSetAside(textLower)) return { base: oneByte(textLower, null) };
  const at: number[] = [];
  let chars = '';
  for (let i = 0; i < textLower.length; i++) {
    const c = textLower.charCodeAt(i);
    if (c === SENTINEL) return { base: textLower };
    if (c > 0xff) {
      at.push(i);
      chars += textLower[i];
    }
  }
  if (at.length > textLower.length * MAX_ASIDE_SHARE) return { base: textLower };
  return { base: oneByte(textLower, at), lowerAt: Uint32Array.from(at), lowerChars: chars };
}

/** `text` with the characters at `aside` replaced by SENTINEL, as a one-byte string. */
function oneByte(text: string, aside: number[] | null): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  if (aside) for (const at of aside) codes[at] = SENTINEL;
  let out = '';
  for (let i = 0; i < codes.length; i += CHARS_PER_CALL)
    out += String.fromCharCode.apply(
      null,
      codes.subarray(i, i + CHARS_PER_CALL) as unknown as number[],
    );
  return out;
}

export function compactText(text: string, textLower: string): CompactText {
  const lower = compactLower(textLower);
  if (text.length !== textLower.length) return { ...lower, text };
  if (text === textLower) return lower;
  const at: number[] = [];
  let chars = '';
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== textLower.charCodeAt(i)) {
      at.push(i);
      chars += text[i];
    }
  }
  return { ...lower, diffAt: Uint32Array.from(at), diffChars: chars };
}

/** Where the lower-cased body first holds the query at or after `from`, or -1 (indexOf's answer). */
export function bodyIndexOf(body: CompactText, query: BodyQuery, from = 0): number {
  if (!body.lowerAt || !query.wide)
    return body.base.indexOf(body.lowerAt ? query.base : query.needle, from);
  for (
    let at = body.base.indexOf(query.base, from);
    at >= 0;
    at = body.base.indexOf(query.base, at + 1)
  )
    if (asideAgrees(body, query, at)) return at;
  return -1;
}

/** The characters set aside within the match at `at` are the query's. */
function asideAgrees(body: CompactText, query: BodyQuery, at: number): boolean {
  const { lowerAt, lowerChars } = body;
  const end = at + query.needle.length;
  for (
    let k = upperBound(lowerAt!, lowerAt!.length, at - 1);
    k < lowerAt!.length && lowerAt![k]! < end;
    k++
  )
    if (lowerChars![k] !== query.needle[lowerAt![k]! - at]) return false;
  return true;
}

/** The lower-cased text, whole (rare: previews of a body whose length lower-casing changed). */
export function lowerText(body: CompactText): string {
  return patch(body.base, 0, body.lowerAt, body.lowerChars);
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

/** `slice` (the text from `from` on) with the characters at `at` set to `chars`. */
function patch(slice: string, from: number, at?: Uint32Array, chars?: string): string {
  if (!at || !chars) return slice;
  const to = from + slice.length;
  let k = upperBound(at, at.length, from - 1);
  if (k >= at.length || at[k]! >= to) return slice;
  let out = '';
  let pos = from;
  for (; k < at.length && at[k]! < to; k++) {
    out += slice.slice(pos - from, at[k]! - from) + chars[k];
    pos = at[k]! + 1;
  }
  return out + slice.slice(pos - from);
}

/** The original text between two positions. */
function originalSlice(body: CompactText, from: number, to: number): string {
  const lower = patch(body.base.slice(from, to), from, body.lowerAt, body.lowerChars);
  return patch(lower, from, body.diffAt, body.diffChars);
}

/** searchPreview(text, needle, textLower) for the first match, at `at`, from the compact form. */
export function bodyPreview(body: CompactText, at: number, needle: string): SearchPreview | null {
  if (body.text !== undefined) return searchPreview(body.text, needle, lowerText(body));
  const length = body.base.length;
  const { start, end } = previewWindow(length, at, needle.length, (i) => (i < 0 || i >= length ? '' : originalSlice(body, i, i + 1)));
  return {
    before: (start > 0 ? ELLIPSIS : '') + originalSlice(body, start, at),
    match: originalSlice(body, at, at + needle.length),
    after: originalSlice(body, at + needle.length, end) + (end < length ? ELLIPSIS : ''),
  };
}
