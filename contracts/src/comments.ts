// Comment shapes. Comments are plain text; the article field is an id publicly and
// `{ _id, title }` in the admin list.
import { z } from 'zod';
import { objectIdSchema } from './common.ts';

export const commentSchema = z.object({
  _id: objectIdSchema,
  article: objectIdSchema,
  name: z.string(),
  content: z.string(),
  createdAt: z.string(),
  isApproved: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const adminCommentSchema = commentSchema.extend({
  article: z.object({ _id: objectIdSchema, title: z.string() }).nullable(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;
