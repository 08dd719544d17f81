// "Mark as read" as a toggle, on the plan page (PlanPage.tsx) and under a chapter read to its end
// (PlanReadingMark.tsx): pressed once the readings are done, and pressed again it takes their marks
// back, with a line saying so. It stays where it is either way, so the keyboard stays on it.
import buttons from '../../components/ui/buttons.module.css';
import { PLAN_WORDS } from './plan-words.ts';
import styles from './PlansPage.module.css';

export function MarkReadToggle({ read, label, onToggle }: { read: boolean; label: string; onToggle: () => void }) {
  return (
    <div className={styles.markRow}>
      <button type="button" className={`${buttons.primary} ${styles.mark}`} aria-pressed={read} onClick={onToggle} aria-label={`${PLAN_WORDS.markRead}: ${label}`}>
        <span className={styles.markBox} aria-hidden="true">
          {read ? '✓' : ''}
        </span>
        {PLAN_WORDS.markRead}
      </button>
      {read ? <span className={styles.muted}>{PLAN_WORDS.unmarkHint}</span> : null}
    </div>
  );
}
