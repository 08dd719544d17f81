// The mark on a record whose change is still in the outbox: the screen already shows the change,
// the server has not confirmed it yet.
import { ClockIcon } from './icons.tsx';
import styles from './PendingBadge.module.css';

export function PendingBadge() {
  return (
    <span className={styles.badge} title="Waiting to sync" data-testid="pending-badge">
      <ClockIcon width={14} height={14} />
      <span>pending</span>
    </span>
  );
}
