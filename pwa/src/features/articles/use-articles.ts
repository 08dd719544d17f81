import { useEffect, useMemo, useState } from 'react';
import { normaliseQuery } from '@fw/contracts/text';
import { compareNewestFirst } from '@fw/contracts/order';
import type { ArticleSummary, StoredArticles } from '../../db/db.ts';
import { useStoredArticles } from '../../db/live.ts';
import {
  PREVIEWS_AT_ONCE,
  searchArticles,
  prefetchSearchGroups,
  startSearchSoon,
  withPreviews,
  SearchHits,
} from '../search/index.ts';
import { INDEX_TAB, type HomeTab } from '@fw/contracts/categories';
import { firstPaintFor } from '../../lib/first-paint.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Published articles on this device, newest first, filtered by tab and search; undefined while
 * loading. The list is read from IndexedDB when it changes, not for every query: a search runs
 * over the list in memory (and the search index), and the last answer stays shown until the next.
 * Every hit is returned, but only the first `shown` get their previews (the page shows those, and
 * makes cards for those only: SearchHits.slice).
 */
export function useArticleHits(
  tab: HomeTab,
  query: string,
  shown = PREVIEWS_AT_ONCE,
): SearchHits | undefined {
  const stored = useStoredArticles();
  const all = useMemo(() => withServerCards(stored), [stored]);
  const visible = useMemo(
    () => (all && tab !== INDEX_TAB ? all.filter((a: ArticleSummary) => a.category === tab) : all),
    [all, tab],
  );
  const unsearched = useMemo(() => visible && SearchHits.unsearched(visible), [visible]);
  const needle = normaliseQuery(query);
  // The answer with the query it answers: previews are built for that query's hits.
  const [found, setFound] = useState<{ needle: string; hits: SearchHits }>();

  // The search worker loads its index after the first screen, before anyone types; the search
  // groups' file comes then too.
  useEffect(() => startSearchSoon(prefetchSearchGroups), []);

  useEffect(() => {
    if (!all || !visible || !needle) return;
    let current = true;
    searchArticles(needle, visible, all, PREVIEWS_AT_ONCE).then(
      (hits) => current && setFound({ needle, hits }),
      (error: unknown) => {
        console.error('[search]', error);
        if (current) setFound({ needle, hits: SearchHits.found([], new Int32Array(0), []) });
      },
    );
    return () => {
      current = false;
    };
  }, [all, visible, needle]);

  // More hits shown: their previews are asked for (a screenful at a time, see HomePage).
  useEffect(() => {
    if (!found) return;
    let current = true;
    withPreviews(found.needle, found.hits, shown).then(
      (hits) => current && hits !== found.hits && setFound({ needle: found.needle, hits }),
      (error: unknown) => console.error('[search]', error),
    );
    return () => {
      current = false;
    };
  }, [found, shown]);

  return needle ? found?.hits : unsearched;
}

/** Whether a whole sync has finished, as of the stored articles' last read (db.ts StoredArticles). */
export function useHasSynced(): boolean | undefined {
  return useStoredArticles()?.synced;
}

/**
 * A first visit to the home page shows the newest cards the server wrote into the page (titles,
 * subtitles, categories: no bodies) until the device's first sync has finished; the cards the
 * sync stores meanwhile join them, newest first, so nothing on the first screen is replaced.
 */
function withServerCards(stored: StoredArticles | undefined): ArticleSummary[] | undefined {
  const data = stored?.synced === true ? null : firstPaintFor(paths.home);
  if (data?.page !== 'home' || !data.articles.length) return stored?.articles;
  const known = new Set(stored?.articles.map((a) => a._id));
  const extra = data.articles.filter((a) => !known.has(a._id));
  if (!extra.length) return stored?.articles;
  return [...(stored?.articles ?? []), ...extra].sort((a, b) => compareNewestFirst(a.createdAt, a._id, b.createdAt, b._id));
}
