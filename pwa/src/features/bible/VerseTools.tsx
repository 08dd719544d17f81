// The tools for the selected verses of the chapter reader: highlight and note (the study tools),
// share the words with their link, share them as an image (the verse card, loaded on first use),
// and "Cited in": the articles and lessons on this device citing them. Placed right after the
// last selected verse, so the keyboard reaches it next (Tab), and shown as a panel at the foot of
// the screen.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ScriptureRange } from '@fw/contracts/bible';
import { notifyError } from '../../components/ui/toast.tsx';
import { useModal } from '../../components/ui/use-modal.ts';
import { citedIn, type Citing } from './cited-in.ts';
import { sharePassage } from './share-passage.ts';
import type { VerseCardDialogProps } from './VerseCardDialog.tsx';
import styles from './ChapterTools.module.css';

interface Props {
  title: string;
  range: ScriptureRange;
  href: string;
  words: string;
  translation: string;
  /** The study tools (colours, note) for these verses. */
  study: ReactNode;
  onClear: () => void;
}

function CitedInDialog({ title, list, onClose }: { title: string; list: Citing[]; onClose: () => void }) {
  const ref = useModal(true);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="cited-in-title"
      data-testid="cited-in"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id="cited-in-title">{title} is cited in</h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {list.length ? (
        <ul className={styles.citing}>
          {list.map((c) => (
            <li key={`${c.kind}:${c.href}:${c.title}`}>
              <span className={styles.kind}>{c.kind === 'article' ? 'Article' : 'Family Worship'}</span>
              <Link to={c.href} onClick={onClose}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No article or lesson on this device cites these verses.</p>
      )}
    </dialog>
  );
}

export function VerseTools({ title, range, href, words, translation, study, onClear }: Props) {
  const [citing, setCiting] = useState<Citing[] | null>(null);
  const [card, setCard] = useState<React.ComponentType<VerseCardDialogProps> | null>(null);
  return (
    <div className={styles.tools} data-not-text="" role="group" aria-label={`Tools for ${title}`} data-testid="verse-tools">
      <div className={styles.toolsHead}>
        <strong>{title}</strong>
        <button type="button" className={styles.close} aria-label="Clear the selection" onClick={onClear}>
          ×
        </button>
      </div>
      <div className={styles.row}>{study}</div>
      <div className={styles.row}>
        <button type="button" className={styles.tool} onClick={() => void sharePassage(title, words, href)}>
          Share
        </button>
        <button
          type="button"
          className={styles.tool}
          onClick={() =>
            void import('./VerseCardDialog.tsx').then(
              (module) => setCard(() => module.VerseCardDialog),
              (error: unknown) => notifyError(error),
            )
          }
        >
          Share as image
        </button>
        <button type="button" className={styles.tool} onClick={() => void citedIn(range).then(setCiting, (error: unknown) => notifyError(error))}>
          Cited in
        </button>
      </div>
      {citing ? <CitedInDialog title={title} list={citing} onClose={() => setCiting(null)} /> : null}
      {card ? (() => {
        const Card = card;
        return <Card title={title} words={words} translation={translation} onClose={() => setCard(null)} />;
      })() : null}
    </div>
  );
}
