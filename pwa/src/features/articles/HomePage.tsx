import { useState, type FormEvent } from 'react';
import { CATEGORIES, INDEX_TAB, type HomeTab } from '@fw/contracts/categories';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useOnline } from '../../sync/status.ts';
import { ArticleCard, SkeletonCard } from './ArticleCard.tsx';
import { CategoryTabs } from './CategoryTabs.tsx';
import { ContinueReading } from './ContinueReading.tsx';
import { useArticleHits, useHasSynced } from './use-articles.ts';
import { PREVIEWS_AT_ONCE } from '../search/search.ts';
import { useSavedIds } from './use-saved.ts';
import styles from './HomePage.module.css';

export const TAGLINE = 'Live your best life now, guided by the wisdom of the Bible.';
const SKELETON_CARDS = 8;
/** Search results shown at first and added by each "Show more results". */
const RESULTS_AT_ONCE = PREVIEWS_AT_ONCE;

export function HomePage() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<HomeTab>(INDEX_TAB);
  const [shown, setShown] = useState(RESULTS_AT_ONCE);
  const hits = useArticleHits(tab, query, shown);
  const hasSynced = useHasSynced();
  const savedIds = useSavedIds();
  const online = useOnline();
  const selected = CATEGORIES.find((c) => c.category === tab);

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(input.trim());
    setShown(RESULTS_AT_ONCE);
  }
  function clear() {
    setInput('');
    setQuery('');
    setShown(RESULTS_AT_ONCE);
  }
  function selectTab(next: HomeTab) {
    setTab(next);
    setShown(RESULTS_AT_ONCE);
  }

  const loading = hits === undefined || (hits.length === 0 && !query && hasSynced === false && online);
  return (
    <>
      <section className={styles.hero}>
        <h1 className={styles.heading}>Living Best Now</h1>
        <p className={styles.tagline}>{TAGLINE}</p>
        <form role="search" className={styles.search} onSubmit={submit}>
          <label htmlFor="search-input" className="visually-hidden">
            Search articles
          </label>
          <input
            id="search-input"
            type="search"
            required
            placeholder="Search articles..."
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit">
            <SearchIcon /> Search
          </button>
          {query ? (
            <button type="button" className={styles.clear} onClick={clear}>
              Clear Search
            </button>
          ) : null}
        </form>
      </section>
      <div className="page">
        <ContinueReading />
        {/* Keeps the heading levels in order (h1, h2, then the cards' h3) when no category is shown. */}
        <h2 className="visually-hidden">Articles</h2>
        <CategoryTabs selected={tab} onSelect={selectTab} />
        <div id="category-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
          {selected ? (
            <div className={styles.categoryIntro}>
              <h2>{selected.heading}</h2>
              <p>{selected.description}</p>
            </div>
          ) : null}
          {query && hits ? (
            <p className={styles.resultCount} aria-live="polite">
              {hits.length} {hits.length === 1 ? 'article matches' : 'articles match'} “{query}”.
            </p>
          ) : null}
          {loading ? (
            <ul className={styles.grid} aria-busy="true" aria-label="Loading articles">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <SkeletonCard key={i} />
              ))}
            </ul>
          ) : hits.length ? (
            <>
              <ul className={styles.grid}>
                {/* A search shows a screenful of its hits at a time (thousands of cards would freeze a phone). */}
                {(query ? hits.slice(0, shown) : hits).map((hit) => (
                  <ArticleCard key={hit.article._id} hit={hit} saved={savedIds.has(hit.article._id)} />
                ))}
              </ul>
              {query && hits.length > shown ? (
                <button
                  type="button"
                  className={styles.more}
                  onClick={() => setShown((n) => n + RESULTS_AT_ONCE)}
                >
                  Show more results ({hits.length - shown} more)
                </button>
              ) : null}
            </>
          ) : (
            <EmptyState query={query} onClear={clear} synced={hasSynced === true} />
          )}
        </div>
      </div>
    </>
  );
}

function EmptyState({ query, onClear, synced }: { query: string; onClear: () => void; synced: boolean }) {
  if (query) {
    return (
      <div className="empty-state">
        <p>No articles match “{query}”.</p>
        <button type="button" className={styles.clear} onClick={onClear}>
          Clear Search
        </button>
      </div>
    );
  }
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
