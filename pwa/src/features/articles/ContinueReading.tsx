// "Continue reading" on the home page: the last article opened and not finished.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { useContinueReading } from './use-reading-place.ts';
import styles from './ContinueReading.module.css';

/**
 * `show`: false keeps the box back while it is read (HomePage.tsx draws what is above it first);
 * `onSettled` is told once the device has answered whether there is one.
 */
export function ContinueReading({ show = true, onSettled }: { show?: boolean; onSettled?: () => void }) {
  const next = useContinueReading();
  const answered = next !== undefined;
  useEffect(() => {
    if (answered) onSettled?.();
  }, [answered, onSettled]);
  if (!next || !show) return null;
  const percent = Math.round(next.place.progress * 100);
  return (
    <section className={styles.box} aria-labelledby="continue-heading" data-testid="continue-reading">
      <h2 id="continue-heading" className={styles.heading}>
        Continue reading
      </h2>
      <Link to={paths.article(next.article._id)} className={styles.link}>
        <span className={styles.title}>{next.article.title}</span>
        <span className={styles.meta}>{percent}% read</span>
        <span className={styles.bar} aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
      </Link>
    </section>
  );
}
