// The home page: the search box, the category tabs and the article cards (HomeResults.tsx). The
// search and the tab live in the address (use-home-search.ts).
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CATEGORIES, INDEX_TAB } from '@fw/contracts/categories';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useOnline } from '../../sync/status.ts';
import { CategoryTabs } from './CategoryTabs.tsx';
import { ContinueReading } from './ContinueReading.tsx';
import { DailyCard } from '../daily/index.ts';
import { ArticleCards, EmptyState, LoadingCards, ResultCount } from './HomeResults.tsx';
import { useArticleHits, useHasSynced } from './use-articles.ts';
import { useSavedIds } from './use-saved.ts';
import { useHomeSearch, type HomeSearch } from './use-home-search.ts';
import { useRestoredScroll } from './use-restored-scroll.ts';
import { SearchExtras } from '../search/index.ts';
import { serverScreenShown } from '../../lib/first-paint.ts';
import styles from './HomePage.module.css';

const TAGLINE = 'Live your best life now, guided by the wisdom of the Bible.';

function SearchHero({ search }: { search: HomeSearch }) {
  return (
    <section className={styles.hero}>
      <h1 className={styles.heading}>Living Best Now</h1>
      <p className={styles.tagline}>{TAGLINE}</p>
      <form role="search" className={styles.search} onSubmit={search.submit}>
        <label htmlFor="search-input" className="visually-hidden">
          Search articles
        </label>
        <input
          id="search-input"
          type="search"
          required
          placeholder="Search articles..."
          value={search.input}
          onChange={(e) => search.setInput(e.target.value)}
        />
        <button type="submit">
          <SearchIcon /> Search
        </button>
        {search.query ? (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              search.clear();
              // The button goes with the search: the keyboard stays in the search box, not the page's top.
              document.getElementById('search-input')?.focus();
            }}
          >
            Clear Search
          </button>
        ) : null}
      </form>
    </section>
  );
}

/**
 * The tab's panel: the category's heading, the result count of a search, and its cards. `onDrawn`
 * is told once it shows its cards (or says there are none), not while they load.
 */
function ArticlePanel({ search, onDrawn }: { search: HomeSearch; onDrawn: () => void }) {
  const { query, tab, shown } = search;
  const hits = useArticleHits(tab, query, shown);
  // A search inside a category also counts its matches in every category (no previews needed).
  const everywhere = useArticleHits(INDEX_TAB, tab === INDEX_TAB ? '' : query, 0);
  const hasSynced = useHasSynced();
  const savedIds = useSavedIds();
  const online = useOnline();
  const selected = CATEGORIES.find((c) => c.category === tab);
  const loading = hits === undefined || (hits.length === 0 && !query && hasSynced === false && online);
  useEffect(() => {
    if (!loading) onDrawn();
  }, [loading, onDrawn]);
  // Back lands where the reader was once everything above the cards is drawn too (the count line
  // of a search inside a category grows when its all-categories count arrives), and once the cards
  // are the device's own: until its list is read, the page shows the dozen cards the server wrote
  // into it, and a place further down was cut short to their end.
  const listRef = useRef<HTMLDivElement>(null);
  useRestoredScroll(!loading && hasSynced !== undefined && (!query || tab === INDEX_TAB || everywhere !== undefined), listRef);
  return (
    <div id="category-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} ref={listRef}>
      {selected ? (
        <div className={styles.categoryIntro}>
          <h2>{selected.heading}</h2>
          <p>{selected.description}</p>
        </div>
      ) : null}
      {query && hits ? (
        <h2 className={styles.groupHeading}>
          Articles <span className={styles.groupCount}>({hits.length})</span>
        </h2>
      ) : null}
      {query && hits ? (
        <ResultCount
          count={hits.length}
          query={query}
          category={selected?.category}
          everywhere={selected && everywhere ? everywhere.length : undefined}
          onShowAll={search.showAllCategories}
        />
      ) : null}
      {loading ? (
        <LoadingCards />
      ) : hits.length ? (
        <ArticleCards hits={hits} searching={Boolean(query)} shown={shown} savedIds={savedIds} onMore={search.showMore} />
      ) : query ? null : (
        <EmptyState synced={hasSynced === true} />
      )}
    </div>
  );
}

/**
 * The longest the cards wait for the boxes above them (today's text, continue reading) to be read
 * from the device before they are drawn anyway.
 */
const ABOVE_CARDS_WAIT_MS = 600;
/**
 * How long a search's results wait for its passage's card to be drawn at all (the search groups'
 * file, lazy-groups.tsx): the card keeps room for verses still being read, so once it is drawn the
 * results need not wait for them; drawn before the card, they were pushed down by it (0.21 in a
 * browser test run beside another, the file late).
 */
const PASSAGE_DRAWN_WAIT_MS = 2000;

/**
 * How tall the tabs and cards were when the home page was last left. Back returns to the page with
 * the window already scrolled to where it was (the browser puts it back), so what stands in for
 * the cards while they wait, and the panel while it reads them, must be as tall as they were, or
 * the footer shows there meanwhile.
 */
let belowBoxesHeight = 0;

/**
 * A box drawn above cards already on screen pushes them down under the reader's eyes (a layout
 * shift of 0.085 on a 375 px phone for today's text alone), so where the app draws the page
 * itself (the service worker's shell, or a return from another screen) the tabs and cards come
 * once both boxes have settled: today's text first, continue reading under it, then the rest.
 * Where the server's drawing of the page is on screen, its cards stay: a first visit shows
 * neither box, and taking the cards away would move the page the other way.
 */
function useAboveCards(noDailyCard: boolean, query: string) {
  const [wait] = useState(() => !serverScreenShown());
  // A search's address opened afresh (a reload, a link): the passage a reference names goes above
  // the results, and drawn after them it pushed them down (a layout shift of 0.16 to 0.25), the
  // server's own cards or not (they are the newest articles, not the search's). A search made on
  // the page shows its passage ahead of the results already (features/search/use-passages.ts).
  const [passageWait] = useState(() => query !== '');
  const [daily, setDaily] = useState(!wait);
  const [continued, setContinued] = useState(!wait);
  const [passage, setPassage] = useState(!passageWait);
  const [passageDrawn, setPassageDrawn] = useState(!passageWait);
  const [waited, setWaited] = useState(!wait && !passageWait);
  const [waitedForPassage, setWaitedForPassage] = useState(false);
  useEffect(() => {
    if (!wait && !passageWait) return;
    const timer = setTimeout(() => setWaited(true), ABOVE_CARDS_WAIT_MS);
    const passageTimer = passageWait ? setTimeout(() => setWaitedForPassage(true), PASSAGE_DRAWN_WAIT_MS) : undefined;
    return () => {
      clearTimeout(timer);
      clearTimeout(passageTimer);
    };
  }, [wait, passageWait]);
  const dailyDone = daily || noDailyCard || waited;
  return {
    dailyDone,
    allDone: (dailyDone && continued && passage) || (waited && passageDrawn) || waitedForPassage,
    dailySettled: useCallback(() => setDaily(true), []),
    continueSettled: useCallback(() => setContinued(true), []),
    passageSettled: useCallback(() => setPassage(true), []),
    passageShown: useCallback(() => setPassageDrawn(true), []),
  };
}

export function HomePage() {
  const search = useHomeSearch();
  // No card for today's text over a search's results: nothing to wait for.
  const above = useAboveCards(Boolean(search.query), search.query);
  const belowRef = useRef<HTMLDivElement>(null);
  const [cardsDrawn, setCardsDrawn] = useState(false);
  const cardsShown = useCallback(() => setCardsDrawn(true), []);
  // Only on a return to the page: a first drawing keeps to the server's.
  const kept = belowBoxesHeight > 0 ? { minHeight: `max(100vh, ${belowBoxesHeight}px)` } : undefined;
  useLayoutEffect(() => {
    const below = belowRef.current;
    if (!below) return;
    // Read as the page goes, before its elements leave the document.
    return () => void (belowBoxesHeight = below.offsetHeight);
  }, [above.allDone]);
  return (
    <>
      <SearchHero search={search} />
      <div className="page">
        {/* A reference's passage first; the lessons and Bible verses after the articles (features/search). */}
        <SearchExtras query={search.query} part="top" onSettled={above.passageSettled} onDrawn={above.passageShown} />
        {/* Neither box over a search's results; both stay read meanwhile, so clearing the search
            draws them with the cards, not after them. */}
        <Suspense fallback={null}>
          <DailyCard onSettled={above.dailySettled} hidden={Boolean(search.query)} />
        </Suspense>
        <ContinueReading show={above.dailyDone && !search.query} onSettled={above.continueSettled} />
        {above.allDone ? (
          <div ref={belowRef} style={cardsDrawn ? undefined : kept}>
            {/* Keeps the heading levels in order (h1, h2, then the cards' h3) when no category is shown. */}
            {search.query ? null : <h2 className="visually-hidden">Articles</h2>}
            <CategoryTabs selected={search.tab} onSelect={search.selectTab} />
            <ArticlePanel search={search} onDrawn={cardsShown} />
            {/* Under the cards once they are drawn: the skeleton cards standing in for a search's
                results are taller than "No articles match", and lessons drawn under the skeleton
                rose with it when the results came. */}
            {cardsDrawn ? <SearchExtras query={search.query} part="bottom" /> : null}
          </div>
        ) : (
          // Keeps the footer below the screen's edge meanwhile, so the cards' arrival moves nothing.
          <div className={styles.aboveCardsWait} style={kept} />
        )}
      </div>
    </>
  );
}
