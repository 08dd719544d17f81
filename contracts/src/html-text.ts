// Plain text from article HTML, as a browser would show it (re-exported by text.ts).
import { decodeHTML } from 'entities/decode';

/**
 * Every named and numeric character reference decoded as a browser would (the HTML standard's
 * table of 2,231 names, references without their semicolon where the standard allows them).
 */
function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** Tags a browser shows as a break: they keep the words on either side apart. */
const BLOCK_TAGS =
  /<\/?(p|div|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|br|hr|tr|td|th|table|section|article|figure|figcaption|header|footer|aside|nav|main)\b[^>]*>/gi;

/** Where a heading ends: a control character, which the text rule keeps out of stored text. */
const HEADING_END = '\u0001';
// Literals, not `new RegExp`: a call at a module's top level is kept by the bundler as a possible
// side effect, and with it this module and its entity table in every page that imports text.ts.
// eslint-disable-next-line no-control-regex
const HEADING_ENDS = /\u0001/g;
/** A heading's end with the character before it (a code point) and the space between. */
// eslint-disable-next-line no-control-regex
const AFTER_HEADING = /(\S?) ?\u0001+/gu;
/** Text that already closes a sentence or a clause, so a heading that ends in it needs no stop. */
const ENDS_A_SENTENCE = /[.!?:;,…"'”’)\]]$/u;

/**
 * The readable text of an HTML fragment: tags dropped, entities decoded, spaces folded, in
 * Unicode's composed form (NFC), the one form search compares in. A heading is closed with a full
 * stop unless it ends in punctuation, so a search preview cut across it reads "Why we pray. Prayer
 * is…" rather than running the heading into the paragraph as one sentence.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(HEADING_ENDS, '')
      .replace(/<\/h[1-6]\s*>/gi, HEADING_END)
      .replace(BLOCK_TAGS, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(AFTER_HEADING, (_, last: string) => (last === '' || ENDS_A_SENTENCE.test(last) ? last : `${last}.`) + ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .normalize('NFC');
}
