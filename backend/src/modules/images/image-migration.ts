// Once per database, the pictures of articles stored before images became files are made files
// as a save would (image-html.ts). Each changed article gets a new version through the ordinary
// versioned write, so every device's next sync brings the new HTML. A `meta` mark records that it
// ran, so a start with nothing to do reads one `_id`. Safe to repeat and to run on two instances
// at once: the same picture gives the same files, and a lost version race is skipped (the other
// instance wrote the same thing).
import type mongoose from 'mongoose';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { articleStore } from '../articles/article-store.ts';
import type { ArticleDoc } from '../articles/article.model.ts';
import { storeArticleImages } from './image-html.ts';
import { imageQueue } from './image-queue.ts';

export const STORED_IMAGES_VERSION = 1;
export const STORED_IMAGES_MARK_ID = 'stored-images';

interface MarkDoc {
  _id: string;
  version: number;
}

export interface ImageMigration {
  articles: number;
  /** Articles left as they were because a picture in them could not be read (logged by name). */
  failed: string[];
}

export async function storeInlineImages(connection: mongoose.Connection): Promise<ImageMigration | null> {
  const marks = connection.collection<MarkDoc>('meta');
  if ((await marks.findOne({ _id: STORED_IMAGES_MARK_ID }))?.version === STORED_IMAGES_VERSION) return null;

  const articles = articleStore(connection);
  const result: ImageMigration = { articles: 0, failed: [] };
  // One article after another, before the server answers anyone: no request's deadline to keep.
  const queue = imageQueue({ timeMaxMs: Number.POSITIVE_INFINITY });
  // A start-up read of the library (never on a request path), filtered here: both servers run it.
  for (const article of (await articles.Articles.find({}).lean()) as ArticleDoc[]) {
    if (!article.content.includes('data:image/')) continue;
    let html: string;
    try {
      ({ html } = await storeArticleImages(connection, article.content, undefined, queue));
    } catch (error) {
      result.failed.push(`${String(article._id)}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (html !== article.content && (await articles.change(article, { content: html }))) result.articles += 1;
  }

  try {
    await marks.updateOne({ _id: STORED_IMAGES_MARK_ID }, { $set: { version: STORED_IMAGES_VERSION } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return result;
}
