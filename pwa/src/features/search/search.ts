// Offline search over the device's articles: the spec's rule (title, category or body text,
// case-insensitive) on plain text prepared at sync time, never stripped at query time.
// The bodies are read from IndexedDB once, into the in-memory index (search-index.ts), on the
// first search of the page's life; each later search first brings the index up to date with
// the article list it is given (only changed articles are re-read), so it is never stale.
import { normaliseQuery, type SearchPreview } from '@fw/contracts/text';
import { db, type ArticleSummary } from '../../db/db.ts';
import { SearchIndex } from './search-index.ts';

export interface SearchHit {
  article: ArticleSummary;
  preview: SearchPreview | null;
}

/** Bodies read from IndexedDB per request while (re)building: bounds the memory held at once. */
const BODY_READ_BATCH = 500;
/** After adding this many articles at once, the index gives back the room its lists grew into. */
const TRIM_AFTER_ADDING = 200;

let index = new SearchIndex();
/** One update at a time, so two searches never read the same bodies twice. */
let updating: Promise<void> = Promise.resolve();

const stampOf = (article: ArticleSummary) => `${article.version}|${article.updatedAt}`;

/** The list the index was last brought up to date with (the hook passes the same array until Dexie changes). */
let checkedList: readonly ArticleSummary[] | null = null;
let checkedAtChange = -1;

async function bringUpToDate(all: readonly ArticleSummary[]): Promise<void> {
  if (all === checkedList && index.changes === checkedAtChange) return;
  const stale = all.filter((article) => index.stampOf(article._id) !== stampOf(article));
  for (let from = 0; from < stale.length; from += BODY_READ_BATCH) {
    const batch = stale.slice(from, from + BODY_READ_BATCH);
    const bodies = await db.bodies.bulkGet(batch.map((a) => a._id));
    batch.forEach((article, i) => {
      const body = bodies[i];
      index.upsert({
        id: article._id,
        stamp: stampOf(article),
        title: article.title,
        category: article.category,
        text: body?.text ?? '',
        textLower: body?.textLower ?? '',
      });
    });
  }
  if (stale.length >= TRIM_AFTER_ADDING) index.trim();
  // Every article of `all` is indexed now; more entries means some were removed from the device.
  if (index.size > all.length) index.retain(new Set(all.map((a) => a._id)));
  checkedList = all;
  checkedAtChange = index.changes;
}

/** Brings the index up to date with `all`, the device's whole article list (never changed in place). */
export function updateSearchIndex(all: readonly ArticleSummary[]): Promise<void> {
  updating = updating.catch(() => {}).then(() => bringUpToDate(all));
  return updating;
}

/**
 * The articles of `articles` (kept in their order) that match `query`, with previews.
 * `all` is every article on the device (`articles` may be one tab of it): the index follows it.
 */
export async function searchArticles(
  query: string,
  articles: ArticleSummary[],
  all: readonly ArticleSummary[] = articles,
): Promise<SearchHit[]> {
  const needle = normaliseQuery(query);
  if (!needle) return articles.map((article) => ({ article, preview: null }));
  await updateSearchIndex(all);
  return index.search(needle, articles);
}

/** Starts over with an empty index (tests, whose databases are wiped between cases). */
export function forgetSearchIndex(): void {
  index = new SearchIndex();
  checkedList = null;
}

/** Size of the index, for tests and the benchmark. */
export function searchIndexStats(): { articles: number; words: number } {
  return { articles: index.size, words: index.vocabularySize };
}
