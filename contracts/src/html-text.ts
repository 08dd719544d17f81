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

/**
 * The readable text of an HTML fragment: tags dropped, entities decoded, spaces folded, in
 * Unicode's composed form (NFC), the one form search compares in.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(BLOCK_TAGS, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .normalize('NFC');
}
