// A thin bar at the top of the screen while the next screen loads (its code, on a slow line):
// the tap is seen to have worked. Shown only after a short delay, so a fast change never flickers.
import { useNavigation } from 'react-router-dom';
import styles from './RouteProgress.module.css';

export function RouteProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return <div className={styles.bar} role="progressbar" aria-label="Loading the page" data-testid="route-progress" />;
}
