// Comments: plain text from visitors, hidden until an administrator approves them. `seq` is the
// global change number of the latest change that devices must learn about (approval, or its
// article being published or unpublished); 0 until approved.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import type { Comment } from '@fw/contracts';
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
