import { db, useLiveQuery, type ArticleSummary } from '../../db/db.ts';
import { searchArticles, type SearchHit } from '../search/search.ts';
import { INDEX_TAB, type HomeTab } from '@fw/contracts/categories';

/** Published articles on this device, newest first, filtered by tab and search; undefined while loading. */
export function useArticleHits(tab: HomeTab, query: string): SearchHit[] | undefined {
  return useLiveQuery(async () => {
    let articles: ArticleSummary[] = await db.articles.orderBy('createdAt').reverse().toArray();
    if (tab !== INDEX_TAB) articles = articles.filter((a) => a.category === tab);
    return searchArticles(query, articles);
  }, [tab, query]);
}

export function useHasSynced(): boolean | undefined {
  return useLiveQuery(async () => (await db.meta.get('lastSyncedAt')) !== undefined);
}
