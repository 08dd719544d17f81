// "Cited in": the articles and lessons on this device whose citations share a verse with a passage.
// From the citations the server found when each was saved (an article's `scripture`, a lesson's
// `scripture` per text), so nothing is parsed here. Read only when the reader asks.
import { parseOsis, rangesOverlap, type ScriptureRange } from '@fw/contracts/bible';
import { db, type ArticleSummary, type LocalLesson } from '../../db/db.ts';
import { paths } from '../../lib/paths.ts';

export interface Citing {
  kind: 'article' | 'lesson';
  title: string;
  href: string;
}

const cites = (osisList: Iterable<string>, range: ScriptureRange) => {
  for (const osis of osisList) {
    const cited = parseOsis(osis);
    if (cited && rangesOverlap(cited, range)) return true;
  }
  return false;
};

/** The articles (newest first) and lessons (by date) among these that cite a verse of `range`. */
export function citingOf(range: ScriptureRange, articles: ArticleSummary[], lessons: LocalLesson[]): Citing[] {
  const found: Citing[] = [];
  const byNewest = [...articles].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  for (const article of byNewest) {
    if (article.scripture && cites(article.scripture, range)) found.push({ kind: 'article', title: article.title, href: paths.article(article._id) });
  }
  const byDate = [...lessons].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  for (const lesson of byDate) {
    const osis = Object.values(lesson.scripture ?? {}).flatMap((list) => list.map((c) => c.osis));
    if (cites(osis, range)) found.push({ kind: 'lesson', title: `${lesson.T} (${lesson.D})`, href: paths.family });
  }
  return found;
}

export async function citedIn(range: ScriptureRange): Promise<Citing[]> {
  const [articles, lessons] = await Promise.all([db.articles.toArray(), db.worship.toArray()]);
  return citingOf(range, articles, lessons);
}
