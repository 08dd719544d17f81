// The two searches the index is measured against, over the same IndexedDB data:
// - naive: reads every article's HTML and strips the markup at query time;
// - previous: the search this project shipped before the index (reads every body's prepared
//   plain text from IndexedDB on every query).
import { htmlToText, matchArticle, normaliseQuery } from '@fw/contracts/text';
import { db, type ArticleSummary } from '../../pwa/src/db/db.ts';

export async function naiveSearch(query: string, articles: ArticleSummary[]): Promise<string[]> {
  const needle = normaliseQuery(query);
  const bodies = await db.bodies.bulkGet(articles.map((a) => a._id));
  const hits: string[] = [];
  articles.forEach((article, i) => {
    const text = htmlToText(bodies[i]?.content ?? '');
    const item = {
      title: article.title,
      category: article.category,
      text,
      textLower: text.toLowerCase(),
    };
    if (matchArticle(item, needle) !== false) hits.push(article._id);
  });
  return hits;
}

export async function previousSearch(query: string, articles: ArticleSummary[]): Promise<string[]> {
  const needle = normaliseQuery(query);
  const bodies = await db.bodies.bulkGet(articles.map((a) => a._id));
  const hits: string[] = [];
  articles.forEach((article, i) => {
    const body = bodies[i];
    const item = {
      title: article.title,
      category: article.category,
      text: body?.text ?? '',
      textLower: body?.textLower ?? '',
    };
    if (matchArticle(item, needle) !== false) hits.push(article._id);
  });
  return hits;
}
