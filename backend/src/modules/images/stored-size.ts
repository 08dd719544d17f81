// The stored-size limit of an article's text (LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES), apart from
// the picture pipeline (image-html.ts), so the citation threads can check it without loading the
// image encoder (articles/article-text.ts).
import { LIMITS } from '@fw/contracts/limits';
import { HttpError } from '../../errors.ts';

export const STORED_TOO_LARGE_MESSAGE = `The article is too large: without its pictures, its content may be at most ${
  LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES / 1024 / 1024
} MB.`;

export function sizeChecked(html: string): string {
  if (Buffer.byteLength(html, 'utf8') > LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES) {
    throw new HttpError('BODY_TOO_LARGE', STORED_TOO_LARGE_MESSAGE);
  }
  return html;
}

/** A picture's markup: `<img>`, `<picture>` and `<source>` tags, not counted in the limit. */
export const IMAGE_TAGS = /(<img\b[^>]*>|<\/?picture\b[^>]*>|<source\b[^>]*>)/i;

/**
 * Refuses, before any costly work (citation parsing, picture encoding), sanitised content whose
 * text alone is past the stored limit: what follows only adds to it (links, picture markup).
 */
export function refuseOversizedText(html: string): void {
  let bytes = Buffer.byteLength(html, 'utf8');
  if (bytes <= LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES) return;
  for (const [tag] of html.matchAll(new RegExp(IMAGE_TAGS.source, 'gi'))) bytes -= Buffer.byteLength(tag, 'utf8');
  if (bytes > LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES) throw new HttpError('BODY_TOO_LARGE', STORED_TOO_LARGE_MESSAGE);
}
