// Once per database (and again whenever the way citations are found changes: bump
// SCRIPTURE_LINKS_VERSION), the citations of what is already stored are found and linked, as a
// save would. A `meta` mark says it is done, so a start with nothing to do costs one `_id` read.
// Safe to repeat and to run on two instances at once: an article changes through the ordinary
// versioned write (a lost race is simply skipped; the other instance wrote the same thing), and a
// lesson's citations are a plain `$set` of what both compute alike. The parsing runs on the
// citation threads under their budget like a save's; a text past it stays as it was, named in
// `tooMuch`, and the rest goes on.
import type mongoose from 'mongoose';
import { HttpError } from '../../errors.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { articleStore } from '../articles/article-store.ts';
import type { ArticleDoc } from '../articles/article.model.ts';
import { lessonStore } from '../schedule/lesson-store.ts';
import { linkScriptureHtml } from './link-html.ts';
import { lessonScripture } from './lesson-scripture.ts';
import type { ScripturePool } from './scripture-pool.ts';

export const SCRIPTURE_LINKS_VERSION = 1;
const MARK_ID = 'scripture-links';

interface MarkDoc {
  _id: string;
  version: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface LinkedStored {
  articles: number;
  lessons: number;
  /** Articles and lessons (`lesson <id>`) whose texts were too much to parse in the budget. */
  tooMuch: string[];
}

/** Null for a text past the parse budget; any other error stops the migration. */
async function withinBudget<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'BODY_TOO_LARGE') return null;
    throw error;
  }
}

export async function linkStoredScripture(connection: mongoose.Connection, pool: ScripturePool): Promise<LinkedStored | null> {
  const marks = connection.collection<MarkDoc>('meta');
  if ((await marks.findOne({ _id: MARK_ID }))?.version === SCRIPTURE_LINKS_VERSION) return null;

  const articles = articleStore(connection);
  let changedArticles = 0;
  const tooMuch: string[] = [];
  for (const article of (await articles.Articles.find({}).lean()) as ArticleDoc[]) {
    const linked = await withinBudget(linkScriptureHtml(article.content, pool));
    if (!linked) {
      tooMuch.push(`article ${String(article._id)}`);
      continue;
    }
    const { html, scripture } = linked;
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
    const scripture = await withinBudget(lessonScripture(lesson, pool));
    if (!scripture) {
      tooMuch.push(`lesson ${String(lesson._id)}`);
      continue;
    }
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
  return { articles: changedArticles, lessons: changedLessons, tooMuch };
}
