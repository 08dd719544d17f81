// Plain text from article HTML, and the home page's search rule (match + preview), shared by the
// PWA's search and the tests and benchmarks that check it.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–',
  hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', copy: '©',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = /<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|br|tr|td|th|table|section|article)\b[^>]*>/gi;

/** The readable text of an HTML fragment: tags dropped, entities decoded, spaces folded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(BLOCK_TAGS, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Characters of context the search preview shows on each side of the match. */
export const SEARCH_PREVIEW_CONTEXT_CHARS = 50;
export const ELLIPSIS = '…';

export interface SearchPreview {
  before: string;
  match: string;
  after: string;
}

/** The preview around the first occurrence of `needle` (already lower-cased) in `text`. */
export function searchPreview(text: string, needle: string, lowerText = text.toLowerCase()): SearchPreview | null {
  const at = lowerText.indexOf(needle);
  if (at < 0 || needle === '') return null;
  const start = Math.max(0, at - SEARCH_PREVIEW_CONTEXT_CHARS);
  const end = Math.min(text.length, at + needle.length + SEARCH_PREVIEW_CONTEXT_CHARS);
  return {
    before: (start > 0 ? ELLIPSIS : '') + text.slice(start, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length, end) + (end < text.length ? ELLIPSIS : ''),
  };
}

export interface Searchable {
  title: string;
  category: string;
  /** Lower-cased plain text of the body, prepared once (not at query time). */
  textLower: string;
  text: string;
}

export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The search rule: case-insensitive, over the title, the category, or the body's plain text.
 * The preview comes from the body when it matches there, else from the title.
 */
export function matchArticle(item: Searchable, needle: string): SearchPreview | null | false {
  if (!needle) return null;
  const inBody = item.textLower.indexOf(needle) >= 0;
  if (inBody) return searchPreview(item.text, needle, item.textLower);
  const inTitle = item.title.toLowerCase().includes(needle);
  if (inTitle) return searchPreview(item.title, needle);
  return item.category.toLowerCase().includes(needle) ? null : false;
}
