// Once per database (and again whenever the way citations are found changes: bump
// SCRIPTURE_LINKS_VERSION), the citations of what is already stored are found and linked, as a
// save would. A `meta` mark says it is done, so a start with nothing to do costs one `_id` read.
// Safe to repeat and to run on two instances at once: an article changes through the ordinary
// versioned write (a lost race is simply skipped; the other instance wrote the same thing), and a
// lesson's citations are a plain `$set` of what both compute alike.
import type mongoose from 'mongoose';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { articleStore } from '../articles/article-store.ts';
import type { ArticleDoc } from '../articles/article.model.ts';
import { lessonStore } from '../schedule/lesson-store.ts';
import { linkScriptureHtml } from './link-html.ts';
import { lessonScripture } from './lesson-scripture.ts';

export const SCRIPTURE_LINKS_VERSION = 1;
const MARK_ID = 'scripture-links';

interface MarkDoc {
  _id: string;
  version: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function linkStoredScripture(connection: mongoose.Connection): Promise<{ articles: number; lessons: number } | null> {
  const marks = connection.collection<MarkDoc>('meta');
  if ((await marks.findOne({ _id: MARK_ID }))?.version === SCRIPTURE_LINKS_VERSION) return null;

  const articles = articleStore(connection);
  let changedArticles = 0;
  for (const article of (await articles.Articles.find({}).lean()) as ArticleDoc[]) {
    const { html, scripture } = linkScriptureHtml(article.content);
    if (html !== article.content) {
      // New text: a new version, so every device's next sync brings it.
      if (await articles.change(article, { content: html, scripture })) changedArticles += 1;
    } else if (!same(article.scripture?.length ? article.scripture : null, scripture.length ? scripture : null)) {
      await articles.Articles.updateOne({ _id: article._id }, { $set: { scripture } });
      changedArticles += 1;
    }
  }

  const lessons = lessonStore(connection);
  let changedLessons = 0;
  for (const lesson of await lessons.listLive()) {
    const scripture = lessonScripture(lesson);
    if (same(lesson.scripture ?? {}, scripture)) continue;
    await lessons.lessons.updateOne({ _id: lesson._id }, { $set: { scripture } });
    changedLessons += 1;
  }
  // Devices holding the schedule's old stamp fetch it again, citations included.
  if (changedLessons) await lessons.touch();

  try {
    await marks.updateOne({ _id: MARK_ID }, { $set: { version: SCRIPTURE_LINKS_VERSION } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return { articles: changedArticles, lessons: changedLessons };
}
