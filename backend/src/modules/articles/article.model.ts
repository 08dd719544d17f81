// Articles. `version` starts at 1 and grows by one with every change (the edit conflict check);
// `seq` is the global change number of the latest change (the delta feed's order). Only
// toArticleDto decides what leaves the server.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import type { Article } from '@fw/contracts';
import { modelOn } from '../../db/model-on.ts';

const articleSchema = new Schema(
  {
    title: { type: String, required: true },
    subtitle: { type: String, required: true },
    category: { type: String, default: '' },
    /** Sanitised HTML. */
    content: { type: String, default: '' },
    /** The citations in `content`, as OSIS ranges (contracts/bible.ts), found when it was saved. */
    scripture: { type: [String], default: undefined },
    isPublished: { type: Boolean, default: false },
    /**
     * A draft's scheduled publication: the instances' due check (articles/scheduled-publish.ts)
     * publishes it once this time has come. Cleared whenever the article is published.
     */
    publishAt: { type: Date, default: undefined },
    /**
     * Ever published: only such an article may be on a device, so only its unpublishing or
     * deletion is reported to devices. Absent on articles stored before it existed (taken as true).
     */
    wasPublished: { type: Boolean },
    version: { type: Number, required: true, default: 1 },
    /** Who saved this version (the admin's name), kept on its revision when it is replaced. */
    updatedBy: { type: String, default: undefined },
    /**
     * How many revisions were ever kept (articles/article-revisions.ts): the newest is
     * `<id>:<revisions>`, so listing them reads known `_id`s only. Absent: none yet.
     */
    revisions: { type: Number, default: undefined },
    seq: { type: Number, required: true, index: true },
    /**
     * The last few operations (Idempotency-Key calls) applied to this article, so a retry of one
     * whose answer was lost is recognised as done (articles.service togglePublish). Server-only.
     */
    appliedOps: { type: [{ op: String, isPublished: Boolean, _id: false }], default: undefined },
  },
  { timestamps: true, collection: 'articles' },
);
articleSchema.index({ isPublished: 1, createdAt: -1 });

export type ArticleDoc = InferSchemaType<typeof articleSchema> & { _id: mongoose.Types.ObjectId };
export type AppliedOp = { op: string; isPublished: boolean };
/** How many applied operations an article remembers (more changes than this in between a call
 * and its retry, within the key's 24 hours, and the retry is no longer recognised). */
export const APPLIED_OPS_KEPT = 20;

export function articleModel(connection: mongoose.Connection) {
  return modelOn(connection, 'Article', articleSchema);
}
export type ArticleModel = ReturnType<typeof articleModel>;

/** The fields a person edits; two saves with equal fields are the same save. */
export type ArticleFields = Pick<
  ArticleDoc,
  'title' | 'subtitle' | 'category' | 'content' | 'isPublished'
> & { scripture?: string[] | null; publishAt?: Date | null; updatedBy?: string | null };

/** The text a revision keeps: a save that changes none of it keeps no revision. */
export function sameText(a: ArticleFields, b: ArticleFields): boolean {
  return a.title === b.title && a.subtitle === b.subtitle && a.category === b.category && a.content === b.content;
}

export function sameFields(a: ArticleFields, b: ArticleFields): boolean {
  return sameText(a, b) && a.isPublished === b.isPublished && (a.publishAt?.getTime() ?? null) === (b.publishAt?.getTime() ?? null);
}

export function toArticleDto(article: ArticleDoc): Article {
  return {
    _id: String(article._id),
    title: article.title,
    subtitle: article.subtitle,
    category: article.category,
    content: article.content,
    ...(article.scripture?.length ? { scripture: article.scripture } : {}),
    isPublished: article.isPublished,
    ...(article.publishAt && !article.isPublished ? { publishAt: article.publishAt.toISOString() } : {}),
    version: article.version,
    createdAt: article.createdAt.toISOString(),
    updatedAt: article.updatedAt.toISOString(),
  };
}
