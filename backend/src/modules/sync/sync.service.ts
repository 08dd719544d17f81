// The delta feeds devices pull: every change after a cursor, ordered by the global change number,
// never beyond the horizon (changes still being written are left for the next pull).
// - articles: published articles as they are now; unpublished or deleted ones as removals;
// - comments: approved comments of published articles; deleted ones, and those whose article is
//   no longer published, as removals.
import type mongoose from 'mongoose';
import type { Article, Comment } from '@fw/contracts';
import { articleModel, toArticleDto, type ArticleDoc } from '../articles/article.model.ts';
import { commentModel, toCommentDto, type CommentDoc } from '../comments/comment.model.ts';
import { tombstoneModel, type TombstoneKind } from './tombstone.model.ts';
import { feedPage, type Change } from './feed-page.ts';

export interface FeedRequest {
  since: number;
  limit: number;
  /** The highest change number that may be returned (db/sequence.ts horizon). */
  upTo: number;
}

export interface ArticleFeedPage {
  articles: Article[];
  removed: string[];
  cursor: number;
  hasMore: boolean;
  /** First page only: how many articles are published (a device's first-sync progress). */
  total?: number;
}

export interface CommentFeedPage {
  comments: Comment[];
  removed: string[];
  cursor: number;
  hasMore: boolean;
}

export function syncService(connection: mongoose.Connection) {
  const Articles = articleModel(connection);
  const Comments = commentModel(connection);
  const Tombstones = tombstoneModel(connection);

  const window = ({ since, upTo }: FeedRequest) => ({ seq: { $gt: since, $lte: upTo } });

  async function removals(kind: TombstoneKind, request: FeedRequest): Promise<Change<never>[]> {
    const tombstones = await Tombstones.find({ kind, ...window(request) })
      .sort({ seq: 1 })
      .limit(request.limit + 1)
      .lean();
    return tombstones.map((t) => ({ seq: t.seq, id: t.refId }));
  }

  return {
    async articles(request: FeedRequest): Promise<ArticleFeedPage> {
      const [docs, removed, total] = await Promise.all([
        Articles.find(window(request))
          .sort({ seq: 1 })
          .limit(request.limit + 1)
          .lean() as Promise<ArticleDoc[]>,
        removals('article', request),
        // Once per device (its first page), and no dearer than that page's own range read.
        request.since === 0 ? Articles.countDocuments({ isPublished: true }) : undefined,
      ]);
      const upserts = docs.map((doc) => ({
        seq: doc.seq,
        id: String(doc._id),
        // An unpublished article is a removal for devices; republishing brings it back.
        item: doc.isPublished ? toArticleDto(doc) : undefined,
      }));
      const page = feedPage<Article>(upserts, removed, request.limit, request.since);
      return {
        articles: page.items,
        removed: page.removed,
        cursor: page.cursor,
        hasMore: page.hasMore,
        ...(total === undefined ? {} : { total }),
      };
    },

    async comments(request: FeedRequest): Promise<CommentFeedPage> {
      const [docs, removed] = await Promise.all([
        Comments.find({ isApproved: true, ...window(request) })
          .sort({ seq: 1 })
          .limit(request.limit + 1)
          .lean() as Promise<CommentDoc[]>,
        removals('comment', request),
      ]);
      const articleIds = [...new Set(docs.map((c) => String(c.article)))];
      const published = new Set(
        (
          await Articles.find({ _id: { $in: articleIds }, isPublished: true }, { _id: 1 }).lean()
        ).map((a) => String(a._id)),
      );
      const upserts = docs.map((doc) => ({
        seq: doc.seq,
        id: String(doc._id),
        item: published.has(String(doc.article)) ? toCommentDto(doc) : undefined,
      }));
      const page = feedPage<Comment>(upserts, removed, request.limit, request.since);
      return {
        comments: page.items,
        removed: page.removed,
        cursor: page.cursor,
        hasMore: page.hasMore,
      };
    },
  };
}
