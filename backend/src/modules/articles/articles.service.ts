// Articles: the admin lists and dashboard, and the admin changes (save, publish toggle, delete
// with its comments). The public reads are answered from the read model (sync/read-model.ts).
import type mongoose from 'mongoose';
import type { ArticleInputParsed, DashboardData } from '@fw/contracts';
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts';
import { HttpError } from '../../errors.ts';
import type { WriteScope } from '../../db/key-records.ts';
import { writeChange } from '../../db/write-change.ts';
import { changeRef, recordRemoval } from '../sync/tombstone.model.ts';
import { commentModel } from '../comments/comment.model.ts';
import { commentsService } from '../comments/comments.service.ts';
import { toArticleDto, type ArticleDoc } from './article.model.ts';
import { articleStore } from './article-store.ts';
import { saveArticle, type SaveOutcome } from './article-save.ts';

export const ARTICLE_MESSAGES = {
  NOT_FOUND: 'This article does not exist or is not published.',
  ADMIN_NOT_FOUND: 'This article does not exist (it may have been deleted).',
  PUBLISHED: 'Article published.',
  UNPUBLISHED: 'Article unpublished.',
  DELETED: 'Article deleted.',
  BUSY: 'This article is being changed by someone else right now. Please try again.',
} as const;

/** A toggle that keeps losing the race to other changes gives up after this many tries. */
const TOGGLE_MAX_ATTEMPTS = 5;

/** contracts/order.ts as the database sorts: the dashboard and the device agree on "recent". */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export function articlesService(connection: mongoose.Connection) {
  const store = articleStore(connection);
  const { Articles } = store;
  const Comments = commentModel(connection);
  const comments = commentsService(connection);

  return {
    async listAll(): Promise<ArticleDoc[]> {
      return (await Articles.find({}).sort(NEWEST_FIRST).lean()) as ArticleDoc[];
    },

    async dashboard(): Promise<DashboardData> {
      const [totalArticles, totalComments, totalDrafts, recent] = await Promise.all([
        Articles.countDocuments({}),
        Comments.countDocuments({}),
        Articles.countDocuments({ isPublished: false }),
        Articles.find({}).sort(NEWEST_FIRST).limit(DASHBOARD_RECENT_ARTICLES).lean(),
      ]);
      return {
        totalArticles,
        totalComments,
        totalDrafts,
        recentArticles: (recent as ArticleDoc[]).map(toArticleDto),
      };
    },

    save(input: ArticleInputParsed, scope?: WriteScope): Promise<SaveOutcome> {
      return saveArticle(store, input, scope);
    },

    /**
     * Flips publication. `op` names the call (its Idempotency-Key, per caller): a retry of a
     * toggle that was applied but whose answer was lost finds its op on the article and changes
     * nothing, instead of flipping it back. Answers the article and the state the toggle set.
     */
    async togglePublish(
      id: string,
      op?: string,
      scope?: WriteScope,
    ): Promise<{ article: ArticleDoc; isPublished: boolean }> {
      for (let attempt = 0; attempt < TOGGLE_MAX_ATTEMPTS; attempt++) {
        const article = await store.find(id);
        if (!article) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.ADMIN_NOT_FOUND);
        const applied = op ? article.appliedOps?.find((o) => o.op === op) : undefined;
        if (applied) return { article, isPublished: applied.isPublished === true };
        const isPublished = !article.isPublished;
        // Settled at once: the renumbering below reads the model up to this change.
        const changed = await store.change(
          article,
          { isPublished },
          { scope, op: op ? { op, isPublished } : undefined, settleNow: true },
        );
        if (!changed) continue;
        await comments.renumberApprovedOf(id, scope);
        return { article: changed, isPublished };
      }
      throw new HttpError('BUSY', ARTICLE_MESSAGES.BUSY);
    },

    /** Comments first, then the article: a retry after a failure half-way finishes the job. */
    async remove(id: string, scope?: WriteScope): Promise<void> {
      const article = await store.find(id);
      if (!article) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.ADMIN_NOT_FOUND);
      await comments.removeAllOf(id, scope);
      const wasPublic = article.isPublished || article.wasPublished !== false;
      await writeChange(connection, scope, {
        ref: changeRef('article', id, true),
        apply: async (seq) => {
          await recordRemoval(store.tombstones, 'article', id, seq, wasPublic);
          await Articles.deleteOne({ _id: article._id });
        },
      });
      await store.versions.markUsed(id);
    },
  };
}
export type ArticlesService = ReturnType<typeof articlesService>;
