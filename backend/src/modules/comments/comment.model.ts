// Comments: plain text from visitors, hidden until an administrator approves them. `seq` is the
// global change number of the latest change that devices must learn about (approval, or its
// article being published or unpublished); 0 until approved.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import type { AdminComment, Comment } from '@fw/contracts';
import { modelOn } from '../../db/model-on.ts';

const commentSchema = new Schema(
  {
    article: { type: Schema.Types.ObjectId, required: true, index: true },
    name: { type: String, required: true },
    content: { type: String, required: true },
    isApproved: { type: Boolean, default: false },
    seq: { type: Number, required: true, default: 0, index: true },
  },
  { timestamps: true, collection: 'comments' },
);

export type CommentDoc = InferSchemaType<typeof commentSchema> & { _id: mongoose.Types.ObjectId };

export function commentModel(connection: mongoose.Connection) {
  return modelOn(connection, 'Comment', commentSchema);
}

export function toCommentDto(comment: CommentDoc): Comment {
  return {
    _id: String(comment._id),
    article: String(comment.article),
    name: comment.name,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    isApproved: comment.isApproved,
  };
}

/** The admin list shows the article's title beside each comment (null if the article is gone). */
export function toAdminCommentDto(
  comment: CommentDoc,
  titles: ReadonlyMap<string, string>,
): AdminComment {
  const articleId = String(comment.article);
  const title = titles.get(articleId);
  return {
    ...toCommentDto(comment),
    article: title === undefined ? null : { _id: articleId, title },
  };
}
