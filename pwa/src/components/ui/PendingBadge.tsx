// The mark on a record whose change is still in the outbox: the screen already shows the change,
// the server has not confirmed it yet; or the server refused it, or another admin's save crossed it
// (a conflict), and the admin must choose.
import { AlertIcon, ClockIcon } from './icons.tsx';
import styles from './PendingBadge.module.css';

export type PendingMark = 'pending' | 'attention' | 'conflict';

export function PendingBadge({ mark = 'pending' }: { mark?: PendingMark }) {
  if (mark !== 'pending') {
    const conflict = mark === 'conflict';
    return (
      <span
        className={`${styles.badge} ${styles.attention}`}
        title={conflict ? 'Someone else saved a newer version meanwhile' : 'The server refused this change'}
        data-testid="attention-badge"
        data-mark={mark}
      >
        <AlertIcon width={14} height={14} />
        <span>{conflict ? 'in conflict' : 'needs attention'}</span>
      </span>
    );
  }
  return (
    <span className={styles.badge} title="Waiting to sync" data-testid="pending-badge">
      <ClockIcon width={14} height={14} />
      <span>pending</span>
    </span>
  );
}
