// What a save makes of an article's HTML before its pictures are stored: sanitised
// (sanitize.ts), checked against the stored-size limit (images/stored-size.ts), its citations
// linked (scripture/link-html.ts). All three grow with the text (sanitising 8 MB of paragraphs
// took seconds), so a save runs them together as one job on a citation thread
// (scripture/scripture-pool.ts, citation-worker.mjs), under that pool's budget and queue; this
// module is what the thread runs, with the parser it built.
import { LIMITS } from '@fw/contracts/limits';
import type { ErrorCode } from '@fw/contracts/errors';
import { HttpError } from '../../errors.ts';
import { refuseOversizedText, STORED_TOO_LARGE_MESSAGE } from '../images/stored-size.ts';
import { citationsFrom, type ParsedPassage } from '../scripture/citations.ts';
import { linkScriptureHtmlWith, type LinkedHtml } from '../scripture/link-html.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

/** A refusal as it crosses from the thread: an HttpError's parts (an Error loses its class). */
interface Refusal {
  code: ErrorCode;
  message: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export type ArticleTextAnswer = LinkedHtml | { refused: Refusal };

const STORED_TEXT_LIMIT = {
  bytes: LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES,
  refusal: () => new HttpError('BODY_TOO_LARGE', STORED_TOO_LARGE_MESSAGE),
};

/**
 * The article's stored HTML and its citations; refused (an HttpError) for a picture the site does
 * not take, or text past the stored limit, before any citation is looked for. `parse` is the
 * reference parser: what it finds in one text.
 */
function articleText(html: string, parse: (text: string) => ParsedPassage[]): LinkedHtml {
  // A body of text past the limit is refused part-way through, so it costs little.
  const clean = sanitizeArticleHtml(html, STORED_TEXT_LIMIT);
  refuseOversizedText(clean);
  return linkScriptureHtmlWith(clean, (texts) => texts.map((text) => citationsFrom(parse(text))));
}

/** articleText for the thread: a refusal comes back as data, any other failure as itself. */
export function articleTextJob(html: string, parse: (text: string) => ParsedPassage[]): ArticleTextAnswer {
  try {
    return articleText(html, parse);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const { code, message, body, headers } = error;
    return { refused: { code, message, body, headers } };
  }
}
