import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORIES, HOME_TABS, INDEX_TAB, type HomeTab } from '@fw/contracts/categories';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useOnline } from '../../sync/status.ts';
import { ArticleCard, SkeletonCard } from './ArticleCard.tsx';
import { CategoryTabs } from './CategoryTabs.tsx';
import { ContinueReading } from './ContinueReading.tsx';
import { useArticleHits, useHasSynced } from './use-articles.ts';
import { PREVIEWS_AT_ONCE } from '../search/index.ts';
import { useSavedIds } from './use-saved.ts';
import { useRestoredScroll } from './use-restored-scroll.ts';
import styles from './HomePage.module.css';

const TAGLINE = 'Live your best life now, guided by the wisdom of the Bible.';
const SKELETON_CARDS = 8;
/** Search results shown at first and added by each "Show more results". */
const RESULTS_AT_ONCE = PREVIEWS_AT_ONCE;

/** The address's `q` and `tab`: a search and a category survive Back, a reload and a shared link. */
const SEARCH_PARAM = 'q';
const TAB_PARAM = 'tab';

const tabOf = (value: string | null): HomeTab => HOME_TABS.find((tab) => tab === value) ?? INDEX_TAB;

export function HomePage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get(SEARCH_PARAM) ?? '').trim();
  const tab = tabOf(params.get(TAB_PARAM));
  const [input, setInput] = useState(query);
  const [inputFor, setInputFor] = useState(query);
  const [shown, setShown] = useState(RESULTS_AT_ONCE);
  // Back and Forward change the address under the box: the box follows.
  if (inputFor !== query) {
    setInputFor(query);
    setInput(query);
  }
  const hits = useArticleHits(tab, query, shown);
  // A search inside a category also counts its matches in every category (no previews needed).
  const everywhere = useArticleHits(INDEX_TAB, tab === INDEX_TAB ? '' : query, 0);
  const hasSynced = useHasSynced();
  const savedIds = useSavedIds();
  const online = useOnline();
  const selected = CATEGORIES.find((c) => c.category === tab);

  /** One history entry per search; a tab change replaces the entry (arrow keys would flood Back). */
  function show(next: { query: string; tab: HomeTab }, replace: boolean) {
    const search = new URLSearchParams();
    if (next.query) search.set(SEARCH_PARAM, next.query);
    if (next.tab !== INDEX_TAB) search.set(TAB_PARAM, next.tab);
    setParams(search, { replace });
    setShown(RESULTS_AT_ONCE);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    show({ query: input.trim(), tab }, false);
  }
  function clear() {
    setInput('');
    show({ query: '', tab }, false);
  }
  function selectTab(next: HomeTab) {
    show({ query, tab: next }, true);
  }

  const loading = hits === undefined || (hits.length === 0 && !query && hasSynced === false && online);
  // Back lands where the reader was once everything above the cards is drawn too (the count line
  // of a search inside a category grows when its all-categories count arrives).
  const listRef = useRef<HTMLDivElement>(null);
  useRestoredScroll(!loading && (!query || tab === INDEX_TAB || everywhere !== undefined), listRef);
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
        <div id="category-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} ref={listRef}>
          {selected ? (
            <div className={styles.categoryIntro}>
              <h2>{selected.heading}</h2>
              <p>{selected.description}</p>
            </div>
          ) : null}
          {query && hits ? (
            <ResultCount
              count={hits.length}
              query={query}
              category={selected?.category}
              everywhere={selected && everywhere ? everywhere.length : undefined}
              onShowAll={() => show({ query, tab: INDEX_TAB }, false)}
            />
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
                {(query ? hits.slice(0, shown) : hits.slice()).map((hit) => (
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
          ) : query && selected && everywhere?.length ? null : (
            <EmptyState query={query} onClear={clear} synced={hasSynced === true} />
          )}
        </div>
      </div>
    </>
  );
}

/**
 * How many articles match; inside a category also how many match in all of them, with a way to
 * see those (a search on a narrow tab must not look like a search that found nothing).
 */
function ResultCount({
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
