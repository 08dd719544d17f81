// Plain text from article HTML, and the home page's search rule (match + preview), shared by the
// PWA's search and the tests and benchmarks that check it.
// The HTML-to-text part lives in its own module: it carries the entity tables (~20 KB gzip), which
// screens that only normalise a query (the home page) must not load.
export { htmlToText } from './html-text.ts';

/**
 * How search compares text: composed (NFC), so "cafe\u0301" and "café" are the same word, then
 * lower-cased. Text and query both go through this one function, so any two canonically
 * equivalent spellings fold to the same string.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** Characters of context the search preview shows on each side of the match. */
export const SEARCH_PREVIEW_CONTEXT_CHARS = 50;
export const ELLIPSIS = '…';

export interface SearchPreview {
  before: string;
  match: string;
  after: string;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

/**
 * Where a preview's context starts and ends around a match at `at`: at most
 * SEARCH_PREVIEW_CONTEXT_CHARS on each side, and never in the middle of a word (a cut that would
 * split one moves inward to the word's edge). `charAt` reads the text (the search worker keeps it
 * in a compact form).
 */
export function previewWindow(
  length: number,
  at: number,
  matchLength: number,
  charAt: (index: number) => string,
): { start: number; end: number } {
  const inWord = (i: number) => WORD_CHAR.test(charAt(i - 1)) && WORD_CHAR.test(charAt(i));
  let start = Math.max(0, at - SEARCH_PREVIEW_CONTEXT_CHARS);
  if (start > 0 && inWord(start)) {
    let i = start;
    while (i < at && !SPACE.test(charAt(i))) i++;
    // No space before the match: one long word, cut where the rule says.
    if (i < at) {
      while (i < at && SPACE.test(charAt(i))) i++;
      start = i;
    }
  }
  const matchEnd = at + matchLength;
  let end = Math.min(length, matchEnd + SEARCH_PREVIEW_CONTEXT_CHARS);
  if (end < length && inWord(end)) {
    let i = end;
    while (i > matchEnd && !SPACE.test(charAt(i - 1))) i--;
    if (i > matchEnd) {
      while (i > matchEnd && SPACE.test(charAt(i - 1))) i--;
      end = i;
    }
  }
  // At a cut the preview starts and ends on a word, not on a loose space before the ellipsis.
  if (start > 0) while (start < at && SPACE.test(charAt(start))) start++;
  if (end < length) while (end > matchEnd && SPACE.test(charAt(end - 1))) end--;
  return { start, end };
}

/** The preview around the first occurrence of `needle` (already lower-cased) in `text`. */
export function searchPreview(
  text: string,
  needle: string,
  lowerText = text.toLowerCase(),
): SearchPreview | null {
  const at = lowerText.indexOf(needle);
  if (at < 0 || needle === '') return null;
  const { start, end } = previewWindow(text.length, at, needle.length, (i) => text[i] ?? '');
  return {
    before: (start > 0 ? ELLIPSIS : '') + text.slice(start, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length, end) + (end < text.length ? ELLIPSIS : ''),
  };
}

export interface Searchable {
  title: string;
  category: string;
  /** foldForSearch(text), prepared once (not at query time). */
  textLower: string;
  /** Plain text of the body, in NFC (htmlToText's output). */
  text: string;
}

/** The query as search compares it: spaces folded, then foldForSearch. */
export function normaliseQuery(query: string): string {
  return foldForSearch(query.trim().replace(/\s+/g, ' '));
}

/**
 * The search rule: case-insensitive, over the title, the category, or the body's plain text.
 * The preview comes from the body when it matches there, else from the title.
 */
export function matchArticle(item: Searchable, needle: string): SearchPreview | null | false {
  if (!needle) return null;
  const inBody = item.textLower.indexOf(needle) >= 0;
  if (inBody) return searchPreview(item.text, needle, item.textLower);
  const title = item.title.normalize('NFC');
  const titleLower = title.toLowerCase();
  if (titleLower.includes(needle)) return searchPreview(title, needle, titleLower);
  return foldForSearch(item.category).includes(needle) ? null : false;
}
