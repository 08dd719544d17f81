// What the home page shows under its tabs: placeholder cards while loading, the article cards
// (a search a screenful at a time), how many matched, or why there is nothing.
import type { SearchHits } from '../search/index.ts';
import { ArticleCard, SkeletonCard } from './ArticleCard.tsx';
import { WindowedCards } from './WindowedCards.tsx';
import styles from './HomePage.module.css';

const SKELETON_CARDS = 8;

export function LoadingCards() {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label="Loading articles">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </ul>
  );
}

/**
 * The cards; a search shows a screenful of its hits at a time (thousands of cards would freeze a
 * phone), and a large library without a search is drawn a window at a time (WindowedCards.tsx).
 */
export function ArticleCards({ hits, searching, shown, savedIds, onMore }: { hits: SearchHits; searching: boolean; shown: number; savedIds: Set<string>; onMore: () => void }) {
  if (!searching) return <WindowedCards hits={hits} savedIds={savedIds} />;
  return (
    <>
      <ul className={styles.grid}>
        {hits.slice(0, shown).map((hit) => (
          <ArticleCard key={hit.article._id} hit={hit} saved={savedIds.has(hit.article._id)} />
        ))}
      </ul>
      {hits.length > shown ? (
        <button type="button" className={styles.more} onClick={onMore}>
          Show more results ({hits.length - shown} more)
        </button>
      ) : null}
    </>
  );
}

/**
 * How many articles match; inside a category also how many match in all of them, with a way to
 * see those (a search on a narrow tab must not look like a search that found nothing). When none
 * match anywhere it says so alone: the page then shows no other line about it (the hero's Clear
 * Search is the way back), as the lessons' and verses' groups below say theirs (features/search).
 */
export function ResultCount({
  count,
  query,
  category,
  everywhere,
  onShowAll,
}: {
  count: number;
  query: string;
  category?: string;
  everywhere?: number;
  onShowAll: () => void;
}) {
  const articles = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;
  const matches = count === 1 ? 'matches' : 'match';
  if (count === 0 && (!category || everywhere === 0)) {
    return (
      <p className={styles.resultCount} aria-live="polite">
        No articles match “{query}”.
      </p>
    );
  }
  if (!category || everywhere === undefined) {
    return (
      <p className={styles.resultCount} aria-live="polite">
        {articles(count)} {matches} “{query}”.
      </p>
    );
  }
  return (
    <div className={styles.resultCount} aria-live="polite">
      <p>
        {articles(count)} in {category} {matches} “{query}”; {articles(everywhere)} in all categories.
      </p>
      {everywhere > count ? (
        <button type="button" className={styles.clear} onClick={onShowAll}>
          Show all {everywhere}
        </button>
      ) : null}
    </div>
  );
}

/** Why a list without a search is empty (a search's empty answer is its count line: ResultCount). */
export function EmptyState({ synced }: { synced: boolean }) {
  return (
    <div className="empty-state">
      <p>
        {synced
          ? 'There are no articles here yet.'
          : 'No articles are saved on this device yet. Connect to the internet once and they will download for offline reading.'}
      </p>
    </div>
  );
}
