// The loading screen: a spinner, and a way out if the page never loads.
import { Link } from 'react-router-dom';
import { Spinner } from './Spinner.tsx';
import styles from './LoadingScreen.module.css';

export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.screen}>
      <Spinner label={label} />
      <p className={styles.hint}>
        If this page does not load, <button type="button" className={styles.link} onClick={() => location.reload()}>refresh</button> or go{' '}
        <Link to="/">home</Link>.
      </p>
    </div>
  );
}
