// The public article list (GET /api/articles/all) as one gzip stream joined from pieces of about
// PIECE_EVERY articles (http/gzip-pieces.ts), so a publish or an edit compresses again the piece
// it falls in, not the library: at 10,000 articles the list is 58 MB of JSON, which brotli took
// seconds of CPU to compress after every change.
import { listParts, type Part } from '../../http/gzip-pieces.ts';
import type { FeedEntry } from '../sync/feed-index.ts';

/** The list's text in parts, published articles newest first: `{"success":true,"articles":[…]}`. */
export function articleListParts(newest: readonly FeedEntry[]): Part[] {
  return listParts(newest, { head: '{"success":true,"articles":[', tail: ']}', separator: ',', item: (entry) => entry.json! });
}
