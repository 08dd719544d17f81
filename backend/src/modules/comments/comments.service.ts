// Comments: visitors add them to published articles, administrators approve or delete them, and
// only approved comments of published articles are ever shown to the public.
import mongoose from 'mongoose';
import type { AddCommentRequest } from '@fw/contracts';
import { HttpError } from '../../errors.ts';
import { IDEMPOTENCY_MESSAGES } from '../../middleware/idempotency.ts';
import { inserted } from '../../db/claims/index.ts';
import { batchedInsert } from '../../db/batched-insert.ts';
import { writeChange } from '../../db/write-change.ts';
import { articleModel } from '../articles/article.model.ts';
import { changeRef, recordRemoval, tombstoneModel } from '../sync/tombstone.model.ts';
import { readModelOn } from '../sync/read-model.ts';
import { commentModel, type CommentDoc } from './comment.model.ts';

export const COMMENT_MESSAGES = {
  ADDED: 'Thank you! Your comment will appear once an administrator approves it.',
  APPROVED: 'Comment approved.',
  DELETED: 'Comment deleted.',
  NOT_FOUND: 'This comment does not exist (it may have been deleted).',
  ARTICLE_NOT_FOUND: 'This article does not exist or is not published.',
  ID_TAKEN: 'Another comment already uses this id. Send the comment again without an _id.',
} as const;

type NewComment = Required<Pick<AddCommentRequest, 'article' | 'name' | 'content'>> & {
  _id?: string;
};

export function commentsService(connection: mongoose.Connection) {
  const Comments = commentModel(connection);
  const Articles = articleModel(connection);
  const tombstones = tombstoneModel(connection);
  const model = readModelOn(connection);

  /**
   * The read model as last checked says so (no database call), or else an `_id` read does (the
   * condition checked here: FerretDB reads every article for `{ _id, isPublished }`), after the
   * visitor's rate-limit `hit`; answers whether it took the hit. The model
   * may be up to READ_MODEL_MAX_AGE_MS behind another instance's unpublishing: a comment sent in
   * that second is kept waiting for approval, as one sent a moment before it would be.
   */
  async function requirePublished(articleId: string, hit?: () => Promise<void>): Promise<boolean> {
    if (model.known()?.articles.get(articleId)?.json !== undefined) return false;
    // The read is counted first, as a comment is: a flood of guessed ids meets the limit, not the database.
    await hit?.();
    const article = await Articles.findById(articleId, { isPublished: 1 }).lean();
    if (!article?.isPublished) throw new HttpError('NOT_FOUND', COMMENT_MESSAGES.ARTICLE_NOT_FOUND);
    return true;
  }

  /**
   * The document `Comments.create` would insert (cast, defaulted, validated, stamped), inserted
   * through db/batched-insert.ts instead, so comments sent at once are written together.
   */
  async function newComment(fields: NewComment & { _id: string; isApproved: boolean; seq: number }): Promise<CommentDoc> {
    const doc = new Comments(fields);
    await doc.validate();
    const now = new Date();
    doc.set({ createdAt: now, updatedAt: now });
    return { ...doc.toObject(), __v: 0 } as CommentDoc;
  }

  const findComment = async (id: string) =>
    (await Comments.findById(id).lean()) as CommentDoc | null;

  /** A repeated create (same client id, same words) is the same comment, not a new one. */
  function sameComment(stored: CommentDoc, input: NewComment): boolean {
    return (
      String(stored.article) === input.article &&
      stored.name === input.name &&
      stored.content === input.content
    );
  }

  async function existingFor(input: NewComment & { _id: string }, keyed: boolean): Promise<CommentDoc | null> {
    const stored = await findComment(input._id);
    if (stored && !sameComment(stored, input)) {
      // An id made from the Idempotency-Key: the same key was sent with other words.
      if (keyed) throw new HttpError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.REUSED);
      throw new HttpError('ID_TAKEN', COMMENT_MESSAGES.ID_TAKEN);
    }
    return stored;
  }

  return {
    /**
     * Insert first: the insert is the check for a repeat (same id), so a new comment costs its
     * insert and its change number, which the insert stamps on it and so settles (no key record,
     * middleware/idempotency.ts keyDerivedWrite). The number is for the admin view of every instance
     * (admin/admin-model.ts); devices only ever see approved comments, so the public feed skips it.
     * `keyedId`: the id made from the request's Idempotency-Key; `hit`: the visitor's rate-limit hit,
     * taken beside the number's claim (as one insert with it) and refusing the comment when it is
     * over the limit. Answers whether it was a repeat.
     */
    async add(input: NewComment, keyedId?: string, hit?: () => Promise<void>): Promise<{ comment: CommentDoc; repeat: boolean }> {
      const id = input._id ?? keyedId ?? new mongoose.Types.ObjectId().toHexString();
      const withId = { ...input, _id: id };
      let counted: boolean;
      try {
        counted = await requirePublished(input.article, hit);
      } catch (error) {
        // A repeat of a comment stored before its article was unpublished is still that comment.
        const stored = input._id ?? keyedId ? await findComment(id) : null;
        if (stored && sameComment(stored, input)) return { comment: stored, repeat: true };
        throw error;
      }
      const draft = await newComment({ ...withId, isApproved: false, seq: 0 });
      let created: CommentDoc | undefined;
      const { value: isNew } = await writeChange(connection, {
        ref: changeRef('comment', id),
        settledByThing: { landed: (isNew: boolean) => isNew },
        beside: counted ? undefined : hit,
        apply: (seq) =>
          inserted(async () => {
            const doc = { ...draft, seq };
            await batchedInsert(Comments.collection, doc);
            created = doc;
            model.wrote(doc);
          }),
      });
      // Only a repeat reads: a new comment costs its insert alone.
      const stored = isNew ? created : await existingFor(withId, input._id === undefined && keyedId !== undefined);
      if (!stored) throw new Error(`Comment ${id} vanished right after it was sent again.`);
      return { comment: stored, repeat: !isNew };
    },

    /**
     * Approval is one way. The update is the existence check (nothing is read first): approving
     * an approved comment again only gives it a new number, which devices take as a repeat.
     */
    async approve(id: string): Promise<void> {
      const { value: updated } = await writeChange(connection, {
        ref: changeRef('comment', id),
        apply: (seq) => Comments.updateOne({ _id: id }, { $set: { isApproved: true, seq } }),
      });
      if (updated.matchedCount === 0) throw new HttpError('NOT_FOUND', COMMENT_MESSAGES.NOT_FOUND);
    },

    async remove(id: string): Promise<void> {
      const comment = await findComment(id);
      if (!comment) throw new HttpError('NOT_FOUND', COMMENT_MESSAGES.NOT_FOUND);
      await removeOne(comment);
    },

    /**
     * After its article is published or unpublished, devices must show or drop its approved
     * comments: each gets a new change number so the comment feed reports it again. Which ones
     * comes from the read model, not a read of the comments collection (whose size would set the
     * cost). The toggle settled its own change before this (db/write-change.ts `settleNow`), so
     * the model is brought up to the horizon after it: every approval committed before then,
     * through any instance, is in it. One still being written at that moment is numbered below the
     * toggle and settles after it, so the model applies both together, the article first.
     */
    async renumberApprovedOf(articleId: string): Promise<void> {
      const state = await model.current();
      for (const id of [...(state.approvedOf.get(articleId) ?? [])]) {
        await writeChange(connection, {
          ref: changeRef('comment', id),
          apply: (seq) => Comments.updateOne({ _id: id }, { $set: { seq } }, { timestamps: false }),
        });
      }
    },

    /**
     * Deletes every comment of an article, each by `_id`; safe to repeat after a failure half-way.
     * Which ones comes from the admin view (admin/admin-model.ts), not a read of the comments
     * collection: every comment takes a change number, so the view holds them all up to the horizon.
     */
    async removeAllOf(articleId: string): Promise<void> {
      const { admin } = await model.current();
      for (const id of [...(admin.commentsOf.get(articleId) ?? [])]) {
        await removeOne({ _id: id, isApproved: admin.commentState(id) === 'approved' });
      }
    },
  };

  /**
   * Devices only ever saw approved comments: a waiting one's tombstone says it was never public,
   * so the feeds never report it; its number tells the admin views it is gone.
   */
  async function removeOne(comment: Pick<CommentDoc, 'isApproved'> & { _id: unknown }): Promise<void> {
    const id = String(comment._id);
    await writeChange(connection, {
      ref: changeRef('comment', id, true),
      apply: async (seq) => {
        await recordRemoval(tombstones, 'comment', id, seq, comment.isApproved);
        await Comments.deleteOne({ _id: id });
      },
    });
  }
}
