// Article revisions: the version a save replaced (title, subtitle, category, content, who saved
// it and when), the last REVISIONS_KEPT per article. Kept in `article_revisions` under
// `<articleId>:<n>`, n counting 1, 2, … per article, with the newest n on the article itself
// (`revisions`). So every read and write here is an `_id` operation on an id that exists (FerretDB
// 1.24 answers nothing else from an index, and even a read of a missing `_id` reads everything):
// listing reads `<id>:<newest>` down to the oldest kept, and writing the next one drops the one
// that falls out. Nothing reads the collection as a whole, however many articles it serves.
import mongoose from 'mongoose';
import { REVISIONS_KEPT, type Revision, type RevisionSummary } from '@fw/contracts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import type { ArticleDoc } from './article.model.ts';

interface RevisionDoc {
  _id: string;
  article: string;
  n: number;
  version: number;
  title: string;
  subtitle: string;
  category: string;
  content: string;
  by: string | null;
  at: Date;
}

const REVISIONS_COLLECTION = 'article_revisions';
/** `_id` reads in flight at once while listing. */
const READ_CONCURRENCY = 10;

export interface ArticleRevisions {
  /**
   * Keeps `existing` (the version being replaced) as revision `existing.revisions + 1`. Answers the
   * new count, which the change writes onto the article under its version claim
   * (db/write-change.ts): one writer per version, so one per n.
   */
  keep(existing: ArticleDoc): Promise<number>;
  /**
   * Drops the revision that falls out of the window once the newest is `count`: sent beside the
   * update that writes `count` onto the article, in its round trip.
   */
  dropOldest(articleId: string, count: number): Promise<void>;
  /** The kept revisions of an article whose newest is `count`, newest first, without content. */
  list(articleId: string, count: number): Promise<RevisionSummary[]>;
  /** One kept revision with its content, or null when it is not (or no longer) kept. */
  get(articleId: string, n: number, count: number): Promise<Revision | null>;
  /** Drops every kept revision of a deleted article. */
  forget(articleId: string, count: number): Promise<void>;
}

const idOf = (articleId: string, n: number) => `${articleId}:${n}`;

/** The numbers still kept when the newest is `count`, newest first. */
function keptNumbers(count: number): number[] {
  const oldest = Math.max(1, count - REVISIONS_KEPT + 1);
  return Array.from({ length: Math.max(0, count - oldest + 1) }, (_, i) => count - i);
}

function summaryOf(doc: RevisionDoc): RevisionSummary {
  return {
    n: doc.n,
    version: doc.version,
    title: doc.title,
    subtitle: doc.subtitle,
    category: doc.category,
    by: doc.by,
    at: doc.at.toISOString(),
  };
}

export function articleRevisions(connection: mongoose.Connection): ArticleRevisions {
  const revisions = connection.collection<RevisionDoc>(REVISIONS_COLLECTION);

  async function readEach(articleId: string, numbers: number[], projection?: Record<string, 0>) {
    const out: (RevisionDoc | null)[] = new Array(numbers.length);
    let next = 0;
    const worker = async () => {
      while (next < numbers.length) {
        const i = next++;
        out[i] = await revisions.findOne({ _id: idOf(articleId, numbers[i]!) }, { projection });
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, numbers.length) }, worker));
    return out.filter((doc): doc is RevisionDoc => doc !== null);
  }

  return {
    async keep(existing) {
      const articleId = String(existing._id);
      const n = (existing.revisions ?? 0) + 1;
      const doc: RevisionDoc = {
        _id: idOf(articleId, n),
        article: articleId,
        n,
        version: existing.version,
        title: existing.title,
        subtitle: existing.subtitle,
        category: existing.category,
        content: existing.content,
        by: existing.updatedBy ?? null,
        at: existing.updatedAt,
      };
      try {
        await revisions.insertOne(doc);
      } catch (error) {
        // A change that failed after keeping it, tried again under the same version: same text.
        if (!isDuplicateKey(error)) throw error;
        await revisions.replaceOne({ _id: doc._id }, doc);
      }
      return n;
    },

    async dropOldest(articleId, count) {
      if (count > REVISIONS_KEPT) await revisions.deleteOne({ _id: idOf(articleId, count - REVISIONS_KEPT) });
    },

    async list(articleId, count) {
      const docs = await readEach(articleId, keptNumbers(count), { content: 0 });
      return docs.map(summaryOf);
    },

    async get(articleId, n, count) {
      if (!keptNumbers(count).includes(n)) return null;
      const [doc] = await readEach(articleId, [n]);
      return doc ? { ...summaryOf(doc), content: doc.content } : null;
    },

    async forget(articleId, count) {
      for (const n of keptNumbers(count)) await revisions.deleteOne({ _id: idOf(articleId, n) });
    },
  };
}
