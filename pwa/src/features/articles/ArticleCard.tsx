import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { SearchHit } from '../search/index.ts';
import { paths } from '../../lib/paths.ts';
import { CategoryBadge } from './CategoryBadge.tsx';
import { SaveButton } from './SaveButton.tsx';
import styles from './ArticleCard.module.css';

/** Where a card stands in a list drawn a window at a time (WindowedCards.tsx): its place in all of it. */
interface WindowPlace {
  place?: { position: number; of: number };
  /** The first card of a row: measured for the row's height. */
  measureRef?: Ref<HTMLLIElement>;
}

export function ArticleCard({ hit, saved, place, measureRef }: { hit: SearchHit; saved: boolean } & WindowPlace) {
  const { article, preview } = hit;
  return (
    <li className={styles.card} ref={measureRef} aria-posinset={place?.position} aria-setsize={place?.of} data-place={article._id}>
      <Link to={paths.article(article._id)} className={styles.link} data-testid="article-card">
        {article.category ? <CategoryBadge category={article.category} /> : null}
        <h3 className={styles.title}>{article.title}</h3>
        <p className={styles.subtitle}>{article.subtitle}</p>
        {preview ? (
          <p className={styles.preview} data-testid="search-preview">
            {preview.before}
            <mark>{preview.match}</mark>
            {preview.after}
          </p>
        ) : null}
      </Link>
      <SaveButton article={article} saved={saved} />
    </li>
  );
}

export function SkeletonCard() {
  return (
    <li className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <span className={styles.bar} style={{ width: '30%' }} />
      <span className={styles.bar} style={{ width: '80%', height: 20 }} />
      <span className={styles.bar} style={{ width: '95%' }} />
      <span className={styles.bar} style={{ width: '60%' }} />
    </li>
  );
}
