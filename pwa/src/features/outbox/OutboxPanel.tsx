// The admin's view of the outbox: changes the server refused (its message, Retry or Discard),
// edits that crossed another admin's (both versions, Keep mine or Take theirs), and, folded
// away, the changes still waiting to be sent. Nothing leaves the outbox without a choice here.
import { useOutboxEntries } from '../../sync/status.ts';
import { discardEntry, resolveConflict, retryEntry } from '../../sync/outbox.ts';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { AlertIcon, ClockIcon } from '../../components/ui/icons.tsx';
import type { OutboxEntry } from '../../db/db.ts';
import { ConflictVersions } from './ConflictVersions.tsx';
import { CONFLICT_SENTENCE } from '../../lib/admin-messages.ts';
import styles from './OutboxPanel.module.css';

const DISCARD_QUESTION = {
  title: 'Discard change',
  text: 'Discard this change? It will not be sent, and the server’s version stays.',
} as const;

export function OutboxPanel() {
  const outbox = useOutboxEntries();
  const { confirm, dialog } = useConfirm();
  const problems = outbox.filter((e) => e.status === 'failed' || e.status === 'conflict');
  const waiting = outbox.filter((e) => e.status !== 'failed' && e.status !== 'conflict');
  if (!problems.length && !waiting.length) return null;

  async function discard(entry: OutboxEntry) {
    if (await confirm(DISCARD_QUESTION)) await discardEntry(entry.seq!);
  }

  return (
    <section className={styles.panel} aria-label="Changes not yet on the server" data-testid="outbox-panel">
      {problems.map((entry) => (
        <article key={entry.key} className={styles.problem} data-testid="outbox-problem">
          <h2 className={styles.label}>
            <AlertIcon /> {entry.label}
          </h2>
          <p className={styles.message} role="alert">
            {entry.status === 'conflict' ? CONFLICT_SENTENCE : (entry.lastError ?? 'The server refused this change.')}
          </p>
          {entry.status === 'conflict' && entry.serverCopy ? (
            <>
              <ConflictVersions mine={entry.body} theirs={entry.serverCopy} />
              <div className={`${styles.actions} ${styles.stickyActions}`}>
                <button type="button" className={buttonStyles.primary} onClick={() => void resolveConflict(entry.seq!, 'mine')}>
                  Keep mine
                </button>
                <button type="button" className={buttonStyles.secondary} onClick={() => void resolveConflict(entry.seq!, 'theirs')}>
                  Take theirs
                </button>
              </div>
            </>
          ) : (
            <div className={styles.actions}>
              <button type="button" className={buttonStyles.primary} onClick={() => void retryEntry(entry.seq!)}>
                Retry
              </button>
              <button type="button" className={buttonStyles.secondary} onClick={() => void discard(entry)}>
                Discard
              </button>
            </div>
          )}
        </article>
      ))}
      {waiting.length ? (
        <details className={styles.waiting}>
          <summary>
            {/* The count is in the status line above; this only opens the list. */}
            <ClockIcon /> Show what is waiting to be sent
          </summary>
          <ul>
            {waiting.map((entry) => (
              <li key={entry.key}>
                {entry.label}
                {entry.lastError ? <span className={styles.retrying}> · will retry: {entry.lastError}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {dialog}
    </section>
  );
}
