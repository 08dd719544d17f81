// The Saved page: the articles bookmarked on this device, read from IndexedDB, so it works
// offline. A saved article that was unpublished is not linked; a short note says it went away.
import { useEffect, useRef, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { forgetSaved, useSavedIds, useSavedList } from './use-saved.ts';
import styles from './HomePage.module.css';
import pageStyles from './SavedPage.module.css';

/**
 * Keeps the keyboard on the list when a card leaves it (its bookmark un-saved it): to the bookmark
 * of the card now in its place, or of the last one, or to the empty state's link.
 */
function useFocusAfterRemoval(count: number | undefined) {
  const grid = useRef<HTMLUListElement>(null);
  const focused = useRef<number | null>(null);
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const at = focused.current;
    if (at === null || count === undefined || (document.activeElement && document.activeElement !== document.body)) return;
    focused.current = null;
    const cards = grid.current?.querySelectorAll<HTMLElement>('[data-testid="save-button"]');
    const target = cards?.length ? cards[Math.min(at, cards.length - 1)] : page.current?.querySelector<HTMLElement>('.empty-state a');
    target?.focus();
  }, [count]);
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const card = (event.target as HTMLElement).closest('li');
    focused.current = card ? [...event.currentTarget.children].indexOf(card) : null;
  };
  return { gridRef: grid, pageRef: page, onFocus };
}

export function SavedPage() {
  const list = useSavedList();
  const savedIds = useSavedIds();
  const { gridRef, pageRef, onFocus } = useFocusAfterRemoval(list?.articles.length);
  useEffect(() => {
    document.title = 'Saved articles · Living Best Now';
  }, []);

  return (
    <div className="page" ref={pageRef}>
      <h1 className={pageStyles.heading}>Saved articles</h1>
      <p className={pageStyles.intro}>Articles you saved stay on this device and open without a connection.</p>
      {list?.gone.length ? (
        <div className={pageStyles.gone} role="status" data-testid="saved-gone">
          <ul>
            {list.gone.map((g) => (
              <li key={g._id}>“{g.title}” is no longer published, so it was taken off your saved list.</li>
            ))}
          </ul>
          <button type="button" className={styles.clear} onClick={() => void forgetSaved(list.gone.map((g) => g._id))}>
            OK
          </button>
        </div>
      ) : null}
      {list === undefined ? null : list.articles.length ? (
        <>
        {/* Keeps heading levels in order above the cards' h3. */}
        <h2 className="visually-hidden">On this device</h2>
        <ul className={styles.grid} aria-label="Saved articles" ref={gridRef} onFocus={onFocus}>
          {list.articles.map((article) => (
            <ArticleCard key={article._id} hit={{ article, preview: null }} saved={savedIds.has(article._id)} />
          ))}
        </ul>
        </>
      ) : (
        <div className="empty-state">
          <p>Nothing saved yet. Tap the bookmark on an article to keep it here for later.</p>
          <Link to={paths.home} className="tap-link">Browse the articles</Link>
        </div>
      )}
    </div>
  );
}
