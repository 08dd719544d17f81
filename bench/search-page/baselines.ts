// The search the index is measured against, over the same IndexedDB data: a naive scan that
// reads every article's HTML and strips the markup at query time, with the same rule.
import { foldForSearch, htmlToText, matchArticle, normaliseQuery } from '@fw/contracts/text';
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
      textLower: foldForSearch(text),
    };
    if (matchArticle(item, needle) !== false) hits.push(article._id);
  });
  return hits;
}
