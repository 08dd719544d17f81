// Offline search over the device's articles: the spec's rule (title, category or body text,
// case-insensitive) on plain text prepared at sync time, never stripped at query time.
import { matchArticle, normaliseQuery, type SearchPreview } from '@fw/contracts/text';
import { db, type ArticleSummary } from '../../db/db.ts';

export interface SearchHit {
  article: ArticleSummary;
  preview: SearchPreview | null;
}

export async function searchArticles(query: string, articles: ArticleSummary[]): Promise<SearchHit[]> {
  const needle = normaliseQuery(query);
  if (!needle) return articles.map((article) => ({ article, preview: null }));
  const bodies = await db.bodies.bulkGet(articles.map((a) => a._id));
  const hits: SearchHit[] = [];
  articles.forEach((article, i) => {
    const body = bodies[i];
    const result = matchArticle(
      { title: article.title, category: article.category, text: body?.text ?? '', textLower: body?.textLower ?? '' },
      needle,
    );
    if (result !== false) hits.push({ article, preview: result });
  });
  return hits;
}
