// The public article list (GET /api/articles/all) as one gzip stream joined from pieces of about
// PIECE_EVERY articles (http/gzip-pieces.ts), so a publish or an edit compresses again the piece
// it falls in, not the library: at 10,000 articles the list is 58 MB of JSON, which brotli took
// seconds of CPU to compress after every change.
//
// Where a piece ends is decided by its last article's id (one id in PIECE_EVERY ends one), not by
// counting: an article published between older ones, or removed, changes its own piece alone,
// and the others keep their text and so their compressed form.
import { joinPieces, PieceCache } from '../../http/gzip-pieces.ts';
import type { Sendable } from '../../http/shared-body.ts';
import type { FeedEntry } from '../sync/feed-index.ts';

const HEAD = '{"success":true,"articles":[';
const TAIL = ']}';
/** About this many articles to a piece (~200 KB of JSON): one in this many ids ends a piece. */
export const PIECE_EVERY = 32;

/** Whether an article ends its piece: FNV-1a of its id, so the choice is spread and stable. */
function endsPiece(id: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PIECE_EVERY === 0;
}

interface Part {
  /** Names the part's text: its articles' ids and change numbers, and where it stands. */
  key: string;
  text: () => string;
}

/** The list's text cut into parts: the head with the first piece, the tail with the last. */
export function listParts(newest: readonly FeedEntry[]): Part[] {
  const groups: FeedEntry[][] = [[]];
  for (const entry of newest) {
    groups.at(-1)!.push(entry);
    if (endsPiece(entry.id)) groups.push([]);
  }
  if (groups.length > 1 && groups.at(-1)!.length === 0) groups.pop();
  return groups.map((group, i) => {
    const first = i === 0;
    const last = i === groups.length - 1;
    const ids = group.map((entry) => `${entry.id}:${entry.seq}`).join(' ');
    return {
      key: `${first ? 'head ' : ','}${ids}${last ? ' tail' : ''}`,
      text: () => `${first ? HEAD : ','}${group.map((entry) => entry.json!).join(',')}${last ? TAIL : ''}`,
    };
  });
}

/** One version of the list: gzip only (a joined stream; brotli ones cannot be joined). */
class ArticleListBody implements Sendable {
  readonly encodings = ['gzip'] as const;
  private plain: Promise<Buffer> | null = null;

  constructor(
    private readonly parts: readonly Part[],
    private readonly gzip: Buffer,
    readonly plainLength: number,
  ) {}

  as(): Promise<Buffer> {
    return Promise.resolve(this.gzip);
  }

  /** For a client that takes no compression (rare): made on its first ask, then kept. */
  plainForm(): Promise<Buffer> {
    this.plain ??= Promise.resolve(Buffer.from(this.parts.map((part) => part.text()).join(''), 'utf8'));
    return this.plain;
  }
}

/** The latest version of the list, joined from the pieces kept since the one before. */
export class ArticleListBodies {
  private readonly pieces = new PieceCache();
  private latest: { key: string; body: Promise<ArticleListBody> } | null = null;

  /** The body for version `key`, made from `newest` (published articles, newest first) when new. */
  get(key: string, newest: () => readonly FeedEntry[]): Promise<ArticleListBody> {
    if (this.latest?.key === key) return this.latest.body;
    const body = this.make(newest());
    this.latest = { key, body };
    // A failed version is made again by the next request.
    body.catch(() => {
      if (this.latest?.body === body) this.latest = null;
    });
    return body;
  }

  private async make(newest: readonly FeedEntry[]): Promise<ArticleListBody> {
    const parts = listParts(newest);
    const pieces = await this.pieces.pieces(parts);
    const plainLength = pieces.reduce((sum, piece) => sum + piece.length, 0);
    return new ArticleListBody(parts, joinPieces(pieces), plainLength);
  }
}
