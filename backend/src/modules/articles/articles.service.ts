// Articles: the admin lists and dashboard, and the admin changes (save, publish toggle, delete
// with its comments). The public reads are answered from the read model (sync/read-model.ts).
import type mongoose from 'mongoose';
import type { ArticleInputParsed, DashboardData, Revision, RevisionSummary } from '@fw/contracts';
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts';
import { HttpError } from '../../errors.ts';
import { writeChange } from '../../db/write-change.ts';
import { changeRef, recordRemoval } from '../sync/tombstone.model.ts';
import { commentsService } from '../comments/comments.service.ts';
import { readModelOn } from '../sync/read-model.ts';
import { toArticleDto, type ArticleDoc } from './article.model.ts';
import { articleStore } from './article-store.ts';
import { saveArticle, type SaveOutcome } from './article-save.ts';
import type { ScripturePool } from '../scripture/scripture-pool.ts';

export const ARTICLE_MESSAGES = {
  NOT_FOUND: 'This article does not exist or is not published.',
  ADMIN_NOT_FOUND: 'This article does not exist (it may have been deleted).',
  PUBLISHED: 'Article published.',
  UNPUBLISHED: 'Article unpublished.',
  DELETED: 'Article deleted.',
  BUSY: 'This article is being changed by someone else right now. Please try again.',
  REVISION_NOT_FOUND: 'This revision is not kept (only the last 50 versions of an article are).',
} as const;

/** A toggle that keeps losing the race to other changes gives up after this many tries. */
const TOGGLE_MAX_ATTEMPTS = 5;

/** `scripture`: the citation threads a save needs (scripture-pool.ts); callers that never save leave it out. */
export function articlesService(connection: mongoose.Connection, scripture?: ScripturePool) {
  const store = articleStore(connection);
  const { Articles } = store;
  const comments = commentsService(connection);
  const model = readModelOn(connection);

  return {
    /**
     * Counts and the newest articles' ids from the admin view (admin/admin-model.ts), which keeps
     * them as changes are applied; then those few articles read by `_id` for their full answer.
     */
    async dashboard(): Promise<DashboardData> {
      const { admin } = await model.current();
      const counts = admin.counts();
      const newest = admin.articles.inOrder().slice(0, DASHBOARD_RECENT_ARTICLES);
      const recent = await Promise.all(newest.map(({ id }) => store.find(id)));
      return {
        totalArticles: counts.articles,
        totalComments: counts.commentsWaiting + counts.commentsApproved,
        totalDrafts: counts.drafts + counts.scheduled,
        // One deleted since the view was read is left out.
        recentArticles: recent.filter((doc) => doc !== null).map(toArticleDto),
        counts,
      };
    },

    save(input: ArticleInputParsed, by?: string): Promise<SaveOutcome> {
      if (!scripture) throw new Error('Saving an article needs the citation threads (scripturePool).');
      return saveArticle(store, scripture, input, by);
    },

    /** The kept revisions of an article, newest first (without their content). */
    async revisions(id: string): Promise<RevisionSummary[]> {
      const article = await store.find(id);
      if (!article) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.ADMIN_NOT_FOUND);
      return store.revisions.list(id, article.revisions ?? 0);
    },

    async revision(id: string, n: number): Promise<Revision> {
      const article = await store.find(id);
      if (!article) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.ADMIN_NOT_FOUND);
      const revision = await store.revisions.get(id, n, article.revisions ?? 0);
      if (!revision) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.REVISION_NOT_FOUND);
      return revision;
    },

    /**
     * Publishes a scheduled draft whose time has come (articles/scheduled-publish.ts), as an
     * ordinary change: its version claim lets one instance of several win, the others read it
     * again and find nothing due. True when this call published it.
     */
    async publishDue(id: string, nowMs: number = Date.now()): Promise<boolean> {
      for (let attempt = 0; attempt < TOGGLE_MAX_ATTEMPTS; attempt++) {
        const article = await store.find(id);
        if (!article || article.isPublished || !article.publishAt || article.publishAt.getTime() > nowMs) return false;
        // Settled at once: the renumbering below reads the model up to this change.
        const changed = await store.change(article, { isPublished: true, publishAt: null }, { settleNow: true });
        if (!changed) continue;
        await comments.renumberApprovedOf(id);
        return true;
      }
      return false;
    },

    /**
     * Flips publication. `op` names the call (its Idempotency-Key, per caller): a retry of a
     * toggle that was applied but whose answer was lost finds its op on the article and changes
     * nothing, instead of flipping it back. Answers the article and the state the toggle set.
     */
    async togglePublish(id: string, op?: string): Promise<{ article: ArticleDoc; isPublished: boolean }> {
      for (let attempt = 0; attempt < TOGGLE_MAX_ATTEMPTS; attempt++) {
        const article = await store.find(id);
        if (!article) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.ADMIN_NOT_FOUND);
        const applied = op ? article.appliedOps?.find((o) => o.op === op) : undefined;
        if (applied) return { article, isPublished: applied.isPublished === true };
        const isPublished = !article.isPublished;
        // Settled at once: the renumbering below reads the model up to this change.
        // Either way the schedule is over: published now, or taken down until someone decides.
        const changed = await store.change(
          article,
          { isPublished, publishAt: null },
          { op: op ? { op, isPublished } : undefined, settleNow: true },
        );
        if (!changed) continue;
        await comments.renumberApprovedOf(id);
        return { article: changed, isPublished };
      }
      throw new HttpError('BUSY', ARTICLE_MESSAGES.BUSY);
    },

    /** Comments first, then the article: a retry after a failure half-way finishes the job. */
    async remove(id: string): Promise<void> {
      const article = await store.find(id);
      if (!article) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.ADMIN_NOT_FOUND);
      await comments.removeAllOf(id);
      const wasPublic = article.isPublished || article.wasPublished !== false;
      await writeChange(connection, {
        ref: changeRef('article', id, true),
        apply: async (seq) => {
          await recordRemoval(store.tombstones, 'article', id, seq, wasPublic);
          await Articles.deleteOne({ _id: article._id });
        },
      });
      await store.versions.markUsed(id);
      await store.revisions.forget(id, article.revisions ?? 0);
    },
  };
}
